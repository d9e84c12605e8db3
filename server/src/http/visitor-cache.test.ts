import assert from 'node:assert/strict';
import { after, before, describe, mock, test } from 'node:test';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { videosQuery, type ActorListPage, type VideoPage } from '@velvet/contracts';
import { createTestApp, type TestApp } from '../testing/app';
import { createPerformer, manualClock } from '../modules/performers/fixtures';
import { updatePerformer } from '../modules/performers/fixtures';
import { videos } from '../modules/media/schema';
import { VisitorCache } from './visitor-cache';

const TTL_MS = 300;

let t: TestApp;
let clock: ReturnType<typeof manualClock>;
let performerId: number;
before(async () => {
  t = await createTestApp({ config: { visitorCacheMs: TTL_MS, trustProxy: ['loopback'] } });
  clock = manualClock(t, Date.now());
  performerId = (await createPerformer(t.ctx.db, { bannedCountryCodes: ['AT'] })).id;
});
/** Moves the server's clock on by `ms`: the cache reads it, so no test waits for a ttl to pass. */
const pass = (ms: number) => clock.advance(ms / 1000);
after(() => t.close());

const onlineIds = async (headers: Record<string, string> = {}) => {
  const response = await t.app.inject({ url: '/rest/v1/actors/list/cams?pageSize=100', headers });
  assert.equal(response.statusCode, 200, response.body);
  assert.match(String(response.headers['content-type']), /^application\/json/);
  return response.json<ActorListPage>().items;
};
/** A request as the cache sees it once the route's schemas parsed it, from a peer that is no trusted proxy. */
const bareRequest = {
  method: 'GET',
  routeOptions: { url: '/rest/v1/actors/list/cams' },
  params: {},
  query: {},
  body: undefined,
  headers: {},
  auth: null,
  socket: { remoteAddress: '192.0.2.1' },
  server: { trustsProxy: () => false },
} as unknown as FastifyRequest;
const setOnline = (isOnline: boolean) => updatePerformer(t.ctx.db, performerId, { isOnline });

/** A computation that runs until the test finishes it: `finish` lets the ones started so far answer. */
function heldCompute() {
  let computed = 0;
  let held: { promise: Promise<void>; release: () => void };
  const hold = () => {
    let release!: () => void;
    held = { promise: new Promise<void>((resolve) => (release = resolve)), release };
  };
  hold();
  return {
    compute: async () => {
      const answer = `answer ${++computed}`;
      await held.promise;
      return answer;
    },
    finish: () => {
      held.release();
      hold();
    },
    computed: () => computed,
  };
}

