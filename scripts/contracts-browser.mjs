// Writes shared/contracts/src/generated/browser.ts, the browser's entry of @velvet/contracts: every export of the
// package except its zod schemas, the structured queries' SDL and the server's helpers that build or read schemas
// (SERVER_ONLY). Plain data (constants, lists, tables, structured-query documents, each record of REST endpoints as
// its metadata: method, path, needsGuest) is written as literals into generated/browser/, one module per contracts
// file that declares it, and only functions are re-exported from the package's modules. Each browser build bundles
// only the exports it uses, but an endpoint record or a computed constant would keep the schemas it is built from: so
// no page carries a schema or zod's full build. A module per contracts file lets a chunk carry the records of the
// domains it calls: in one module, a record any chunk of an app used was kept in the chunk all of them share (the
// operator's and the search's records in the shell's first file). The server checks every request, answer and push
// against the full contracts. Browser code that does parse with a schema imports it from `@velvet/contracts/schemas`.
// The files are committed; `node scripts/contracts-browser.mjs --check` (part of `npm test`) fails when one is not up
// to date with the domain files, or when browser code imports a server-only helper.
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import ts from 'typescript';
import { pathToFileURL } from 'node:url';
import process from 'node:process';
import { ROOT } from './lib.mjs';
import { emitGenerated } from './generated.mjs';

const CONTRACTS = join(ROOT, 'shared', 'contracts', 'src');
const TARGET = join(CONTRACTS, 'generated', 'browser.ts');
/** Where the records are written, a module per contracts file: `domains/chat/tickets.ts` → `domains-chat-tickets.ts`. */
const RECORDS = join(CONTRACTS, 'generated', 'browser');
const recordModule = (file) => file.replace(/\.ts$/, '').split('/').join('-');

/** The contracts as the server loads them (TypeScript through tsx, which only the server depends on). */
async function loadContracts() {
  const api = join(ROOT, 'server', 'node_modules', 'tsx', 'dist', 'esm', 'api', 'index.mjs');
  const { tsImport } = await import(pathToFileURL(api).href);
  const [contracts, { z }] = await Promise.all([
    tsImport(pathToFileURL(join(CONTRACTS, 'index.ts')).href, import.meta.url),
    tsImport('zod', pathToFileURL(join(CONTRACTS, 'index.ts')).href),
  ]);
  return { contracts, z };
}

/**
 * Helpers for the server alone that reach schemas through other functions (`usesSchemas` below catches the ones
 * that name zod or parse themselves): in the browser entry they would bring zod along.
 */
const SERVER_ONLY = new Set([
  'decodeBlogActorsPayload',
  'decodeBlogPostsPayload',
  'defineEndpoint',
  'parseIncoming',
  'refuseUnsafeText',
  'routesOfDescriptor',
  'statusBarEntry',
  'unsafeTextPath',
]);

/** A function that builds or parses with a schema: its code names zod or calls a schema's parse. */
const usesSchemas = (value) =>
  typeof value === 'function' &&
  /\bz\.\w|(?<!JSON|Date)\.(safeParse|parse)\(/.test(Function.prototype.toString.call(value));

/** A structured query's schema (SDL), which only the server reads: its text declares types. */
const isSdl = (value) => typeof value === 'string' && /^\s*(extend\s+)?(type|input|enum|scalar)\s+\w+/m.test(value);

/**
 * The exported constants of the contracts whose value is computed (a call in its initializer, e.g. the keys of the
 * socket's message record, a schema's defaults), each with the contracts file that declares it: importing one would
 * keep what it is computed from, schemas included, so its value is written into the entry instead. Constants written
 * as literals are imported as they are, so the modules' functions that read them share one copy.
 */
function computedConstants() {
  const computed = new Map();
  const files = execFileSync('git', ['ls-files', 'shared/contracts/src'], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.includes('/generated/'));
  const hasCall = (node) => ts.isCallExpression(node) || ts.isNewExpression(node) || ts.forEachChild(node, hasCall);
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true);
    for (const statement of source.statements) {
      if (!ts.isVariableStatement(statement)) continue;
      if (!statement.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)) continue;
      for (const { name, initializer } of statement.declarationList.declarations) {
        if (ts.isIdentifier(name) && initializer && hasCall(initializer)) {
          computed.set(name.text, file.slice('shared/contracts/src/'.length));
        }
      }
    }
  }
  return computed;
}

/** A value that JSON carries unchanged, so it can be written into the entry as a literal. */
const isPlainData = (value) => {
  if (typeof value === 'function' || value === undefined) return false;
  try {
    return isDeepStrictEqual(JSON.parse(JSON.stringify(value)), value);
  } catch {
    return false;
  }
};

