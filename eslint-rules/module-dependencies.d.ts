import type { ESLint, Rule } from 'eslint';

/** The declared graph of the module folders in `modulesDir`: module name → its dependsOn (null without manifest). */
export function readModuleGraph(modulesDir: string): Map<string, string[] | null>;
/** One cycle of the graph as a path that starts and ends at the same module, or null when it has none. */
export function findCycle(graph: Map<string, readonly string[] | null>): string[] | null;
export const moduleDependencies: Rule.RuleModule;
export const privateSchemas: Rule.RuleModule;
declare const plugin: ESLint.Plugin;
export default plugin;
