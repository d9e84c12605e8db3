import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { FEED_PAGE_SIZE, type ErrorBody, type FeedConnection } from '@velvet/contracts';
import { createTestApp, type TestApp } from './testing/app';
import { seedFeed } from './modules/feed/seed';
import { feed as feedPage } from './modules/feed/service';
import { albums } from './modules/media/schema';
import { createPerformer } from './modules/performers/fixtures';

/**
 * Pages rendered with the repository's own builds (the shell's and the remotes' node builds, which `npm test` makes
 * first): the real renderer behind the server's page route.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

let t: TestApp;
before(async () => {
  assert.ok(
    existsSync(path.join(repoRoot, 'shell', 'dist', 'server', 'render.cjs')),
    'the shell is built (npm test builds it)',
  );
  t = await createTestApp({ config: { repoRoot, serverRender: true } });
});
after(() => t.close());

const BROWSER = { accept: 'text/html', 'accept-encoding': 'br, gzip' };
/** The page's HTML as a browser reads it (brotli). */
async function page(url: string) {
  const response = await t.app.inject({ url, headers: BROWSER });
  assert.equal(response.headers['content-encoding'], 'br', url);
  return { status: response.statusCode, html: brotliDecompressSync(response.rawPayload).toString() };
}
const pageState = (html: string) =>
  JSON.parse(/<script type="application\/json" id="vv-ssr">([\s\S]*?)<\/script>/.exec(html)![1]!) as {
    outlet: {
      remote: string;
      queries: { queries: { queryKey: unknown[]; state: { status: string; error: unknown; data?: unknown } }[] };
    } | null;
  };

