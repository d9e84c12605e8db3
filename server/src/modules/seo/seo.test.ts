import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import { REMOTE_NAMES, type ErrorBody } from '@velvet/contracts';
import { parseSitemap, parseSitemapIndex, type SitemapItem } from 'sitemap';
import { createTestApp, type TestApp } from '../../testing/app';
import { fixtureRepo, repositoryDescriptor } from '../../testing/fixtures';
import { switchFeatures } from '../federation/registry';
import { createPerformer, manualClock } from '../performers/fixtures';
import { SITEMAP_CACHE_MS } from '.';
import { writeSitemaps } from './sitemap';

// Search engines find each tenant's public pages through its robots.txt and sitemap, on its own host, in its
// languages, with the private pages kept out; the sitemap follows the catalogue within its cache time.

const VELVET = 'localhost';
const AMORA = 'amora.localhost';

let t: TestApp;
let repoRoot: string;
let clock: ReturnType<typeof manualClock>;

before(async () => {
  repoRoot = await fixtureRepo(
    REMOTE_NAMES.map((name) => ({ descriptor: repositoryDescriptor(name), version: '1.0.0' })),
  );
  t = await createTestApp({ seedScale: 0.05, config: { repoRoot } });
  clock = manualClock(t, Date.now());
});
after(async () => {
  await t.close();
  await rm(repoRoot, { recursive: true, force: true });
});

const get = (host: string, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url, headers: { host, ...headers } });

async function indexOf(host: string) {
  const response = await get(host, '/sitemap.xml');
  assert.equal(response.statusCode, 200, response.body);
  assert.match(String(response.headers['content-type']), /^application\/xml/);
  return parseSitemapIndex(Readable.from([response.body]));
}

async function partOf(host: string, file: string): Promise<SitemapItem[]> {
  const response = await get(host, `/sitemaps/${file}`);
  assert.equal(response.statusCode, 200, response.body);
  assert.match(String(response.headers['cache-control']), /^public, max-age=\d+$/);
  return parseSitemap(Readable.from([response.body]));
}

/** The hreflang alternates of one URL: language to URL. */
const alternates = (item: SitemapItem) => Object.fromEntries(item.links.map((link) => [link.lang, link.url]));

describe('robots.txt', () => {
  test('each tenant allows its pages, keeps out the interfaces and private pages and names its own sitemap', async () => {
    for (const host of [VELVET, AMORA]) {
      const response = await get(host, '/robots.txt');
      assert.equal(response.statusCode, 200, response.body);
      assert.match(String(response.headers['content-type']), /^text\/plain/);
      const lines = response.body.split('\n');
      assert.ok(lines.includes(`Sitemap: http://${host}/sitemap.xml`), response.body);
      assert.ok(lines.includes('User-agent: *') && lines.includes('Allow: /'));
      for (const path of ['/rest', '/graphql', '/feed/graphql', '/ws', '/docs'])
        assert.ok(lines.includes(`Disallow: ${path}`), `${host} disallows ${path}`);
      // The operator console, the account area (with everything below it) and the messenger in every language.
      for (const path of [
        '/de/betreiber',
        '/en/operator',
        '/nl/operator',
        '/es/operador',
        '/de/myvisitx',
        '/es/mensajero',
      ])
        assert.ok(lines.includes(`Disallow: ${path}`), `${host} disallows ${path}`);
      assert.ok(lines.includes('Disallow: /de/suche/videos/'), 'search results are kept out');
      // Bundles and media stay open: a crawler needs them to render the pages.
      assert.ok(!lines.some((line) => /^Disallow: \/(shell|remotes|media|en\/videos)/.test(line)), response.body);
    }
  });

  test('names the sitemap with the scheme and host a trusted proxy forwarded, and only then', async () => {
    const forwarded = { 'x-forwarded-proto': 'https', 'x-forwarded-host': AMORA };
    const untrusted = await get(VELVET, '/robots.txt', forwarded);
    assert.ok(untrusted.body.includes(`Sitemap: http://${VELVET}/sitemap.xml`), untrusted.body);
    const proxied = await createTestApp({ config: { repoRoot, trustProxy: ['loopback'] } });
    try {
      const response = await proxied.app.inject({ url: '/robots.txt', headers: { host: VELVET, ...forwarded } });
      assert.ok(response.body.includes(`Sitemap: https://${AMORA}/sitemap.xml`), response.body);
    } finally {
      await proxied.close();
    }
  });
});

