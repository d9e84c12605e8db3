import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { eq } from 'drizzle-orm';
import {
  LANGUAGES,
  LEGAL_TEXT_TYPES,
  legalDownloadUrl,
  legalText as legalTextSchema,
  legalTextsQuery,
  type LegalText,
  type LegalTextListItem,
} from '@velvet/contracts';
import { createTestApp, type TestApp } from '../../testing/app';
import { legalTexts } from './schema';
import { storeLegalTexts } from './service';

let t: TestApp;
let token: string;

before(async () => {
  t = await createTestApp();
  token = await t.anonymousToken();
});
after(() => t.close());

const current = async (type: string, language: string) => {
  const response = await t.app.inject({ url: `/rest/v1/legal-text/${type}?language=${language}` });
  assert.equal(response.statusCode, 200, response.body);
  return legalTextSchema.parse(response.json());
};

async function query(variables: Record<string, unknown>) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { authorization: `Bearer ${token}` },
    payload: { query: legalTextsQuery.document, variables },
  });
  return response.json<{
    data: { legalTexts: { total: number; items: LegalTextListItem[] } } | null;
    errors?: { extensions?: { code?: string } }[];
  }>();
}

describe('legal texts', () => {
  test('every document is there in every language, with real text', async () => {
    const seen = new Set<number>();
    for (const type of LEGAL_TEXT_TYPES)
      for (const language of LANGUAGES) {
        const text = await current(type, language);
        assert.deepEqual([text.type, text.language, text.current], [type, language, true]);
        assert.ok(text.sections.length >= 4, `${type} ${language} has its sections`);
        const words = text.sections.flatMap((s) => [s.title, ...s.paragraphs]).join(' ');
        assert.ok(words.length > 600, `${type} ${language} is a whole document`);
        assert.doesNotMatch(words, /lorem|ipsum|placeholder/i);
        assert.doesNotMatch(words, /\bTODO\b|\bTBD\b|XXX/);
        assert.match(words, /Velvet/);
        seen.add(text.id);
      }
    assert.equal(seen.size, LEGAL_TEXT_TYPES.length * LANGUAGES.length);
    // Each language in its own words, not one text four times.
    assert.deepEqual(await Promise.all(LANGUAGES.map(async (language) => (await current('IMP', language)).title)), [
      'Impressum',
      'Imprint',
      'Colofon',
      'Aviso legal',
    ]);
  });

  test('each id and language downloads as a standalone HTML document', async () => {
    for (const type of LEGAL_TEXT_TYPES)
      for (const language of LANGUAGES) {
        const text = await current(type, language);
        const response = await t.app.inject({ url: legalDownloadUrl(text.id) });
        assert.equal(response.statusCode, 200);
        assert.match(String(response.headers['content-type']), /^text\/html; charset=utf-8/);
        assert.equal(
          response.headers['content-disposition'],
          `attachment; filename="velvet-${type.toLowerCase()}-${language}-v${text.version}.html"`,
        );
        const html = response.body;
        assert.ok(html.startsWith('<!doctype html>'));
        assert.match(html, new RegExp(`<html lang="${language}">`));
        assert.doesNotMatch(html, /<script|<link|src=/, 'nothing loaded from anywhere');
        const escaped = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
        assert.ok(html.includes(`<h1>${escaped(text.title)}</h1>`));
        for (const section of text.sections) {
          assert.ok(html.includes(`<h2>${escaped(section.title)}</h2>`));
          for (const paragraph of section.paragraphs) assert.ok(html.includes(`<p>${escaped(paragraph)}</p>`));
        }
      }
    const english = await current('GTC', 'en');
    const html = (await t.app.inject({ url: legalDownloadUrl(english.id) })).body;
    assert.match(html, /Version 1, in force from January 1, 2026/);
  });

  test('an unknown document is 404 LEGAL_TEXT_NOT_FOUND, a malformed one 400', async () => {
    const unknown = await t.app.inject({ url: legalDownloadUrl(987_654) });
    assert.equal(unknown.statusCode, 404);
    assert.equal(unknown.json<{ code: string }>().code, 'LEGAL_TEXT_NOT_FOUND');
    for (const bad of ['abc', '0', '-1', '99999999999']) {
      const response = await t.app.inject({ url: `/rest/v1/asset/legal-text/download/${bad}` });
      assert.equal(response.statusCode, 400, bad);
      assert.equal(response.json<{ code: string }>().code, 'VALIDATION_FAILED');
    }
    const type = await t.app.inject({ url: '/rest/v1/legal-text/XYZ?language=en' });
    assert.equal(type.json<{ code: string }>().code, 'VALIDATION_FAILED');
  });

  test('a start stores the texts again without new ids; a newer version takes over, the old one stays', async () => {
    const before = await current('TOU', 'nl');
    await storeLegalTexts(t.ctx.db);
    assert.equal((await current('TOU', 'nl')).id, before.id);

    const [newer] = await t.ctx.db
      .insert(legalTexts)
      .values({ ...before, id: undefined, version: 2, validFrom: '2026-06-01', title: 'Gebruiksvoorwaarden (2)' })
      .returning();
    try {
      const now = await current('TOU', 'nl');
      assert.deepEqual([now.id, now.version, now.title], [newer!.id, 2, 'Gebruiksvoorwaarden (2)']);
      const old = await t.app.inject({ url: legalDownloadUrl(before.id) });
      assert.equal(old.statusCode, 200, 'the earlier version still downloads');
      const listed = await query({ filter: { types: ['TOU'], language: 'nl' } });
      assert.deepEqual(
        listed.data!.legalTexts.items.map((item) => [item.version, item.current]),
        [
          [2, true],
          [1, false],
        ],
      );
      const inForce = await query({ filter: { types: ['TOU'], language: 'nl', currentOnly: true } });
      assert.deepEqual(
        inForce.data!.legalTexts.items.map((item) => item.id),
        [newer!.id],
      );
    } finally {
      await t.ctx.db.delete(legalTexts).where(eq(legalTexts.id, newer!.id));
    }
  });

  test('the structured query filters and pages with first and offset', async () => {
    const all = await query({ first: 50 });
    const total = LEGAL_TEXT_TYPES.length * LANGUAGES.length;
    assert.equal(all.data!.legalTexts.total, total);
    assert.deepEqual(
      [...new Set(all.data!.legalTexts.items.map((item) => item.type))],
      ['TOS', 'GTC', 'TOU', 'PP', 'IMP'],
    );
    const pages: LegalText[] = [];
    for (let offset = 0; offset < total; offset += 6) {
      const page = await query({ first: 6, offset });
      assert.equal(page.data!.legalTexts.total, total);
      pages.push(...page.data!.legalTexts.items);
    }
    assert.deepEqual(
      pages.map((item) => item.id),
      all.data!.legalTexts.items.map((item) => item.id),
    );
    const spanish = await query({ filter: { types: ['PP', 'IMP'], language: 'es' } });
    assert.deepEqual(
      spanish.data!.legalTexts.items.map((item) => [item.type, item.language, item.downloadUrl]),
      await Promise.all(
        (['PP', 'IMP'] as const).map(async (type) => [type, 'es', legalDownloadUrl((await current(type, 'es')).id)]),
      ),
    );
    for (const bad of [{ first: 0 }, { first: 51 }, { offset: -1 }, { filter: { types: ['NOPE'] } }]) {
      const refused = await query(bad);
      assert.equal(refused.errors?.[0]?.extensions?.code, 'VALIDATION_FAILED', JSON.stringify(bad));
    }
  });
});
