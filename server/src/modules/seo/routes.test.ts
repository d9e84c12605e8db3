import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import {
  BREADCRUMB_TYPE_NAMES,
  BREADCRUMB_TYPES,
  DECLARED_ROUTES,
  LANGUAGES,
  MEDIATHEK_TABS,
  VIDEO_TAGS,
  REMOTE_NAMES,
  seoEndpoints,
  type BreadcrumbItem,
} from '@velvet/contracts';
import type { TestApp } from '../../testing/app';
import { onEachDatabase } from '../../testing/databases';
import { seoModule } from '.';
import { actorSeoTexts } from './schema';
import { fixtureRepo, repositoryDescriptor } from '../../testing/fixtures';
import { releasedAlbumRefs, releasedVideoRefs } from '../media/service';
import { listCategories, performerSketches } from '../performers/service';
import { publishedBlogPosts } from '../specials/service';
import { format } from '../tv/service';
import de from './locales/de.json';
import en from './locales/en.json';
import es from './locales/es.json';
import nl from './locales/nl.json';

// The seo module's REST calls. The trail of every breadcrumb type answers over REST in the asked language, linking to real pages of the route
// table, and agrees with the BreadcrumbList of the page's server-rendered head: both come from one builder. A
// performer's SEO text of a tag group comes from the seeded texts, in the language asked.

const HOST = 'localhost';
const LOCALES = { de, en, es, nl };

const repoRoot = await fixtureRepo(
  REMOTE_NAMES.map((name) => ({ descriptor: repositoryDescriptor(name), version: '1.0.0' })),
);
after(() => rm(repoRoot, { recursive: true, force: true }));

