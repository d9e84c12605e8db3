import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { LANGUAGES, SEO_TEXTS_MAX_TAGS, seoText, seoTextsQuery, type SeoText } from '@velvet/contracts';
import type { TestApp } from '../../testing/app';
import { onEachDatabase } from '../../testing/databases';
import { seoTexts } from './schema';
import { storeSeoTexts } from './seo-texts';

// The listing pages a crawler lands on carry a text about their subject, in every language and in the brand of the
// site that serves them.

/** The listing routes that have an SEO text. */
const LISTING_ROUTES = [
  'home',
  'cams',
  'newGirls',
  'freeChat',
  'topCams',
  'categories',
  'camShows',
  'videos',
  'allVideos',
  'freeClips',
  'newVideos',
  'videoTrends',
  'onSale',
  'vipVideos',
  'videoStars',
  'feed',
  'tvLivestream',
  'tvSeriesOverview',
  'tvProgram',
];

function seoTextRules(database: string, open: () => Promise<TestApp>, skip: string | false) {
  describe(`SEO texts of the pages on ${database}`, { skip }, () => {
    let t: TestApp;
    let token: string;

    before(async () => {
      t = await open();
      token = await t.anonymousToken();
    });
    after(() => t.close());

    async function query(variables: Record<string, unknown>, language?: string, host = 'localhost') {
      const response = await t.app.inject({
        method: 'POST',
        url: language ? `/graphql?language=${language}` : '/graphql',
        headers: { authorization: `Bearer ${token}`, host },
        payload: { query: seoTextsQuery.document, variables },
      });
      return {
        status: response.statusCode,
        ...response.json<{ data: { seoTexts: SeoText[] } | null; errors?: { extensions?: { code?: string } }[] }>(),
      };
    }

    test('every listing route has a headline and real paragraphs in every language, with the brand', async () => {
      const headlines = new Map<string, string[]>();
      for (const language of LANGUAGES) {
        const answer = await query({ tags: LISTING_ROUTES }, language);
        assert.equal(answer.status, 200, JSON.stringify(answer.errors));
        const texts = answer.data!.seoTexts.map((text) => seoText.parse(text));
        assert.deepEqual(
          texts.map((text) => text.tag),
          LISTING_ROUTES,
        );
        for (const text of texts) {
          assert.equal(text.language, language);
          assert.ok(text.paragraphs.length >= 2 && text.paragraphs.length <= 3, `${text.tag} ${language}`);
          const words = [text.headline, ...text.paragraphs].join(' ');
          assert.ok(words.length > 300, `${text.tag} ${language} says something`);
          assert.match(words, /Velvet/);
          assert.doesNotMatch(words, /\{\{|\}\}|lorem|ipsum|placeholder/i);
          assert.doesNotMatch(words, /\bTODO\b|\bTBD\b|XXX/);
          headlines.set(text.tag, [...(headlines.get(text.tag) ?? []), text.headline]);
        }
      }
      // Each language in its own words, not one text four times.
      for (const [tag, perLanguage] of headlines) assert.equal(new Set(perLanguage).size, 4, tag);
      assert.deepEqual(headlines.get('videos'), [
        'Amateurvideos bei Velvet',
        'Amateur videos on Velvet',
        "Amateurvideo's op Velvet",
        'Vídeos amateur en Velvet',
      ]);
    });

    test('the query answers in the call language and the brand of the host, an unknown tag left out', async () => {
      const german = await query({ tags: ['videos', 'noSuchPage', 'home'] }, 'de');
      assert.deepEqual(
        german.data!.seoTexts.map((text) => [text.tag, text.language, text.headline]),
        [
          ['videos', 'de', 'Amateurvideos bei Velvet'],
          ['home', 'de', 'Live-Cams, Amateurvideos und mehr bei Velvet'],
        ],
      );
      const spanish = await query({ tags: ['home'] }, 'es', 'amora.localhost');
      assert.equal(spanish.data!.seoTexts[0]!.headline, 'Cámaras en vivo, vídeos amateur y mucho más en Amora');
      assert.ok(spanish.data!.seoTexts[0]!.paragraphs.every((paragraph) => !paragraph.includes('Velvet')));
      const nothing = await query({ tags: ['category-unknown'] }, 'en');
      assert.deepEqual(nothing.data!.seoTexts, []);
    });

    test('no tags, too many or malformed ones are refused with VALIDATION_FAILED', async () => {
      const tooMany = Array.from({ length: SEO_TEXTS_MAX_TAGS + 1 }, (_, index) => `tag${index}`);
      for (const tags of [[], tooMany, [''], ['<script>'], ['x'.repeat(65)]]) {
        const refused = await query({ tags }, 'en');
        assert.equal(refused.status, 400, JSON.stringify(tags));
        assert.equal(refused.errors?.[0]?.extensions?.code, 'VALIDATION_FAILED', JSON.stringify(tags));
      }
    });

    test('a start stores the texts again in place and drops those the code no longer writes', async () => {
      const before = await t.ctx.db.select().from(seoTexts);
      await t.ctx.db
        .insert(seoTexts)
        .values({ tag: 'retiredPage', language: 'en', headline: 'Old', paragraphs: ['x'] });
      await storeSeoTexts(t.ctx.db);
      const after = await t.ctx.db.select().from(seoTexts);
      assert.equal(after.length, LISTING_ROUTES.length * LANGUAGES.length);
      assert.deepEqual(
        after.map((row) => `${row.tag} ${row.language}`).sort(),
        before.map((row) => `${row.tag} ${row.language}`).sort(),
      );
      const stored = after.find((row) => row.tag === 'feed' && row.language === 'nl')!;
      assert.match(stored.headline, /\{\{brand\}\}/, 'the brand is filled in as a text is answered');
    });
  });
}

await onEachDatabase(seoTextRules);
