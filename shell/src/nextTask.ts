/** The `scheduler` of browsers that have one (not yet in TypeScript's DOM types). */
const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;

/**
 * Resolves in a later task: work after it runs separately from the work before, so the browser can paint and
 * handle input in between instead of running both as one long task. `scheduler.yield()` where the browser has it:
 * its continuation goes before other queued tasks (not behind every timer and script that arrived meanwhile) and
 * is not clamped as nested timeouts are; `setTimeout(0)` elsewhere.
 */
export const nextTask = (): Promise<void> =>
  scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
