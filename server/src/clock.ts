/**
 * The wall clock, read in this one place: the server hands it to every module as `ctx.now()`, and tests replace
 * `ctx.now` to move time. Everywhere else in the server a lint rule refuses `new Date()` and `Date.now()`.
 */
export const systemClock = (): Date => new Date();