describe('catalogue answers shared by visitors who are not logged in', () => {
  test('are shared for the ttl, sent at once while computed again for one more ttl, never older', async () => {
    const listed = async () => (await onlineIds()).some((actor) => actor.id === performerId);
    await setOnline(true);
    pass(2 * TTL_MS + 50);
    assert.ok(await listed());
    await setOnline(false);
    assert.ok(await listed(), 'within the ttl: the shared answer');
    pass(TTL_MS + 50);
    assert.ok(await listed(), 'in the second ttl: the kept answer at once, while it is computed again');
    // Until the one recomputation lands, asking again answers at once from the cache: poll for the new answer.
    let fresh = false;
    for (let tries = 0; tries < 10_000 && !fresh; tries++) fresh = !(await listed());
    assert.ok(fresh, 'then the new answer');
    await setOnline(true);
    pass(2 * TTL_MS + 50);
    assert.ok(await listed(), 'after twice the ttl: computed before answering');
  });

  test('are kept apart by country, and never shared with a logged-in guest', async () => {
    await setOnline(true);
    pass(2 * TTL_MS + 50);
    const banned = (items: ActorListPage['items']) =>
      items.find((actor) => actor.id === performerId)?.chatButton.isBannedCountryCode;
    assert.equal(banned(await onlineIds()), false);
    assert.equal(banned(await onlineIds({ 'cf-ipcountry': 'AT' })), true, 'another country, another answer');
    const { accessToken } = await t.signup();
    await setOnline(false);
    const own = await onlineIds({ authorization: `Bearer ${accessToken}` });
    assert.ok(!own.some((actor) => actor.id === performerId), 'a logged-in guest gets the database as it is');
  });

  test('a country header counts only from a trusted proxy', async () => {
    await setOnline(true);
    pass(2 * TTL_MS + 50);
    const banned = async (remoteAddress: string) => {
      const response = await t.app.inject({
        url: `/rest/v1/actor/getActorDataByIdOrName/${performerId}`,
        headers: { 'cf-ipcountry': 'AT' },
        remoteAddress,
      });
      assert.equal(response.statusCode, 200, response.body);
      return response.json<{ chatButton: { isBannedCountryCode: boolean } }>().chatButton.isBannedCountryCode;
    };
    assert.equal(await banned('127.0.0.1'), true, 'loopback is trusted here');
    assert.equal(await banned('203.0.113.7'), false, 'anyone else: the header is ignored');
  });

  test('are kept per route and parsed parameters: unknown parameters neither bypass nor multiply them', async () => {
    const shared = mock.method(t.ctx.visitorCache, 'shared');
    try {
      const keyOf = async (query: string) => {
        shared.mock.resetCalls();
        const response = await t.app.inject({ url: `/rest/v1/actors/list/cams?${query}` });
        assert.equal(response.statusCode, 200, response.body);
        assert.equal(shared.mock.callCount(), 1);
        return shared.mock.calls[0]!.arguments[1];
      };
      const plain = await keyOf('pageSize=100');
      assert.equal(await keyOf('pageSize=100&cachebuster=1'), plain);
      assert.equal(await keyOf(`cachebuster=${Math.random()}&pageSize=100&x[y]=z`), plain);
      assert.equal(await keyOf('pageSize=0100'), plain, 'the value as the schema reads it');
      assert.notEqual(await keyOf('pageSize=50'), plain, 'a parameter the route reads does make another answer');

      await setOnline(true);
      pass(2 * TTL_MS + 50);
      assert.ok((await onlineIds()).some((actor) => actor.id === performerId));
      await setOnline(false);
      const busted = await t.app.inject({ url: `/rest/v1/actors/list/cams?pageSize=100&r=${Math.random()}` });
      assert.ok(
        busted.json<ActorListPage>().items.some((actor) => actor.id === performerId),
        'within the ttl a random parameter still gets the shared answer',
      );
    } finally {
      shared.mock.restore();
    }
  });

  test('a refusal is not kept: the 404 of an unknown performer stays a 404', async () => {
    for (let i = 0; i < 2; i++) {
      const response = await t.app.inject({ url: '/rest/v1/actor/getActorDataByIdOrName/nobody-here' });
      assert.equal(response.statusCode, 404);
      assert.equal(response.json<{ code: string }>().code, 'NOT_FOUND');
    }
  });

  test('requests arriving while an answer is computed wait for that one computation', async () => {
    const cache = new VisitorCache(1000, () => 1_000_000);
    const slow = heldCompute();
    const asked = Array.from({ length: 50 }, () => cache.answer(bareRequest, slow.compute));
    slow.finish();
    const answers = await Promise.all(asked);
    assert.equal(slow.computed(), 1);
    assert.ok(answers.every((answer) => answer === 'answer 1'));
  });

  test('past the ttl, every request gets the kept answer at once while one recomputation runs', async () => {
    // Any time but 0, which the cache library reads as "no start".
    let now = 1_000_000;
    const cache = new VisitorCache(100, () => now);
    const slow = heldCompute();
    const ask = () => cache.answer(bareRequest, slow.compute);
    const first = ask();
    slow.finish();
    assert.equal(await first, 'answer 1');
    now += 120;
    // The recomputation is held: had anyone waited for it, this would never resolve.
    const answers = await Promise.all(Array.from({ length: 50 }, ask));
    assert.ok(answers.every((answer) => answer === 'answer 1'));
    assert.equal(slow.computed(), 2, 'one recomputation for all of them');
    slow.finish();
    // It lands in promise steps only: past one task boundary it is kept.
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(await ask(), 'answer 2');
    assert.equal(slow.computed(), 2);
    now += 201;
    let answered = false;
    const late = ask().then((answer) => ((answered = true), answer));
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(answered, false, 'past twice the ttl the kept answer is too old: the request waits');
    slow.finish();
    assert.equal(await late, 'answer 3');
  });
});

