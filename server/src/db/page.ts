import type { PgSelect } from 'drizzle-orm/pg-core';

/** Which rows of a list one page holds. */
export interface PageWindow {
  limit: number;
  offset: number;
}

/** The window of page `page` (counted from 1) with `pageSize` rows per page. */
export const pageWindow = (page: number, pageSize: number): PageWindow => ({
  limit: pageSize,
  offset: (page - 1) * pageSize,
});

const isCount = (value: number) => Number.isSafeInteger(value) && value >= 0;

/**
 * One page of a list and the size of the whole list, read together: `rows` is the list's select in its order
 * (a dynamic select without limit and offset), `count` the same list's `count(*)` (same from and where, no
 * order, so the count never sorts). A window past the end answers no rows and the full total; an empty window
 * (limit 0) reads no rows at all. Inputs are checked by the routes, so a negative or fractional window is a bug.
 * `short`: a list usually shorter than a page (a guest's own): its first page is read first and counted only when
 * full (the count is a lazy query, run only when awaited), one statement instead of two.
 */
export async function countedPage<Q extends PgSelect>(
  rows: Q,
  count: PromiseLike<ReadonlyArray<{ total: number }>>,
  window: PageWindow,
  { short = false }: { short?: boolean } = {},
): Promise<{ items: Q['_']['result']; total: number }> {
  if (!isCount(window.limit) || !isCount(window.offset)) {
    throw new RangeError(
      `A page window needs whole numbers from 0, got limit ${window.limit}, offset ${window.offset}`,
    );
  }
  if (short && window.offset === 0 && window.limit > 0) {
    const items = await rows.limit(window.limit);
    if (items.length < window.limit) return { items, total: items.length };
    const [counted] = await count;
    return { items, total: counted?.total ?? 0 };
  }
  const [items, [counted]] = await Promise.all([
    window.limit === 0 ? [] : rows.limit(window.limit).offset(window.offset),
    count,
  ]);
  return { items, total: counted?.total ?? 0 };
}