describe('web app manifest', () => {
  test('each tenant is installable under its own brand, colours and icons, starting in its default language', async () => {
    for (const [host, brand, start, background] of [
      [VELVET, 'Velvet', '/en/', '#141016'],
      [AMORA, 'Amora', '/en/', '#0f1419'],
    ] as const) {
      const response = await get(host, '/manifest.webmanifest');
      assert.equal(response.statusCode, 200, response.body);
      assert.match(String(response.headers['content-type']), /^application\/manifest\+json/);
      const manifest = response.json<{
        name: string;
        start_url: string;
        display: string;
        background_color: string;
        icons: { src: string; sizes: string; type: string }[];
      }>();
      assert.equal(manifest.name, brand);
      assert.equal(manifest.start_url, start);
      assert.equal(manifest.display, 'standalone');
      assert.equal(manifest.background_color, background);
      assert.deepEqual(
        manifest.icons.map((icon) => icon.sizes),
        ['192x192', '512x512'],
      );
      for (const icon of manifest.icons) {
        const image = await get(host, icon.src);
        assert.equal(image.statusCode, 200, icon.src);
        assert.equal(image.headers['content-type'], icon.type);
      }
    }
  });
});

describe('sitemap', () => {
  test('the index names the parts of what each tenant serves, on its host', async () => {
    const velvet = (await indexOf(VELVET)).map((entry) => entry.url);
    const parts = ['pages', 'performers', 'videos', 'albums', 'categories', 'tv', 'tv-episodes', 'tv-articles', 'blog'];
    assert.deepEqual(
      velvet,
      parts.map((part) => `http://${VELVET}/sitemaps/${part}.xml`),
    );
    // The white-label tenant runs no mf-specials: no blog.
    const amora = (await indexOf(AMORA)).map((entry) => entry.url);
    assert.deepEqual(
      amora,
      parts.filter((part) => part !== 'blog').map((part) => `http://${AMORA}/sitemaps/${part}.xml`),
    );
    const blog = await get(AMORA, '/sitemaps/blog.xml');
    assert.equal(blog.statusCode, 404);
    assert.equal(blog.json<ErrorBody>().code, 'NOT_FOUND');
  });

  test('every URL of every part is on the tenant host, in each of its languages, naming its translations', async () => {
    for (const [host, languages] of [
      [VELVET, ['de', 'en', 'nl', 'es']],
      [AMORA, ['es', 'en']],
    ] as const) {
      for (const entry of await indexOf(host)) {
        const items = await partOf(host, entry.url.split('/').pop()!);
        assert.ok(items.length > 0, `${entry.url} lists pages`);
        assert.equal(items.length % languages.length, 0);
        for (const item of items) {
          assert.ok(item.url.startsWith(`http://${host}/`), item.url);
          const links = alternates(item);
          assert.deepEqual(Object.keys(links).sort(), [...languages, 'x-default'].sort());
          assert.ok(Object.values(links).includes(item.url), `${item.url} is among its alternates`);
          assert.equal(links['x-default'], links.en);
          for (const language of languages) assert.ok(links[language]!.startsWith(`http://${host}/${language}/`));
        }
      }
    }
  });

  test('slugs in each language, lastmod where the data has a date, private pages left out', async () => {
    const albums = await partOf(VELVET, 'albums.xml');
    const album = alternates(albums[0]!);
    const [, name, id] = /\/de\/amateur\/([^/]+)\/fotos\/(\d+)\/$/.exec(album.de!) ?? [];
    assert.ok(name && id, album.de);
    assert.equal(album.en, `http://${VELVET}/en/amateur/${name}/pictures/${id}/`);
    assert.equal(album.nl, `http://${VELVET}/nl/amateur/${name}/pictures/${id}/`);
    assert.equal(album.es, `http://${VELVET}/es/amateur/${name}/fotos/${id}/`);
    assert.ok(albums.every((item) => item.lastmod && !Number.isNaN(Date.parse(item.lastmod))));

    const blog = alternates((await partOf(VELVET, 'blog.xml'))[0]!);
    const slug = /\/de\/magazin\/([^/]+)\/$/.exec(blog.de!)?.[1];
    assert.ok(slug, blog.de);
    assert.equal(blog.en, `http://${VELVET}/en/blog/${slug}/`);
    assert.equal(blog.es, `http://${VELVET}/es/revista/${slug}/`);

    const pages = (await partOf(VELVET, 'pages.xml')).map((item) => item.url);
    for (const url of ['/de/', '/de/agb/', '/es/terminos-de-servicio/', '/en/videos/new-videos/', '/es/revista/'])
      assert.ok(pages.includes(`http://${VELVET}${url}`), url);
    for (const url of pages) assert.doesNotMatch(url, /\/(operator|betreiber|myvisitx|messenger|mensajero)\//);
    const amoraPages = (await partOf(AMORA, 'pages.xml')).map((item) => item.url);
    assert.ok(amoraPages.includes(`http://${AMORA}/es/terminos-de-servicio/`));
    assert.ok(!amoraPages.some((url) => url.includes('/revista/') || url.includes('/blog/')), 'no specials pages');
  });

  test('a performer added to the catalogue is listed once the cache time has passed', async () => {
    const before = await partOf(VELVET, 'performers.xml');
    const performer = await createPerformer(t.ctx.db);
    const url = `http://${VELVET}/de/amateur/${performer.name}/`;
    assert.ok(!before.some((item) => item.url === url));
    clock.advance(SITEMAP_CACHE_MS / 1000 - 1);
    const cached = await get(VELVET, '/sitemaps/performers.xml');
    assert.equal(cached.headers['cache-control'], 'public, max-age=1');
    assert.ok(!cached.body.includes(url), 'served as made until the cache time is over');
    clock.advance(1);
    const after = await partOf(VELVET, 'performers.xml');
    assert.ok(after.some((item) => item.url === url));
    assert.equal(after.length, before.length + 4);
  });

  test("a feature switched off takes its remote's pages out at once, within the cache time", async () => {
    // The registry's own change, as an operator's switch makes it (the directory reads tenants anew in tests).
    const features = (on: string[], off: string[]) => switchFeatures(t.ctx.db, 'test', 'velvet', on, off);
    const parts = async () => (await indexOf(VELVET)).map((entry) => entry.url.split('/').pop());
    assert.ok((await parts()).includes('blog.xml'));
    await features([], ['specials']);
    try {
      assert.ok(!(await parts()).includes('blog.xml'));
      assert.equal((await get(VELVET, '/sitemaps/blog.xml')).statusCode, 404);
    } finally {
      await features(['specials'], []);
    }
    assert.ok((await parts()).includes('blog.xml'));
  });

  test('an unknown part is a 404', async () => {
    for (const file of ['nope.xml', 'performers-2.xml', '..%2Fsitemap.xml']) {
      const response = await get(VELVET, `/sitemaps/${file}`);
      assert.equal(response.statusCode, 404, file);
      assert.equal(response.json<ErrorBody>().code, 'NOT_FOUND');
    }
  });
});

test('a Host header that names no host is a 400, not a URL in the sitemap', async () => {
  for (const url of ['/robots.txt', '/sitemap.xml']) {
    const response = await get('bad host', url);
    assert.equal(response.statusCode, 400, response.body);
    assert.equal(response.json<ErrorBody>().code, 'VALIDATION_FAILED');
  }
});

describe('writeSitemaps', () => {
  test('splits a part over its URL limit into numbered files, each named in the index with its newest date', async () => {
    const items = [1, 2, 3, 4, 5].map((n) => ({
      url: `https://x.test/en/p/${n}/`,
      lastmod: `2026-0${n}-01T00:00:00.000Z`,
    }));
    const { index, files } = await writeSitemaps(
      'https://x.test',
      [
        { name: 'p', items },
        { name: 'q', items: items.slice(0, 1) },
        { name: 'empty', items: [] },
      ],
      2,
    );
    assert.deepEqual([...files.keys()], ['p-1.xml', 'p-2.xml', 'p-3.xml', 'q.xml']);
    const entries = await parseSitemapIndex(Readable.from([index]));
    assert.deepEqual(
      entries.map((entry) => [entry.url, entry.lastmod?.slice(0, 10)]),
      [
        ['https://x.test/sitemaps/p-1.xml', '2026-02-01'],
        ['https://x.test/sitemaps/p-2.xml', '2026-04-01'],
        ['https://x.test/sitemaps/p-3.xml', '2026-05-01'],
        ['https://x.test/sitemaps/q.xml', '2026-01-01'],
      ],
    );
    const urls = await Promise.all(
      ['p-1.xml', 'p-2.xml', 'p-3.xml'].map(async (file) =>
        (await parseSitemap(Readable.from([files.get(file)!]))).map((item) => item.url),
      ),
    );
    assert.deepEqual(
      urls,
      [items.slice(0, 2), items.slice(2, 4), items.slice(4)].map((chunk) => chunk.map((i) => i.url)),
    );
  });
});
