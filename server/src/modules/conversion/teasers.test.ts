import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { ErrorBody, StoredTeaser, Teaser, TeaserDefinition } from '@velvet/contracts';
import { createTestApp, type TestApp } from '../../testing/app';
import { startPostgres } from '../../testing/postgres';

const text = (headline: string) => ({ headline, text: `${headline}, in words`, action: `${headline}!` });
const definition = (overrides: Partial<TeaserDefinition>): TeaserDefinition => ({
  tenantId: 'velvet',
  routeName: null,
  routeArgs: {},
  position: 10,
  actionRoute: 'videos',
  startsAt: '2026-03-01T00:00:00Z',
  endsAt: null,
  texts: { de: text('Neu'), en: text('New'), nl: text('Nieuw'), es: text('Nuevo') },
  ...overrides,
});

/** The teaser routes against one server: PGlite, or a PostgreSQL database. */
function teaserSuite(open: () => Promise<TestApp>) {
  let t: TestApp;
  let operator: string;
  let visitor: string;
  let clock = new Date('2026-03-05T10:00:00Z');
  before(async () => {
    t = await open();
    t.ctx.now = () => clock;
    operator = await t.operatorToken();
    visitor = await t.anonymousToken();
  });
  after(() => t.close());

  const create = async (overrides: Partial<TeaserDefinition>) => {
    const response = await t.rest('POST', '/operator/teasers', operator, definition(overrides));
    assert.equal(response.statusCode, 200, response.body);
    return response.json<{ data: StoredTeaser }>().data;
  };
  const teasers = async (routeName: string, routeArgs: Record<string, string> = {}, language = 'en') => {
    const response = await t.rest('POST', `/teaser/getTeasers?language=${language}`, visitor, { routeName, routeArgs });
    assert.equal(response.statusCode, 200, response.body);
    return response.json<{ data: { teasers: Teaser[] } }>().data.teasers;
  };

  test('a page gets its route teasers and every page teasers, by position, in its language, while they run', async () => {
    const everywhere = await create({ position: 20 });
    const videosOnly = await create({ routeName: 'videos', position: 5, actionRoute: 'home' });
    const ended = await create({ routeName: 'videos', endsAt: '2026-03-04T00:00:00Z' });
    const later = await create({ routeName: 'videos', startsAt: '2026-03-06T00:00:00Z' });
    const onVideos = await teasers('videos');
    assert.deepEqual(
      onVideos.map((item) => item.id),
      [videosOnly.id, everywhere.id],
    );
    assert.deepEqual(onVideos[0]!.action, { label: 'New!', routeName: 'home' });
    assert.equal((await teasers('videos', {}, 'es'))[0]!.headline, 'Nuevo');
    assert.deepEqual(
      (await teasers('home')).map((item) => item.id),
      [everywhere.id],
    );
    // The clock moves on: the later one starts.
    clock = new Date('2026-03-06T12:00:00Z');
    assert.ok((await teasers('videos')).some((item) => item.id === later.id));
    assert.ok(!(await teasers('videos')).some((item) => item.id === ended.id));
    for (const item of [everywhere, videosOnly, ended, later])
      assert.equal((await t.rest('DELETE', `/operator/teasers/${item.id}`, operator)).statusCode, 200);
    assert.deepEqual(await teasers('videos'), []);
  });

  test('a teaser naming route arguments shows only where the page has them all', async () => {
    const one = await create({ routeName: 'actorProfile', routeArgs: { actorName: 'lisanne' } });
    assert.deepEqual(
      (await teasers('actorProfile', { actorName: 'lisanne' })).map((item) => item.id),
      [one.id],
    );
    assert.deepEqual(await teasers('actorProfile', { actorName: 'someone' }), []);
    assert.deepEqual(await teasers('actorProfile'), []);
    await t.rest('DELETE', `/operator/teasers/${one.id}`, operator);
  });

  test('operators list a tenant’s own teasers; an unknown tenant is 404', async () => {
    assert.equal((await t.rest('GET', '/operator/teasers?tenantId=nope', operator)).statusCode, 404);
    const mine = await create({});
    const list = await t.rest('GET', '/operator/teasers?tenantId=velvet', operator);
    assert.deepEqual(
      list.json<{ data: StoredTeaser[] }>().data.map((item) => item.id),
      [mine.id],
    );
    await t.rest('DELETE', `/operator/teasers/${mine.id}`, operator);
  });

  test('bad input is a 4xx: an unknown route or tenant, an end before the start, no operator, a route name that is none', async () => {
    const code = (body: string) => (JSON.parse(body) as ErrorBody).code;
    for (const bad of [
      definition({ routeName: 'noSuchRoute' }),
      definition({ actionRoute: 'noSuchRoute' }),
      definition({ endsAt: '2026-02-01T00:00:00Z' }),
      { ...definition({}), position: -1 },
    ]) {
      const response = await t.rest('POST', '/operator/teasers', operator, bad);
      assert.equal(response.statusCode, 400, JSON.stringify(bad));
      assert.equal(code(response.body), 'VALIDATION_FAILED');
    }
    assert.equal(
      (await t.rest('POST', '/operator/teasers', operator, definition({ tenantId: 'nope' }))).statusCode,
      404,
    );
    const guest = (await t.signup()).accessToken;
    assert.equal(code((await t.rest('POST', '/operator/teasers', guest, definition({}))).body), 'FORBIDDEN');
    assert.equal((await t.rest('DELETE', '/operator/teasers/2000000000', operator)).statusCode, 404);
    for (const body of [{ routeName: '' }, { routeName: 'videos', routeArgs: ['a'] }, { routeName: 'a b' }]) {
      const response = await t.rest('POST', '/teaser/getTeasers', visitor, body);
      assert.equal(response.statusCode, 400, JSON.stringify(body));
    }
  });
}

describe('teasers on PGlite', () => teaserSuite(() => createTestApp({ seedScale: 0.05 })));

const postgres = await startPostgres();
after(() => postgres?.stop());
describe(
  'teasers on PostgreSQL',
  { skip: postgres ? false : 'PostgreSQL could not be started here (CI must have it)' },
  () =>
    teaserSuite(async () =>
      createTestApp({ config: { databaseUrl: await postgres!.createDatabase() }, seedScale: 0.05 }),
    ),
);