function seoRouteRules(database: string, open: () => Promise<TestApp>, skip: string | false) {
  describe(`the seo module's REST calls on ${database}`, { skip }, () => {
    let t: TestApp;
    /** A value of every route argument the types' pages take, naming seeded data. */
    let args: Record<string, string>;

    before(async () => {
      t = await open();
      // A performer with a video and an album: the profile's types all take her name.
      const albums = await releasedAlbumRefs(t.ctx.db, t.ctx.now());
      const ref = (await releasedVideoRefs(t.ctx.db, t.ctx.now())).find((video) =>
        albums.some((album) => album.actorName === video.actorName),
      );
      const album = albums.find((candidate) => candidate.actorName === ref?.actorName);
      const [post] = await publishedBlogPosts(t.ctx.db, t.ctx.now());
      const [category] = await listCategories(t.ctx.db, 'en', t.ctx.now());
      const episode = (await format(t.ctx.db, 'velvet-nights')).latest[0];
      assert.ok(ref && album && post && category && episode);
      args = {
        actorName: ref.actorName,
        videoId: String(ref.id),
        albumId: String(album.id),
        categorySlug: category.slug,
        blogSlug: post.slug,
        tvSlug: 'welcome-to-velvet-tv',
        series: 'velvet-nights',
        key: 'velvet-nights',
        episodeId: String(episode.id),
        tagGroup: 'outdoor',
      };
    });
    after(() => t.close());

    /** The arguments a type's page takes, from its route's path, naming seeded data. */
    function payloadOf(type: keyof typeof BREADCRUMB_TYPES): Record<string, string> {
      const path = DECLARED_ROUTES.find((route) => route.name === BREADCRUMB_TYPES[type].route)!.path.en;
      return Object.fromEntries(
        [...path.matchAll(/:([A-Za-z]+)/g)].map(([, name]) => [
          name!,
          name === 'slug' ? (type === 'tvArticle' ? args.tvSlug! : args.blogSlug!) : args[name!]!,
        ]),
      );
    }

    const breadcrumb = (type: string, payload: unknown, language?: string, host = HOST) =>
      t.app.inject({
        method: 'POST',
        url: `/rest/v1/breadcrumb/${type}${language ? `?language=${language}` : ''}`,
        headers: { host, 'content-type': 'application/json' },
        payload: JSON.stringify({ payload }),
      });

    async function trailOf(type: keyof typeof BREADCRUMB_TYPES, language: string, extra: Record<string, string> = {}) {
      const response = await breadcrumb(type, { ...payloadOf(type), ...extra }, language);
      assert.equal(response.statusCode, 200, `${type} ${language}: ${response.body}`);
      const answer = seoEndpoints.breadcrumb.response.parse(response.json());
      return answer.data.breadcrumb;
    }

    describe('breadcrumb/{breadcrumbType}', () => {
      test('every type answers its trail in each language: home first, named, each link a page of the site', async () => {
        assert.ok(BREADCRUMB_TYPE_NAMES.length >= 45, `${BREADCRUMB_TYPE_NAMES.length} types`);
        for (const type of BREADCRUMB_TYPE_NAMES)
          for (const language of LANGUAGES) {
            const trail = await trailOf(type, language);
            assert.ok(trail.length >= 2, `${type} ${language}: ${JSON.stringify(trail)}`);
            assert.deepEqual(trail[0], { name: 'Velvet', path: `/${language}/`, route: 'home' });
            for (const crumb of trail) {
              assert.ok(crumb.name.trim().length > 0, `${type} ${language}: an unnamed crumb`);
              assert.ok(crumb.path.startsWith(`/${language}/`) && crumb.path.endsWith('/'), crumb.path);
              // Each link is a page the server serves (the not-found page answers 404).
              const page = await t.app.inject({ url: crumb.path, headers: { host: HOST } });
              assert.equal(page.statusCode, 200, `${type} ${language}: ${crumb.path}`);
            }
            const kind = BREADCRUMB_TYPES[type] as { view?: string };
            if (kind.view) {
              const views = LOCALES[language].breadcrumbViews as Record<string, string>;
              assert.equal(trail.at(-1)!.name, views[kind.view]);
              assert.equal(trail.at(-1)!.path, trail.at(-2)!.path, 'a view links to its page');
            } else {
              assert.equal(trail.at(-1)!.route, BREADCRUMB_TYPES[type].route, `${type} ends with its own page`);
            }
          }
      });

      test('the breadcrumb types a remote declares its pages serve are types of the call', () => {
        for (const name of REMOTE_NAMES)
          for (const type of repositoryDescriptor(name).breadcrumbs)
            assert.ok(type in BREADCRUMB_TYPES, `${name} declares ${type}`);
      });

      test('the performer and the video are named by their data, the parents by their route in the language', async () => {
        const video = await trailOf('actorVideoDetails', 'de');
        assert.deepEqual(
          video.map((crumb) => crumb.path),
          [
            '/de/',
            `/de/amateur/${args.actorName}/`,
            `/de/amateur/${args.actorName}/videos/`,
            `/de/amateur/${args.actorName}/videos/${args.videoId}/`,
          ],
        );
        const about = await trailOf('actorAbout', 'es');
        assert.equal(about.at(-1)!.path, `/es/amateur/${args.actorName}/sobre-mi/`);
        assert.equal(about.at(-2)!.name, video[1]!.name, 'the profile crumb is the performer');
      });

      test('a media library type ends with its tab, in the language', async () => {
        for (const tab of MEDIATHEK_TABS) {
          const trail = await trailOf('mediathekPhotos', 'nl', { tab });
          assert.equal(trail.at(-1)!.name, nl.mediathekTabs[tab]);
        }
        const refused = await breadcrumb('actorProfile', { ...payloadOf('actorProfile'), tab: 'shop' }, 'en');
        assert.equal(refused.statusCode, 400);
      });

      test('an unknown type, missing or extra arguments are 400, a missing entity 404, each with its code', async () => {
        const cases: Array<[string, unknown, number, string]> = [
          ['noSuchType', {}, 400, 'VALIDATION_FAILED'],
          ['actorProfile', {}, 400, 'VALIDATION_FAILED'],
          ['cams', { actorName: args.actorName }, 400, 'VALIDATION_FAILED'],
          ['actorProfile', { actorName: 'x'.repeat(101) }, 400, 'VALIDATION_FAILED'],
          ['actorProfile', { actorName: 42 }, 400, 'VALIDATION_FAILED'],
          ['mediathekVideos', { tab: 'elsewhere' }, 400, 'VALIDATION_FAILED'],
          ['actorProfile', { actorName: 'nobody-of-that-name' }, 404, 'NOT_FOUND'],
          ['actorVideoDetails', { actorName: args.actorName, videoId: '999999999' }, 404, 'NOT_FOUND'],
        ];
        for (const [type, payload, status, code] of cases) {
          const response = await breadcrumb(type, payload, 'en');
          assert.equal(response.statusCode, status, `${type} ${JSON.stringify(payload)}: ${response.body}`);
          assert.equal(response.json().code, code);
        }
      });

      test("the JSON-LD of a profile's and a video's server-rendered page is the REST trail", async () => {
        for (const [type, path] of [
          ['actorProfile', `/en/amateur/${args.actorName}/`],
          ['actorVideoDetails', `/es/amateur/${args.actorName}/videos/${args.videoId}/`],
        ] as const) {
          const language = path.slice(1, 3);
          const page = await t.app.inject({ url: path, headers: { host: HOST } });
          assert.equal(page.statusCode, 200);
          const blocks = [...page.body.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
            (m) => JSON.parse(m[1]!) as { '@type': string; itemListElement?: Array<{ name: string; item: string }> },
          );
          const list = blocks.find((block) => block['@type'] === 'BreadcrumbList');
          assert.ok(list, `${path} has a BreadcrumbList`);
          const rest: BreadcrumbItem[] = await trailOf(type, language);
          assert.deepEqual(
            list.itemListElement!.map((item) => ({ name: item.name, path: new URL(item.item).pathname })),
            rest.map(({ name, path }) => ({ name, path })),
          );
        }
      });
    });

    describe('seo/getActorSeoContent/{actorId}/{tagGroup}', () => {
      const ask = (actorId: unknown, tagGroup: string, language?: string) =>
        t.app.inject({
          url: `/rest/v1/seo/getActorSeoContent/${actorId}/${tagGroup}${language ? `?language=${language}` : ''}`,
          headers: { host: HOST },
        });

      test("every performer's texts answer in de, en, nl and es, written from her name and the tag group", async () => {
        const performers = await performerSketches(t.ctx.db);
        const seeded = await t.ctx.db.select().from(actorSeoTexts);
        assert.ok(performers.length > 0);
        for (const performer of performers) {
          const groups = [...new Set(seeded.filter((row) => row.actorId === performer.id).map((row) => row.tagGroup))];
          assert.equal(groups.length, 3, `performer ${performer.id} has three tag groups`);
          for (const tagGroup of groups)
            for (const language of LANGUAGES) {
              const response = await ask(performer.id, tagGroup, language);
              assert.equal(response.statusCode, 200, response.body);
              const content = seoEndpoints.actorSeoContent.response.parse(response.json());
              const tag = (LOCALES[language].tags as Record<string, string>)[tagGroup]!;
              assert.deepEqual(
                { actorId: content.actorId, tagGroup: content.tagGroup, language: content.language },
                { actorId: performer.id, tagGroup, language },
              );
              assert.ok(
                content.headline.includes(performer.displayName) && content.headline.includes(tag),
                content.headline,
              );
              assert.equal(content.paragraphs.length, 2);
              assert.ok(content.paragraphs[0]!.includes(performer.threeWords), content.paragraphs[0]);
            }
          // The languages differ: each text is its own.
          const headlines = await Promise.all(
            LANGUAGES.map(async (language) => (await ask(performer.id, groups[0]!, language)).json().headline),
          );
          assert.ok(new Set(headlines).size >= 3, headlines.join(' / '));
          // Without a language the tenant's own (Velvet: en) answers.
          assert.equal((await ask(performer.id, groups[0]!)).json().language, 'en');
        }
      });

      test('a tag group she has no text for or a missing performer is 404, a bad id or tag group 400', async () => {
        const seeded = await t.ctx.db.select().from(actorSeoTexts);
        const first = seeded[0]!;
        const described = new Set(seeded.filter((row) => row.actorId === first.actorId).map((row) => row.tagGroup));
        const other = VIDEO_TAGS.find((tag) => !described.has(tag))!;
        for (const [actorId, tagGroup, status, code] of [
          [first.actorId, other, 404, 'NOT_FOUND'],
          [999_999, first.tagGroup, 404, 'NOT_FOUND'],
          [0, first.tagGroup, 400, 'VALIDATION_FAILED'],
          ['abc', first.tagGroup, 400, 'VALIDATION_FAILED'],
          [first.actorId, 'no-such-tag', 400, 'VALIDATION_FAILED'],
        ] as const) {
          const response = await ask(actorId, tagGroup, 'de');
          assert.equal(response.statusCode, status, `${actorId}/${tagGroup}: ${response.body}`);
          assert.equal(response.json().code, code);
        }
        assert.equal((await ask(first.actorId, first.tagGroup, 'fr')).statusCode, 400);
      });

      test('a directory seeded before the texts existed gets them at its next start, the same ones', async () => {
        const seeded = await t.ctx.db.select().from(actorSeoTexts);
        await t.ctx.db.delete(actorSeoTexts);
        await seoModule.prepare!(t.ctx);
        const filled = await t.ctx.db.select().from(actorSeoTexts);
        const key = (row: (typeof seeded)[number]) => JSON.stringify(row);
        assert.deepEqual(filled.map(key).sort(), seeded.map(key).sort());
      });
    });
  });
}

await onEachDatabase(seoRouteRules, { seedScale: 0.05, config: { repoRoot } });
