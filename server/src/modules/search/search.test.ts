import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  ASMR_TAG,
  SEARCH_PAGE_SIZES,
  SEARCH_TYPES,
  popularTagsQuery,
  searchOperation,
  searchResult,
  storeSearchPatternMutation,
  suggestTagsQuery,
  type GraphqlOperation,
  type SearchResult,
} from '@velvet/contracts';
import { eq } from 'drizzle-orm';
import type { TestApp } from '../../testing/app';
import { onEachDatabase } from '../../testing/databases';
import { createPerformer } from '../performers/fixtures';
import { albums, videoTags, videos } from '../media/schema';
import { blogPosts } from '../specials/schema';
import { tvArticles, tvEpisodes, tvSeries } from '../tv/schema';
import { searchPatterns } from './schema';
import { RANKED_HITS } from '../media/text-search';

/** A catalogue of its own per database: names unique to the run, so a hit is this test's row. */
async function fillCatalogue(t: TestApp, tag: string) {
  const db = t.ctx.db;
  const online = await createPerformer(db, { name: `valentina${tag}`, displayName: `Valentina${tag}`, isOnline: true });
  const offline = await createPerformer(db, {
    name: `rosalinde${tag}`,
    displayName: `Rosalinde${tag}`,
    isOnline: false,
  });
  const now = t.ctx.now();
  const video = (actorId: number, title: string) => ({
    actorId,
    title,
    description: 'A film',
    durationSeconds: 300,
    price: 500,
    basePrice: 500,
    previewUrl: '/media/v.jpg',
    previewWidth: 640,
    previewHeight: 360,
    releasedAt: now,
  });
  const inserted = await db
    .insert(videos)
    .values([
      video(online.id, `Whisperquiet ${tag} evening`),
      video(online.id, `Whisperquiet ${tag} morning`),
      video(offline.id, 'Beach day'),
    ])
    .returning();
  await db.insert(videoTags).values([
    { videoId: inserted[0]!.id, tag: ASMR_TAG },
    { videoId: inserted[1]!.id, tag: `solo${tag}` },
    { videoId: inserted[2]!.id, tag: `solo${tag}` },
  ]);
  await db.insert(albums).values({ ...video(offline.id, `Gardenparty ${tag}`), ageRating: 16 });
  await db.insert(blogPosts).values({
    slug: `blog-${tag}`,
    categoryId: 45,
    title: {
      de: `Tänzerinnen ${tag} im Studio`,
      en: `Dancers ${tag} in the studio`,
      nl: `Danseressen ${tag} in de studio`,
      es: `Bailarinas ${tag}`,
    },
    teaser: { de: 'Neu', en: 'New', nl: 'Nieuw', es: 'Nuevo' },
    body: { de: [], en: [], nl: [], es: [] },
    imageUrl: '/media/b.jpg',
    imageWidth: 640,
    imageHeight: 360,
    published: now,
  });
  await db.insert(tvArticles).values({
    slug: `tv-${tag}`,
    category: 'news',
    title: { de: `Sendungen ${tag}`, en: `Broadcasts ${tag}`, nl: `Uitzendingen ${tag}`, es: `Emisiones ${tag}` },
    teaser: { de: '', en: '', nl: '', es: '' },
    body: { de: '', en: '', nl: '', es: '' },
    imageUrl: '/media/t.jpg',
    publishedAt: now,
  });
  const [series] = await db
    .insert(tvSeries)
    .values({
      key: `series-${tag}`,
      title: `Nightowls ${tag}`,
      description: { de: '', en: '', nl: '', es: '' },
      previewImgUrl: '/media/s.jpg',
    })
    .returning();
  await db.insert(tvEpisodes).values({
    seriesId: series!.id,
    episode: 1,
    title: {
      de: `Geständnisse ${tag}`,
      en: `Confessions ${tag}`,
      nl: `Bekentenissen ${tag}`,
      es: `Confesiones ${tag}`,
    },
    fsk: 16,
    duration: 600,
    previewPicture: '/media/e.jpg',
    publishedAt: now,
  });
  return { online, offline, videoIds: inserted.map((v) => v.id) };
}

