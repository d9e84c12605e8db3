import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import { DECLARED_ROUTES, REMOTE_NAMES } from '@velvet/contracts';
import { createTestApp, type TestApp } from '../../testing/app';
import { fixtureRepo, repositoryDescriptor } from '../../testing/fixtures';
import { ageGate } from '../auth/age';
import { eq } from 'drizzle-orm';
import { albumById, releasedAlbumRefs, releasedVideoRefs, videoById } from '../media/service';
import { createPerformer, manualClock } from '../performers/fixtures';
import { actors } from '../performers/schema';
import { listCategories, performerNames } from '../performers/service';
import { blogArticle, publishedBlogPosts } from '../specials/service';
import { routePath } from '../../http/route-path';
import { SERIES } from '../tv/catalogue';
import { article as tvArticle, format, seriesKeys } from '../tv/service';
import { HEAD_CACHE_MS } from '.';
import { isoDuration } from './head';
import de from './locales/de.json';
import en from './locales/en.json';
import es from './locales/es.json';
import nl from './locales/nl.json';
import { publicRoutes } from './pages';

// A crawler that runs no scripts reads each page's head from the server: title and description from the page's
// data in its language and the tenant's brand, canonical and alternate URLs on the tenant's host, Open Graph and
// JSON-LD; a page whose performer, video, ... does not exist is a real 404.

const VELVET = { host: 'localhost', brand: 'Velvet', languages: ['de', 'en', 'nl', 'es'] };
const AMORA = { host: 'amora.localhost', brand: 'Amora', languages: ['es', 'en'] };

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

const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

interface Head {
  status: number;
  html: string;
  lang: string | undefined;
  title: string | undefined;
  meta: (key: string) => string | undefined;
  canonical: string | undefined;
  alternates: Record<string, string>;
  jsonLd: Array<Record<string, unknown>>;
  /** Every <script> element of the head, as written. */
  scriptTags: string[];
  csp: string;
}

async function headOf(host: string, url: string): Promise<Head> {
  const response = await t.app.inject({ url, headers: { host } });
  const html = response.body;
  const head = html.slice(0, html.indexOf('</head>'));
  const scripts = [...head.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
  return {
    status: response.statusCode,
    html,
    lang: /<html lang="([^"]*)"/.exec(html)?.[1],
    title: decode(/<title>([\s\S]*?)<\/title>/.exec(head)?.[1] ?? ''),
    meta: (key) => {
      const found = new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(head)?.[1];
      return found === undefined ? undefined : decode(found);
    },
    canonical: /<link rel="canonical" href="([^"]*)"/.exec(head)?.[1],
    alternates: Object.fromEntries(
      [...head.matchAll(/<link rel="alternate" hreflang="([^"]*)" href="([^"]*)"/g)].map((m) => [m[1], decode(m[2]!)]),
    ),
    jsonLd: scripts.map((m) => JSON.parse(m[1]!) as Record<string, unknown>),
    scriptTags: [...head.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]),
    csp: String(response.headers['content-security-policy'] ?? ''),
  };
}

const ofType = (head: Head, type: string) => head.jsonLd.find((data) => data['@type'] === type);
const crumbNames = (head: Head) =>
  ((ofType(head, 'BreadcrumbList')?.itemListElement ?? []) as Array<{ name: string; item: string }>).map(
    (item) => item.name,
  );

/** The head every served page has, on the tenant's host and in its languages. */
function assertCommonHead(head: Head, tenant: typeof VELVET, language: string, path: string) {
  assert.equal(head.status, 200, head.html);
  assert.equal(head.lang, language);
  assert.ok(head.title?.endsWith(` | ${tenant.brand}`) || head.title === tenant.brand, head.title);
  assert.ok(head.meta('description')?.length, 'a description');
  const canonical = `http://${tenant.host}/${language}/${path}`;
  assert.equal(head.canonical, canonical);
  assert.equal(head.meta('og:url'), canonical);
  assert.equal(head.meta('og:title'), head.title);
  assert.equal(head.meta('og:description'), head.meta('description'));
  assert.equal(head.meta('og:locale'), { de: 'de_DE', es: 'es_ES' }[language]);
  assert.deepEqual(Object.keys(head.alternates).sort(), [...tenant.languages, 'x-default'].sort());
  for (const [lang, url] of Object.entries(head.alternates))
    assert.ok(url.startsWith(`http://${tenant.host}/${lang === 'x-default' ? 'en' : lang}/`), url);
  // The head's only scripts are its data blocks, which are not run: the policy allows no inline script at all.
  assert.equal(head.scriptTags.length, head.jsonLd.length, head.scriptTags.join());
  assert.ok(head.csp.includes("script-src 'self';"), head.csp);
}