describe('server-rendered pages', () => {
  test('a performer’s profile goes out rendered and brotli-compressed; an unknown API path keeps its JSON 404', async () => {
    await createPerformer(t.ctx.db, { name: 'carla' });
    const { status, html } = await page('/en/amateur/carla/');
    assert.equal(status, 200);
    assert.match(html, /<div id="root" data-ssr>/);
    assert.match(html, /<div data-outlet="mf-chat" data-ssr="server"><div data-remote="mf-chat"/);
    assert.match(html, /<h1[^>]*>Performer \d+<\/h1>/);
    const api = await t.app.inject({ url: '/rest/v1/no/such/route', headers: BROWSER });
    assert.equal(api.statusCode, 404);
    assert.equal(api.json<ErrorBody>().code, 'NOT_FOUND');
  });

  test('a missing performer, video or album answers 404 with the not-found view rendered, and its 404 in the page state', async () => {
    await createPerformer(t.ctx.db, { name: 'dora' });
    for (const [url, remote, text] of [
      ['/en/amateur/nobody/', 'mf-chat', 'Not found'],
      ['/de/amateur/niemand/', 'mf-chat', 'Nicht gefunden'],
      ['/en/amateur/dora/videos/999999', 'mf-media', 'This video does not exist (any more).'],
      ['/en/amateur/dora/pictures/999999', 'mf-media', 'This album does not exist (any more).'],
    ] as const) {
      const { status, html } = await page(url);
      assert.equal(status, 404, url);
      assert.match(html, /<meta name="robots" content="noindex" \/>/, url);
      const outlet = new RegExp(`<div data-outlet="${remote}" data-ssr="server">([\\s\\S]*?)</div></div><`).exec(html);
      assert.ok(outlet, `${url}: the owner's part is rendered`);
      assert.ok(outlet[1]!.includes(text), `${url}: ${outlet[1]}`);
      assert.doesNotMatch(outlet[1]!, /aria-busy="true"/, `${url}: nothing left loading`);
      const state = pageState(html);
      assert.equal(state.outlet?.remote, remote);
      assert.ok(
        state.outlet.queries.queries.some(
          ({ state: query }) =>
            query.status === 'error' && (query.error as { name: string; status: number }).status === 404,
        ),
        `${url}: the 404 travels in the page state`,
      );
    }
  });

  test('a part’s structured queries are answered on the server, as a visitor’s browser gets them: nothing is left loading', async () => {
    await createPerformer(t.ctx.db, { name: 'erika' });
    const { status, html } = await page('/en/amateur/erika/');
    assert.equal(status, 200);
    // The profile's planned live shows come from a structured query, which answers no call without a token.
    const tickets = pageState(html).outlet?.queries.queries.find(({ queryKey }) =>
      String(queryKey[0]).startsWith('tickets/'),
    );
    assert.equal(tickets?.state.status, 'success');
    assert.doesNotMatch(html, /class="vv-spinner"/, 'no part of the page is still loading');
  });
  test('the feed’s first posts and an album’s first comments go out in the HTML and the page state, not loading', async () => {
    await createPerformer(t.ctx.db, { name: 'greta' });
    // More posts than a page holds, written by the feed module itself.
    await seedFeed(t.ctx, { scale: 0.05 });
    const answer = await feedPage(
      { ...t.ctx, language: 'en' },
      null,
      { first: FEED_PAGE_SIZE, mode: 'MIXED' },
      t.ctx.now(),
    );
    assert.equal(answer.nodes.length, FEED_PAGE_SIZE);
    assert.ok(answer.pageInfo.hasNextPage, 'there is a next page');
    const feed = await page('/en/feed/');
    assert.equal(feed.status, 200);
    const posts = pageState(feed.html).outlet?.queries.queries.find(({ queryKey }) =>
      String(queryKey[0]).startsWith('feed|'),
    );
    assert.equal(posts?.state.status, 'success');
    // The page state holds the first page in the paged query's shape, so the browser asks only for the next one.
    const { pages, pageParams } = posts.state.data as { pages: FeedConnection[]; pageParams: unknown[] };
    assert.deepEqual(pageParams, [null]);
    assert.deepEqual(
      pages.map((loaded) => loaded.nodes.map((post) => post.id)),
      [answer.nodes.map((post) => post.id)],
    );
    assert.equal(pages[0]!.pageInfo.endCursor, answer.pageInfo.endCursor);
    for (const post of answer.nodes)
      assert.ok(feed.html.includes(`aria-labelledby="feed-post-${post.id}"`), `post ${post.id} is rendered`);
    assert.equal(feed.html.match(/<article class="mf-feed-post"/g)?.length, FEED_PAGE_SIZE, 'only the first page');
    assert.doesNotMatch(feed.html, /class="vv-spinner"/, 'the feed is not still loading');

    const performer = await createPerformer(t.ctx.db, { name: 'frida' });
    const [row] = await t.ctx.db
      .insert(albums)
      .values({
        actorId: performer.id,
        title: 'Garden',
        description: 'In the garden',
        price: 0,
        basePrice: 0,
        previewUrl: '/media/album.jpg',
        previewWidth: 480,
        previewHeight: 600,
        releasedAt: new Date(Date.UTC(2026, 0, 1)),
      })
      .returning();
    const album = { id: row!.id, name: performer.name };
    const { accessToken } = await t.signup();
    const text = `Rendered on the server ${process.pid}`;
    const posted = await t.app.inject({
      method: 'POST',
      url: '/rest/v1/gallery/postComment',
      headers: { authorization: `Bearer ${accessToken}` },
      payload: { albumId: album.id, commentText: text },
    });
    assert.equal(posted.statusCode, 200);
    const { status, html } = await page(`/en/amateur/${album.name}/pictures/${album.id}/`);
    assert.equal(status, 200);
    assert.ok(html.includes(`<p>${text}</p>`), 'the comment is rendered');
    const comments = pageState(html).outlet?.queries.queries.find(({ queryKey }) =>
      String(queryKey[0]).startsWith('albumComments|'),
    );
    assert.equal(comments?.state.status, 'success');
    assert.doesNotMatch(html, /class="vv-spinner"/, 'the comments are not still loading');
  });
});