function searchRules(name: string, open: () => Promise<TestApp>, skip: string | false) {
  describe(`global search on ${name}`, { skip }, () => {
    let t: TestApp;
    let token: string;
    let catalogue: Awaited<ReturnType<typeof fillCatalogue>>;
    const tag = `q${process.pid.toString(36)}`;

    before(async () => {
      t = await open();
      token = await t.anonymousToken();
      catalogue = await fillCatalogue(t, tag);
    });
    after(() => t?.close());

    const search = async (language: string, pattern: string, query = ''): Promise<SearchResult> => {
      const response = await t.rest('GET', `/searchResult/search/${language}/${encodeURIComponent(pattern)}${query}`);
      assert.equal(response.statusCode, 200, response.body);
      return searchResult.parse(response.json()) as SearchResult;
    };
    const section = async (language: string, pattern: string, type: string, extra = '') =>
      (await search(language, pattern, `?searchType=${type}&withTotalCount=1${extra}`)).sections[0]!;
    const graphql = async <R, V extends Record<string, unknown>>(op: GraphqlOperation<R, V>, variables: V) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { authorization: `Bearer ${token}` },
        payload: { query: op.document, variables },
      });
      return response.json<{ data: R | null; errors?: { extensions?: { code?: string } }[] }>();
    };

    test('a performer is found by her name with a letter wrong, the on-line ones also among the actors', async () => {
      const models = await section('en', `valentyna${tag}`, 'models');
      assert.deepEqual(
        models.items.map((item) => item.title),
        [`Valentina${tag}`],
      );
      assert.deepEqual(models.items[0]!.route, { name: 'actorProfile', args: { actorName: `valentina${tag}` } });
      assert.equal(models.items[0]!.online, true);
      assert.equal(models.total, 1);
      // Rosalinde is off line: a model, not an actor on cam now.
      assert.equal((await section('de', `rosalinda${tag}`, 'models')).total, 1);
      assert.equal((await section('de', `rosalinda${tag}`, 'actors')).total, 0);
      // Unrelated names stay out.
      assert.equal((await section('en', `zzzzqqq${tag}`, 'models')).total, 0);
    });

    test("videos by their words or their performer's name; ASMR only those tagged so", async () => {
      const byWord = await section('en', `whisperq ${tag}`, 'videos');
      assert.deepEqual(byWord.items.map((item) => item.id).sort(), catalogue.videoIds.slice(0, 2).sort());
      assert.deepEqual(byWord.items[0]!.route.name, 'videoDetails');
      const byName = await section('en', `rosalinde${tag}`, 'videos');
      assert.deepEqual(
        byName.items.map((item) => item.id),
        [catalogue.videoIds[2]],
      );
      const asmr = await section('en', `whisperquiet ${tag}`, 'asmr');
      assert.deepEqual(
        asmr.items.map((item) => item.id),
        [catalogue.videoIds[0]],
      );
      assert.equal((await section('en', `gardenparty ${tag}`, 'photos')).total, 1);
      assert.equal((await section('en', `rosalinde${tag}`, 'galleries')).total, 1);
    });

    test("blog posts and TV articles in the caller's language, stemmed in it", async () => {
      // German stemming: the singular finds the plural, in German only.
      const de = await section('de', `Tänzerin ${tag}`, 'blog');
      assert.equal(de.total, 1);
      assert.equal(de.items[0]!.title, `Tänzerinnen ${tag} im Studio`);
      assert.deepEqual(de.items[0]!.route, { name: 'blogArticle', args: { slug: `blog-${tag}` } });
      assert.equal((await section('en', `Tänzerin ${tag}`, 'blog')).total, 0);
      assert.equal((await section('en', `dancer ${tag}`, 'blog')).total, 1);
      assert.equal((await section('nl', `danseres ${tag}`, 'blog')).total, 1);
      assert.equal((await section('nl', `dancer ${tag}`, 'blog')).total, 0);
      assert.equal((await section('nl', `uitzending ${tag}`, 'tv')).total, 1);
      assert.equal((await section('es', `sendungen ${tag}`, 'tv')).total, 0);
      assert.equal((await section('es', `emisión ${tag}`, 'tv')).total, 1);
      assert.equal((await section('es', `emisiones ${tag}`, 'tv')).total, 1);
    });

    test("TV episodes by their title in the caller's language, stemmed in it, or by their series' brand name", async () => {
      const mediathek = await section('es', `nightowls ${tag}`, 'mediathek');
      assert.equal(mediathek.total, 1);
      assert.deepEqual(mediathek.items[0]!.route.name, 'tvVideo');
      assert.equal(mediathek.items[0]!.title, `Confesiones ${tag}`);
      assert.equal(mediathek.items[0]!.subtitle, `Nightowls ${tag}`);
      const de = await section('de', `Geständnis ${tag}`, 'mediathek');
      assert.equal(de.total, 1);
      assert.equal(de.items[0]!.title, `Geständnisse ${tag}`);
      assert.equal((await section('de', `confessions ${tag}`, 'mediathek')).total, 0);
      assert.equal((await section('en', `confession ${tag}`, 'mediathek')).total, 1);
      assert.equal((await section('nl', `bekentenissen ${tag}`, 'mediathek')).total, 1);
      assert.equal((await section('es', `confesión ${tag}`, 'mediathek')).total, 1);
    });

    test('without a type: the best of every kind with its total, for the overlay', async () => {
      const result = await search('en', `valentina${tag}`);
      assert.equal(result.searchPattern, `valentina${tag}`);
      assert.deepEqual(
        result.sections.map((s) => s.type),
        [...SEARCH_TYPES],
      );
      const byType = Object.fromEntries(result.sections.map((s) => [s.type, s]));
      assert.equal(byType.actors!.total, 1);
      assert.equal(byType.videos!.total, 2);
      assert.equal(byType.blog!.total, 0);
    });

    test('paging: from, take up to the page size of the kind, the total only when asked', async () => {
      const first = await section('en', `whisperquiet ${tag}`, 'videos', '&take=1&sort=newest');
      const second = await section('en', `whisperquiet ${tag}`, 'videos', '&take=1&from=1&sort=newest');
      assert.equal(first.items.length, 1);
      assert.notEqual(first.items[0]!.id, second.items[0]!.id);
      const noTotal = (await search('en', `whisperquiet ${tag}`, '?searchType=videos')).sections[0]!;
      assert.equal(noTotal.total, null);
      // The ASMR page holds 3 however many are asked.
      assert.equal(SEARCH_PAGE_SIZES.asmr, 3);
      const byName = await section('en', `whisperquiet ${tag}`, 'videos', '&sort=name&order=asc');
      assert.deepEqual(
        byName.items.map((item) => item.title),
        [`Whisperquiet ${tag} evening`, `Whisperquiet ${tag} morning`],
      );
    });

    test('relevance ranks and pages through the first hits the index finds; the other orders through all', async () => {
      await t.ctx.db.insert(videos).values(
        Array.from({ length: RANKED_HITS + 5 }, (_, i) => ({
          actorId: catalogue.offline.id,
          title: `Commonword${tag} ${i}`,
          description: 'A film',
          durationSeconds: 60,
          price: 100,
          basePrice: 100,
          previewUrl: '/media/v.jpg',
          previewWidth: 640,
          previewHeight: 360,
          releasedAt: t.ctx.now(),
        })),
      );
      assert.equal((await section('en', `commonword${tag}`, 'videos')).total, RANKED_HITS);
      assert.equal((await section('en', `commonword${tag}`, 'videos', '&sort=newest')).total, RANKED_HITS + 5);
      const last = await section('en', `commonword${tag}`, 'videos', `&from=${RANKED_HITS - 1}`);
      assert.equal(last.items.length, 1);
    });

    test('bad input is a 400 VALIDATION_FAILED, never a 5xx', async () => {
      const bad = [
        '/searchResult/search/en/a',
        `/searchResult/search/en/${'x'.repeat(81)}`,
        '/searchResult/search/fr/anna',
        '/searchResult/search/en/%20%20a%20',
        '/searchResult/search/en/anna?searchType=people',
        '/searchResult/search/en/anna?from=-1',
        '/searchResult/search/en/anna?from=10001',
        '/searchResult/search/en/anna?take=0',
        '/searchResult/search/en/anna?take=31',
        '/searchResult/search/en/anna?take=1e3',
        '/searchResult/search/en/anna?sort=price',
        '/searchResult/search/en/anna?order=up',
        '/searchResult/search/en/anna?withTotalCount=2',
        '/searchResult/search/en/an%00na',
        '/searchResult/search/en/an%ED%A0%80na',
      ];
      for (const url of bad) {
        const response = await t.rest('GET', url);
        assert.equal(response.statusCode, 400, `${url}: ${response.body}`);
        assert.equal(response.json<{ code: string }>().code, 'VALIDATION_FAILED', url);
      }
      // Punctuation only is no word: nothing is found, nothing breaks.
      const symbols = await search('en', `'&|!:*()`);
      assert.ok(
        symbols.sections.every((s) => s.total === 0),
        JSON.stringify(symbols.sections),
      );
    });

    test('the structured query: searches by kind, tags and storing a pattern', async () => {
      const videos = await graphql(searchOperation('videoSearch'), { pattern: `whisperquiet ${tag}`, first: 1 });
      assert.equal(videos.data!.videoSearch!.total, 2);
      assert.equal(videos.data!.videoSearch!.items.length, 1);
      assert.deepEqual(videos.data!.videoSearch!.items[0]!.route.args.map((a) => a.name).sort(), [
        'actorName',
        'videoId',
      ]);
      const actors = await graphql(searchOperation('actorSearch'), { pattern: `valentyna${tag}`, language: 'de' });
      assert.equal(actors.data!.actorSearch!.items[0]!.title, `Valentina${tag}`);
      const tags = await graphql(suggestTagsQuery, { pattern: `SOLO${tag}` });
      assert.deepEqual(tags.data!.suggestTags, [{ tag: `solo${tag}`, count: 2 }]);
      const popular = await graphql(popularTagsQuery, { first: 50 });
      assert.ok(popular.data!.popularTags.some((entry) => entry.tag === `solo${tag}` && entry.count === 2));

      for (let i = 0; i < 2; i++) {
        const stored = await graphql(storeSearchPatternMutation, { pattern: `  Valentina${tag} `, language: 'es' });
        assert.equal(stored.data!.storeSearchPattern, true);
      }
      const [row] = await t.ctx.db
        .select()
        .from(searchPatterns)
        .where(eq(searchPatterns.pattern, `valentina${tag}`));
      assert.deepEqual([row!.language, row!.count], ['es', 2]);

      for (const [op, variables] of [
        [searchOperation('blogSearch'), { pattern: 'a' }],
        [searchOperation('blogSearch'), { pattern: 'anna', first: 0 }],
        [searchOperation('gallerySearch'), { pattern: 'anna', offset: -1 }],
        [searchOperation('mediathekSearch'), { pattern: 'anna', language: 'fr' }],
        [suggestTagsQuery, { pattern: 'anna', first: 51 }],
        [storeSearchPatternMutation, { pattern: 'x' }],
      ] as const) {
        const answer = await graphql(op as GraphqlOperation<unknown, Record<string, unknown>>, variables);
        assert.equal(answer.errors?.[0]?.extensions?.code, 'VALIDATION_FAILED', JSON.stringify(variables));
      }
    });
  });
}

await onEachDatabase(searchRules);
