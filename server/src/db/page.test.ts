import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { PGlite } from '@electric-sql/pglite';
import { asc, count, gt, sql, type SQL } from 'drizzle-orm';
import { integer, pgTable } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { countedPage, pageWindow, type PageWindow } from './page';

const numbers = pgTable('numbers', { n: integer('n').primaryKey() });

describe('countedPage', () => {
  const client = new PGlite();
  const db = drizzle(client);

  before(async () => {
    await db.execute(sql`create table numbers (n integer primary key)`);
    // Inserted out of order, so only the query's order decides a page.
    await db.insert(numbers).values([7, 3, 9, 1, 5, 2, 8, 4, 6, 10].map((n) => ({ n })));
  });
  after(() => client.close());

  const page = (window: PageWindow, where?: SQL) =>
    countedPage(
      db.select().from(numbers).where(where).orderBy(asc(numbers.n)).$dynamic(),
      db.select({ total: count() }).from(numbers).where(where),
      window,
    ).then(({ items, total }) => ({ items: items.map((row) => row.n), total }));

  it('answers the window in the list order and the size of the whole list', async () => {
    assert.deepEqual(await page(pageWindow(1, 4)), { items: [1, 2, 3, 4], total: 10 });
    assert.deepEqual(await page(pageWindow(2, 4)), { items: [5, 6, 7, 8], total: 10 });
  });

  it('answers a short last page', async () => {
    assert.deepEqual(await page(pageWindow(3, 4)), { items: [9, 10], total: 10 });
  });

  it('answers no rows but the full total past the end', async () => {
    assert.deepEqual(await page(pageWindow(4, 4)), { items: [], total: 10 });
    assert.deepEqual(await page({ limit: 5, offset: 1000 }), { items: [], total: 10 });
  });

  it('answers an empty list as no rows and total 0', async () => {
    assert.deepEqual(await page(pageWindow(1, 4), gt(numbers.n, 100)), { items: [], total: 0 });
  });

  it('counts only what the filter keeps', async () => {
    assert.deepEqual(await page({ limit: 2, offset: 1 }, gt(numbers.n, 6)), { items: [8, 9], total: 4 });
  });

  it('reads no rows for an empty window but still counts', async () => {
    assert.deepEqual(await page({ limit: 0, offset: 0 }), { items: [], total: 10 });
  });

  it('counts a short list only when its first page is full', async () => {
    let counts = 0;
    const shortPage = (window: PageWindow, where?: SQL) => {
      const counting = db.select({ total: count() }).from(numbers).where(where);
      return countedPage(
        db.select().from(numbers).where(where).orderBy(asc(numbers.n)).$dynamic(),
        { then: (resolve, reject) => (counts++, counting.then(resolve, reject)) },
        window,
        { short: true },
      ).then(({ items, total }) => ({ items: items.map((row) => row.n), total }));
    };
    assert.deepEqual(await shortPage(pageWindow(1, 4), gt(numbers.n, 7)), { items: [8, 9, 10], total: 3 });
    assert.deepEqual(await shortPage(pageWindow(1, 4), gt(numbers.n, 100)), { items: [], total: 0 });
    assert.equal(counts, 0);
    assert.deepEqual(await shortPage(pageWindow(1, 3), gt(numbers.n, 7)), { items: [8, 9, 10], total: 3 });
    assert.deepEqual(await shortPage(pageWindow(2, 4)), { items: [5, 6, 7, 8], total: 10 });
    assert.equal(counts, 2);
  });

  it('refuses a window that is not whole numbers from 0', async () => {
    for (const window of [
      { limit: -1, offset: 0 },
      { limit: 2, offset: -2 },
      { limit: 1.5, offset: 0 },
      { limit: Number.POSITIVE_INFINITY, offset: 0 },
      pageWindow(0, 4),
    ]) {
      await assert.rejects(page(window), RangeError, JSON.stringify(window));
    }
  });
});
