/**
 * Resolves in a later task: work after it runs separately from the work before, so the browser can paint and
 * handle input in between instead of running both as one long task.
 */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
