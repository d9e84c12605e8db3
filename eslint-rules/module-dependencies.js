// Server modules depend one way. Each folder under the modules directory declares in its `module.json` the
// modules it imports (`{ "dependsOn": ["auth", "wallet"] }`); an import from one module folder into another is
// allowed only when declared, and the declared graph has no cycles, so a module can be understood, tested and
// replaced without the modules that build on it. A call the other way goes through the module context's hooks.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** The declared graph of the module folders in `modulesDir`: module name → the names it depends on. */
export function readModuleGraph(modulesDir) {
  const graph = new Map();
  for (const name of readdirSync(modulesDir)) {
    const folder = path.join(modulesDir, name);
    if (!statSync(folder).isDirectory()) continue;
    const manifest = path.join(folder, 'module.json');
    const dependsOn = existsSync(manifest) ? JSON.parse(readFileSync(manifest, 'utf8')).dependsOn : undefined;
    graph.set(name, Array.isArray(dependsOn) ? dependsOn : null);
  }
  return graph;
}

/** One cycle of the graph as a path that starts and ends at the same module, or null when it has none. */
export function findCycle(graph) {
  const state = new Map();
  const stack = [];
  const visit = (name) => {
    state.set(name, 'open');
    stack.push(name);
    for (const next of graph.get(name) ?? []) {
      if (state.get(next) === 'open') return [...stack.slice(stack.indexOf(next)), next];
      if (!state.has(next) && graph.has(next)) {
        const cycle = visit(next);
        if (cycle) return cycle;
      }
    }
    stack.pop();
    state.set(name, 'done');
    return null;
  };
  for (const name of graph.keys()) {
    if (state.has(name)) continue;
    const cycle = visit(name);
    if (cycle) return cycle;
  }
  return null;
}

/** The module folder a file lies in (its first path segment under `modulesDir`), or null outside any. */
function moduleOf(modulesDir, file) {
  const relative = path.relative(modulesDir, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const segments = relative.split(path.sep);
  return segments.length > 1 ? segments[0] : null;
}

/** @type {import('eslint').Rule.RuleModule} */
export const moduleDependencies = {
  meta: {
    type: 'problem',
    docs: { description: 'Server modules import only the modules they declare, and the declared graph is acyclic' },
    schema: [
      {
        type: 'object',
        properties: { modulesDir: { type: 'string' } },
        required: ['modulesDir'],
        additionalProperties: false,
      },
    ],
    messages: {
      noManifest: 'Module "{{module}}" has no module.json with a "dependsOn" list.',
      unknown: 'Module "{{module}}" declares "{{dependency}}", which is no module folder.',
      undeclared: 'Module "{{module}}" imports module "{{target}}" without declaring it in its module.json dependsOn.',
      cycle: 'The declared module dependencies form a cycle: {{cycle}}.',
    },
  },
  create(context) {
    const modulesDir = path.resolve(context.cwd, context.options[0].modulesDir);
    const file = context.physicalFilename;
    const module = moduleOf(modulesDir, file);
    if (!module) return {};
    const graph = readModuleGraph(modulesDir);
    const declared = graph.get(module);

    const checkImport = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = moduleOf(modulesDir, path.resolve(path.dirname(file), source));
      if (!target || target === module || !declared) return;
      if (!declared.includes(target)) context.report({ node, messageId: 'undeclared', data: { module, target } });
    };

    // The module as a whole (its manifest, its place in the graph) is judged once, at its index file.
    const isIndex = path.dirname(file) === path.join(modulesDir, module) && path.basename(file).startsWith('index.');
    return {
      Program(node) {
        if (!isIndex) return;
        if (!declared) return context.report({ node, messageId: 'noManifest', data: { module } });
        for (const dependency of declared) {
          if (!graph.has(dependency)) context.report({ node, messageId: 'unknown', data: { module, dependency } });
        }
        const cycle = findCycle(graph);
        if (cycle?.includes(module)) context.report({ node, messageId: 'cycle', data: { cycle: cycle.join(' -> ') } });
      },
      ImportDeclaration: checkImport,
      ExportNamedDeclaration: checkImport,
      ExportAllDeclaration: checkImport,
      ImportExpression: checkImport,
    };
  },
};

const isTest = (file) => /\.test\.[cm]?[jt]sx?$/.test(file);

/**
 * A module's tables are its own: another module reads and changes them through the owner's functions (and joins
 * the read models the owner exports), so the owner may change its tables without breaking anyone. An import of
 * another module's `schema` file is refused outside that module; tests, which set up data, may import it.
 * `allow` lists the remaining exceptions in one place: a file (relative to `modulesDir`) → the modules whose
 * schema it may import.
 */
/** @type {import('eslint').Rule.RuleModule} */
export const privateSchemas = {
  meta: {
    type: 'problem',
    docs: { description: "Only a module itself (and tests) import the module's schema (its tables)" },
    schema: [
      {
        type: 'object',
        properties: {
          modulesDir: { type: 'string' },
          allow: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
        },
        required: ['modulesDir'],
        additionalProperties: false,
      },
    ],
    messages: {
      privateSchema:
        'The tables of module "{{target}}" are its own: use its functions or read models instead of importing its schema.',
    },
  },
  create(context) {
    const modulesDir = path.resolve(context.cwd, context.options[0].modulesDir);
    const file = context.physicalFilename;
    if (isTest(file)) return {};
    const module = moduleOf(modulesDir, file);
    const allowed = context.options[0].allow?.[path.relative(modulesDir, file).split(path.sep).join('/')] ?? [];

    const checkImport = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const imported = path.resolve(path.dirname(file), source);
      if (path.basename(imported).replace(/\.[cm]?[jt]s$/, '') !== 'schema') return;
      const target = moduleOf(modulesDir, imported);
      if (!target || target === module || allowed.includes(target)) return;
      context.report({ node, messageId: 'privateSchema', data: { target } });
    };
    return {
      ImportDeclaration: checkImport,
      ExportNamedDeclaration: checkImport,
      ExportAllDeclaration: checkImport,
      ImportExpression: checkImport,
    };
  },
};

export default { rules: { 'module-dependencies': moduleDependencies, 'private-schemas': privateSchemas } };
