/**
 * Runs `write` over `rows` in slices of `size`: one statement per slice keeps bulk seeds under PostgreSQL's
 * 65,535 parameters per statement and the driver's call stack.
 */
export async function inBatches<T>(rows: readonly T[], size: number, write: (batch: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += size) await write(rows.slice(start, start + size));
}