const isEndpoint = (value) =>
  typeof value === 'object' && value !== null && typeof value.method === 'string' && typeof value.path === 'string';

/** An endpoint's metadata: what a client needs to call it. Reading nothing else leaves its schemas unbuilt. */
const metadata = ({ method, path, needsGuest }) =>
  needsGuest === undefined ? { method, path } : { method, path, needsGuest };

async function contractsBrowserSource() {
  const { contracts, z } = await loadContracts();
  const computed = computedConstants();
  const reexported = [];
  /** The records' literals by the module they are written to. */
  const records = new Map();
  const offeredRecords = [];
  const record = (name, literal, endpoints = false) => {
    const file = computed.get(name);
    if (!file) throw new Error(`${name}: no contracts file declares it with a computed value`);
    const module = recordModule(file);
    records.set(module, [...(records.get(module) ?? []), { name, literal, endpoints }]);
    offeredRecords.push(name);
  };
  for (const name of Object.keys(contracts).sort()) {
    const value = contracts[name];
    if (value instanceof z.ZodType || isSdl(value) || SERVER_ONLY.has(name) || usesSchemas(value)) continue;
    const members = typeof value === 'object' && value !== null ? Object.values(value) : [];
    // A record of schemas (the socket's messages, the slots' props) is schemas too.
    if (members.length > 0 && members.every((member) => member instanceof z.ZodType)) continue;
    if (members.length > 0 && members.every(isEndpoint)) {
      const entries = Object.entries(value).map(([key, endpoint]) => [key, metadata(endpoint)]);
      record(
        name,
        `${JSON.stringify(Object.fromEntries(entries))} as const satisfies Record<string, Pick<Endpoint, 'method' | 'path' | 'needsGuest'>>`,
        true,
      );
    } else if (computed.has(name) && isPlainData(value)) record(name, `${JSON.stringify(value)} as const`);
    else reexported.push(name);
  }
  const header =
    '// Generated by scripts/contracts-browser.mjs from the contracts; do not edit (run the script instead).';
  const modules = new Map(
    [...records].map(([module, literals]) => {
      const usesEndpoint = literals.some(({ endpoints }) => endpoints);
      const body = literals.map(({ name, literal }) => `export const ${name} = ${literal};`).join('\n\n');
      return [
        module,
        `${header}\n${usesEndpoint ? "import type { Endpoint } from '../../endpoint';\n" : ''}\n${body}\n`,
      ];
    }),
  );
  const entry = `${header}
export { ${reexported.join(', ')} } from '../index';
${[...records]
  .map(([module, literals]) => `export { ${literals.map(({ name }) => name).join(', ')} } from './browser/${module}';`)
  .join('\n')}
`;
  return { entry, modules, offered: new Set([...reexported, ...offeredRecords]) };
}

/**
 * Browser code (the shell, the remotes, the shared browser packages) that imports from the package a name the entry
 * leaves out (a schema, a server-only helper): in a browser build that name would be undefined.
 */
function missingImports(offered) {
  const files = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    .filter((file) => /^(shell|mf-[a-z]+|shared\/(sdk|ui|federation|i18n))\/src\/.*\.tsx?$/.test(file))
    // Tests and their fixtures run in Node on the full contracts, and so does the shell's server renderer.
    .filter((file) => !/\.test\.tsx?$|\/(test|testing)\/|[Ff]ixtures\.tsx?$|^shell\/src\/server\.tsx$/.test(file));
  const found = [];
  for (const file of files) {
    const source = readFileSync(join(ROOT, file), 'utf8');
    for (const [, names] of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@velvet\/contracts'/g)) {
      for (const name of names.split(',').map((part) => part.trim().split(/\s+as\s+/)[0])) {
        if (name && !name.startsWith('type ') && !offered.has(name)) found.push(`${file}: ${name}`);
      }
    }
  }
  return found;
}

const { entry, modules, offered } = await contractsBrowserSource();
const missing = missingImports(offered);
if (missing.length > 0) {
  console.error(`Browser code imports what the browser entry of @velvet/contracts leaves out:\n${missing.join('\n')}`);
  process.exit(1);
}

const generated = { from: 'the contracts', script: 'scripts/contracts-browser.mjs' };
await emitGenerated(TARGET, entry, generated);
for (const [module, source] of modules) await emitGenerated(join(RECORDS, `${module}.ts`), source, generated);
// A module whose contracts file no longer declares a record is out of date too.
for (const file of readdirSync(RECORDS)) {
  if (modules.has(file.replace(/\.ts$/, ''))) continue;
  if (process.argv.includes('--check')) {
    console.error(`${join(RECORDS, file)} is out of date with the contracts: run node scripts/contracts-browser.mjs`);
    process.exit(1);
  }
  rmSync(join(RECORDS, file));
}