describe('catalogue queries shared by visitors who are not logged in', () => {
  const ttlMs = 300;
  let g: TestApp;
  let gClock: ReturnType<typeof manualClock>;
  before(async () => {
    g = await createTestApp({ seedScale: 0.05, config: { visitorCacheMs: ttlMs } });
    gClock = manualClock(g, Date.now());
  });
  after(() => g.close());

  const firstTitle = async (token: string) => {
    const response = await g.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { authorization: `Bearer ${token}` },
      payload: { query: videosQuery.document, variables: { filter: { type: 'all', page: 1 } } },
    });
    assert.equal(response.statusCode, 200, response.body);
    const [first] = response.json<{ data: { videos: VideoPage } }>().data.videos.items;
    return { id: first!.id, title: first!.title };
  };

  const grid = (token: string, payload: object) =>
    g.app.inject({ method: 'POST', url: '/graphql', headers: { authorization: `Bearer ${token}` }, payload });
  /** Whole answers are kept per endpoint, language and [query, variables, operation]; single fields by name. */
  const WHOLE_ANSWER_KEY = /^\/graphql \S+ \[/;
  const gridPage = { query: videosQuery.document, variables: { filter: { type: 'all', page: 1 } } };

  test("a query of shared fields only: its whole answer is shared, byte for byte, and never a logged-in guest's", async () => {
    const shared = mock.method(g.ctx.visitorCache, 'shared');
    const wholeAnswers = () => shared.mock.calls.filter((call) => WHOLE_ANSWER_KEY.test(call.arguments[1])).length;
    try {
      const first = await grid(await g.anonymousToken(), gridPage);
      const second = await grid(await g.anonymousToken(), gridPage);
      assert.equal(first.statusCode, 200, first.body);
      assert.match(String(second.headers['content-type']), /^application\/json/);
      assert.equal(second.body, first.body);
      assert.equal(wholeAnswers(), 2, 'both visitors asked the visitor cache for the whole answer');
      const own = await grid((await g.signup()).accessToken, gridPage);
      assert.equal(own.statusCode, 200, own.body);
      assert.equal(wholeAnswers(), 2, 'a logged-in guest gets an answer of his own');
      const mixed = await grid(await g.anonymousToken(), {
        query: 'query ($filter: VideoFilterInput) { version videos(filter: $filter) { total } }',
        variables: gridPage.variables,
      });
      assert.equal(mixed.statusCode, 200, mixed.body);
      assert.equal(wholeAnswers(), 2, 'a query that also reads a field not shared is answered per request');
    } finally {
      shared.mock.restore();
    }
  });

  test('URL parameters other than the language neither bypass nor multiply shared structured queries', async () => {
    const shared = mock.method(g.ctx.visitorCache, 'shared');
    try {
      const keyOf = async (query: string) => {
        shared.mock.resetCalls();
        const response = await g.app.inject({
          method: 'POST',
          url: `/graphql${query}`,
          headers: { authorization: `Bearer ${await g.anonymousToken()}` },
          payload: gridPage,
        });
        assert.equal(response.statusCode, 200, response.body);
        // The whole answer's key (its fields' keys are asked for too when it is computed).
        return shared.mock.calls.map((call) => call.arguments[1]).find((key) => WHOLE_ANSWER_KEY.test(key));
      };
      const german = await keyOf('?language=de');
      assert.equal(await keyOf(`?language=de&cachebuster=${Math.random()}`), german);
      assert.notEqual(await keyOf('?language=es'), german);
      assert.equal(await keyOf('?language=xx'), await keyOf(''), 'an unknown language reads as none');
    } finally {
      shared.mock.restore();
    }
  });

  test('a refused query of shared fields is not kept: bad variables stay a 400 with the same error', async () => {
    const bad = { query: videosQuery.document, variables: { filter: { type: 'all', page: 'first' } } };
    const answers = [await grid(await g.anonymousToken(), bad), await grid(await g.anonymousToken(), bad)];
    for (const response of answers) {
      assert.equal(response.statusCode, 400);
      assert.match(response.json<{ errors: Array<{ message: string }> }>().errors[0]!.message, /page/);
    }
  });

  test('a failed answer is not kept: the next visitor gets the grid', async () => {
    const [first, next] = [await g.anonymousToken(), await g.anonymousToken()];
    const select = g.ctx.db.select.bind(g.ctx.db);
    let failing = true;
    const down = mock.method(g.ctx.db, 'select', (...fields: Parameters<typeof select>) => {
      if (failing) throw new Error('the database is down');
      return select(...fields);
    });
    try {
      const failed = await grid(first, { ...gridPage, variables: { filter: { type: 'all', page: 2 } } });
      assert.ok(failed.json<{ errors?: unknown[] }>().errors?.length, failed.body);
      failing = false;
      const answered = await grid(next, { ...gridPage, variables: { filter: { type: 'all', page: 2 } } });
      assert.equal(answered.statusCode, 200, answered.body);
      assert.ok(answered.json<{ data: { videos: VideoPage } }>().data.videos.items.length > 0, answered.body);
    } finally {
      down.mock.restore();
    }
  });

  test('the video grid: shared within the ttl, its own answer for a logged-in guest, computed again after it', async () => {
    const anonymous = await g.anonymousToken();
    const before = await firstTitle(anonymous);
    await g.ctx.db
      .update(videos)
      .set({ title: 'Renamed just now' })
      .where(eq(videos.id, Number(before.id)));
    assert.deepEqual(await firstTitle(await g.anonymousToken()), before, 'another visitor: the shared answer');
    const { accessToken } = await g.signup();
    assert.equal((await firstTitle(accessToken)).title, 'Renamed just now');
    gClock.advance((2 * ttlMs + 100) / 1000);
    assert.equal((await firstTitle(anonymous)).title, 'Renamed just now', 'after twice the ttl: computed again');
  });
});