const slugs = {
  de: { profile: 'amateur', videos: 'videos', categories: 'kategorien', tv: 'tv/mediathek', blog: 'magazin' },
  es: { profile: 'amateur', videos: 'videos', categories: 'categorias', tv: 'tv/mediateca', blog: 'revista' },
};

describe('page heads', () => {
  test('the start page in de and es for both tenants: their brand, host and languages', async () => {
    for (const tenant of [VELVET, AMORA])
      for (const language of ['de', 'es'] as const) {
        const head = await headOf(tenant.host, `/${language}/`);
        assertCommonHead(head, tenant, language, '');
        assert.ok(head.title!.includes(tenant.brand));
        assert.equal(head.meta('og:type'), 'website');
        assert.equal(ofType(head, 'BreadcrumbList'), undefined, 'the start page has no trail');
      }
    // `/` is the page of the tenant's x-default language.
    const root = await headOf(AMORA.host, '/');
    assert.equal(root.lang, 'en');
    assert.equal(root.canonical, `http://${AMORA.host}/en/`);
  });

  test("a performer's profile: her name, age, country and three words; avatar; trail", async () => {
    const displayName = 'Lena Sky';
    const { name } = await createPerformer(t.ctx.db, { displayName, age: 31, country: 'ES', threeWords: 'calm' });
    for (const tenant of [VELVET, AMORA])
      for (const language of ['de', 'es'] as const) {
        const head = await headOf(tenant.host, `/${language}/amateur/${name}/`);
        assertCommonHead(head, tenant, language, `amateur/${name}/`);
        assert.ok(head.title!.startsWith(displayName), head.title);
        const country = new Intl.DisplayNames([language], { type: 'region' }).of('ES')!;
        assert.ok(
          head.meta('description')!.startsWith(`${displayName}, 31, ${country}: calm.`),
          head.meta('description'),
        );
        assert.equal(head.meta('og:type'), 'profile');
        assert.match(head.meta('og:image') ?? '', new RegExp(`^https?://`));
        assert.deepEqual(crumbNames(head), [tenant.brand, displayName]);
      }
  });

  test('a video page: title and performer, a VideoObject with an ISO 8601 duration', async () => {
    const [ref] = await releasedVideoRefs(t.ctx.db, t.ctx.now());
    assert.ok(ref);
    const video = await videoById(t.ctx, null, ref.id);
    for (const tenant of [VELVET, AMORA])
      for (const language of ['de', 'es'] as const) {
        const path = `amateur/${ref.actorName}/${slugs[language].videos}/${ref.id}/`;
        const head = await headOf(tenant.host, `/${language}/${path}`);
        assertCommonHead(head, tenant, language, path);
        assert.ok(head.title!.includes(video.title) && head.title!.includes(video.model.displayName), head.title);
        assert.equal(head.meta('og:type'), 'video.other');
        assert.ok(head.meta('og:image')?.startsWith('http'));
        const data = ofType(head, 'VideoObject');
        assert.ok(data, head.html);
        assert.equal(data.name, video.title);
        assert.equal(data.uploadDate, video.releasedAt);
        assert.equal(data.duration, isoDuration(video.duration));
        assert.match(String(data.thumbnailUrl), /^http:\/\//);
        assert.equal(crumbNames(head).at(-1), video.title);
        assert.equal(crumbNames(head)[1], video.model.displayName);
      }
  });

  test('an album page: its title and performer, its first preview as picture', async () => {
    const [ref] = await releasedAlbumRefs(t.ctx.db, t.ctx.now());
    assert.ok(ref);
    const album = await albumById(t.ctx, null, ref.id);
    for (const language of ['de', 'es'] as const) {
      const path = `amateur/${ref.actorName}/fotos/${ref.id}/`;
      const head = await headOf(AMORA.host, `/${language}/${path}`);
      assertCommonHead(head, AMORA, language, path);
      assert.ok(head.title!.includes(album.title) && head.title!.includes(album.actor.displayName), head.title);
      assert.equal(crumbNames(head).at(-1), album.title);
    }
  });

  test('a category, a TV series and a blog article are named by their data', async () => {
    const [series] = await seriesKeys(t.ctx.db, t.ctx.now());
    const [post] = await publishedBlogPosts(t.ctx.db, t.ctx.now());
    assert.ok(series && post);
    for (const language of ['de', 'es'] as const) {
      const [category] = await listCategories(t.ctx.db, language, t.ctx.now());
      assert.ok(category);
      const categoryPath = `${slugs[language].categories}/${category.slug}/`;
      const categoryHead = await headOf(VELVET.host, `/${language}/${categoryPath}`);
      assertCommonHead(categoryHead, VELVET, language, categoryPath);
      assert.ok(categoryHead.title!.startsWith(category.name), categoryHead.title);
      assert.equal(crumbNames(categoryHead).at(-1), category.name);

      for (const tenant of [VELVET, AMORA]) {
        const tvPath = `${slugs[language].tv}/${series.key}/`;
        const tvHead = await headOf(tenant.host, `/${language}/${tvPath}`);
        assertCommonHead(tvHead, tenant, language, tvPath);
        assert.equal(crumbNames(tvHead)[0], tenant.brand);
        assert.ok(tvHead.title!.includes(crumbNames(tvHead).at(-1)!), tvHead.title);
      }

      const blogPath = `${slugs[language].blog}/${post.slug}/`;
      const blogHead = await headOf(VELVET.host, `/${language}/${blogPath}`);
      assertCommonHead(blogHead, VELVET, language, blogPath);
      assert.equal(blogHead.meta('og:type'), 'article');
      const article = await blogArticle(t.ctx.db, await ageGate(t.ctx, null), post.slug, t.ctx.now(), language);
      assert.equal(blogHead.title, `${article.post.title} | ${VELVET.brand}`);
    }
  });

  test('an unknown performer, video or series is a real 404 with the not-found head', async () => {
    const [ref] = await releasedVideoRefs(t.ctx.db, t.ctx.now());
    const episodeId = (await format(t.ctx.db, 'velvet-nights')).latest[0]!.id;
    const [other] = (await performerNames(t.ctx.db)).filter((name) => name !== ref!.actorName);
    for (const tenant of [VELVET, AMORA])
      for (const url of [
        '/de/amateur/nobody-of-that-name/',
        '/es/amateur/nobody-of-that-name/videos/',
        `/de/amateur/${ref!.actorName}/videos/999999999/`,
        `/de/amateur/${ref!.actorName}/videos/not-a-number/`,
        // A video under another performer's name.
        `/de/amateur/${other}/videos/${ref!.id}/`,
        '/de/tv/mediathek/no-such-series/',
        '/de/tv/mediathek/velvet-nights/video/999999999/',
        `/de/tv/mediathek/no-such-series/video/${episodeId}/`,
        '/es/tv/articulo/no-such-article/',
        // The white-label tenant has no blog: its page is another tenant's.
        ...(tenant === VELVET ? ['/de/magazin/no-such-post/'] : []),
      ]) {
        const head = await headOf(tenant.host, url);
        assert.equal(head.status, 404, url);
        assert.equal(head.meta('robots'), 'noindex', url);
        assert.equal(head.canonical, undefined);
        assert.match(head.html, /<div id="root"><\/div>/, 'the shell renders its not-found page');
        assert.ok(head.title!.endsWith(` | ${tenant.brand}`), head.title);
      }
  });

  test("a TV series' head describes it in the page's language", async () => {
    for (const language of ['de', 'nl', 'es'] as const) {
      const head = await headOf(VELVET.host, routePath('tvSeries', language, { series: 'velvet-nights' }));
      assert.equal(head.status, 200);
      assert.equal(head.meta('description'), SERIES[0]!.description[language]);
    }
  });

  test("a TV episode's and a TV article's head come from their data, in the page's language", async () => {
    const episode = (await format(t.ctx.db, 'velvet-nights')).latest[0]!;
    for (const language of ['de', 'nl', 'es'] as const) {
      assert.notEqual(episode.title[language], episode.title.en, language);
      const args = { key: 'velvet-nights', episodeId: String(episode.id) };
      const videoHead = await headOf(VELVET.host, routePath('tvVideo', language, args));
      assert.equal(videoHead.status, 200);
      assert.equal(videoHead.title, `${episode.title[language]} | ${VELVET.brand}`);
      assert.equal(crumbNames(videoHead).at(-1), episode.title[language]);
    }
    const { post } = await tvArticle(t.ctx.db, 'welcome-to-velvet-tv', t.ctx.now());
    for (const [language, slug] of [
      ['es', 'articulo'],
      ['nl', 'article'],
    ] as const) {
      const head = await headOf(VELVET.host, `/${language}/tv/${slug}/welcome-to-velvet-tv/`);
      assert.equal(head.status, 200);
      assert.equal(head.title, `${post.title[language]} | ${VELVET.brand}`);
      assert.equal(head.meta('og:type'), 'article');
      assert.equal(head.meta('description'), post.teaser[language]);
    }
  });

  test('names are escaped in HTML, and none can end the JSON-LD script', async () => {
    const displayName = `Ann</script><script>alert("x")</script> & 'co'`;
    const performer = await createPerformer(t.ctx.db, { displayName, threeWords: '<b>bold</b>' });
    const head = await headOf(VELVET.host, `/de/amateur/${performer.name}/`);
    assert.equal(head.status, 200);
    assert.ok(!head.html.includes('<script>alert'), 'no script element from the data');
    assert.ok(!head.html.includes('<b>bold'), 'no element from the data');
    assert.ok(head.title!.startsWith(displayName), head.title);
    assert.ok(head.meta('description')!.includes('<b>bold</b>'));
    assert.equal(head.jsonLd.length, 1, 'every script element holds whole JSON');
    assert.deepEqual(crumbNames(head), [VELVET.brand, displayName]);
  });

  test("a page's head is kept for HEAD_CACHE_MS, then made again from the data", async () => {
    const performer = await createPerformer(t.ctx.db, { displayName: 'Before' });
    const url = `/de/amateur/${performer.name}/`;
    assert.ok((await headOf(VELVET.host, url)).title!.startsWith('Before'));
    await t.ctx.db.update(actors).set({ displayName: 'After' }).where(eq(actors.id, performer.id));
    assert.ok((await headOf(VELVET.host, url)).title!.startsWith('Before'), 'kept');
    clock.advance(HEAD_CACHE_MS / 1000);
    assert.ok((await headOf(VELVET.host, url)).title!.startsWith('After'), 'made again');
  });
});

test('every public page has a name in every language, from its data or its route', () => {
  const byData = new Set([
    'actorProfile',
    'videoDetails',
    'albumDetails',
    'category',
    'tvSeries',
    'blogArticle',
    'tvVideo',
    'tvArticle',
  ]);
  for (const [language, resource] of Object.entries({ de, en, es, nl }))
    for (const route of publicRoutes(DECLARED_ROUTES))
      if (!byData.has(route.name))
        assert.ok((resource.routes as Record<string, string>)[route.name], `${route.name} in ${language}`);
});

test('isoDuration writes hours, minutes and seconds', () => {
  assert.equal(isoDuration(0), 'PT0S');
  assert.equal(isoDuration(59), 'PT59S');
  assert.equal(isoDuration(60), 'PT1M');
  assert.equal(isoDuration(3725), 'PT1H2M5S');
});
