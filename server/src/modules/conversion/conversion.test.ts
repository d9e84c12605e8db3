import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  CONVERSION_CHAT_MINUTES,
  conversionChatRemainingMs,
  INCENTIVE_BLOCK_DAYS,
  incentive as incentiveSchema,
  type IncentiveDefinition,
  type StoredIncentive,
} from '@velvet/contracts';
import { createTestApp, type TestApp } from '../../testing/app';
import { openSocketSession } from '../../testing/socket';
import { startPostgres } from '../../testing/postgres';
import { videos } from '../media/schema';

const text = (title: string) => ({ title, text: `${title}, in words`, action: `${title}!` });
const definition = (overrides: Partial<IncentiveDefinition>): IncentiveDefinition => ({
  tenantId: 'velvet',
  region: 'exitIntent',
  type: 'exitIntent',
  event: 'pageLoad',
  routeName: null,
  audience: 'everyone',
  priority: 10,
  countdownMinutes: null,
  uniqueGroup: 'leave',
  actionRoute: null,
  texts: { de: text('Bleib'), en: text('Stay'), nl: text('Blijf'), es: text('Quédate') },
  ...overrides,
});
const DAY_MS = 24 * 60 * 60 * 1000;

/** Every conversion route against one server: PGlite, or a PostgreSQL database. */
function conversionSuite(open: () => Promise<TestApp>) {
  let t: TestApp;
  let operator: string;
  let clock = new Date('2026-03-01T10:00:00Z');
  before(async () => {
    t = await open();
    t.ctx.now = () => clock;
    operator = await t.operatorToken();
    // The demo's incentives are there; each test defines its own instead.
    const seeded = (await t.rest('GET', '/operator/conversion/incentives?tenantId=velvet', operator)).json<{
      data: StoredIncentive[];
    }>().data;
    assert.deepEqual(
      seeded.map((item) => [item.region, item.event]),
      [
        ['exitIntent', 'pageLoad'],
        ['videoPlayer', 'videoPreviewEnd'],
      ],
    );
    for (const item of seeded) await t.rest('DELETE', `/operator/conversion/incentives/${item.id}`, operator);
  });
  after(() => t.close());

  const create = async (overrides: Partial<IncentiveDefinition>) => {
    const response = await t.rest('POST', '/operator/conversion/incentives', operator, definition(overrides));
    assert.equal(response.statusCode, 200, response.body);
    return response.json<{ data: StoredIncentive }>().data;
  };
  const pageLoad = async (token: string, routeName: string, language = 'en') => {
    const response = await t.rest('POST', `/conversion/getPageLoadIncentives?language=${language}`, token, {
      routeName,
      routeArgs: {},
    });
    assert.equal(response.statusCode, 200, response.body);
    return response
      .json<{ data: { incentives: unknown[] } }>()
      .data.incentives.map((item) => incentiveSchema.parse(item));
  };

  test('operators define incentives per tenant; page loads get those of their route, audience and language', async () => {
    const everywhere = await create({ uniqueGroup: 'leave', priority: 5 });
    const onHome = await create({
      region: 'sideRight',
      type: 'balanceRefillCoupon',
      routeName: 'home',
      priority: 20,
      uniqueGroup: 'refill',
      audience: 'guests',
    });
    const forVisitors = await create({
      region: 'overlay',
      type: 'videoPreviewSignup',
      routeName: 'home',
      uniqueGroup: 'join',
      audience: 'visitors',
    });
    const listed = await t.rest('GET', '/operator/conversion/incentives?tenantId=velvet', operator);
    assert.deepEqual(
      listed.json<{ data: StoredIncentive[] }>().data.map((item) => item.id),
      [everywhere.id, onHome.id, forVisitors.id],
    );

    const visitor = await t.anonymousToken();
    const guest = (await t.signup()).accessToken;
    assert.deepEqual(
      (await pageLoad(visitor, 'home')).map((item) => item.id),
      [forVisitors.id, everywhere.id],
    );
    const home = await pageLoad(guest, 'home', 'es');
    assert.deepEqual(
      home.map((item) => item.id),
      [onHome.id, everywhere.id],
    );
    assert.deepEqual(home[1], {
      id: everywhere.id,
      region: 'exitIntent',
      type: 'exitIntent',
      event: 'pageLoad',
      priority: 5,
      countdownEnds: null,
      uniqueGroup: 'leave',
      title: 'Quédate',
      text: 'Quédate, in words',
      action: { label: 'Quédate!', routeName: null },
    });
    assert.deepEqual(
      (await pageLoad(guest, 'videos')).map((item) => item.id),
      [everywhere.id],
    );
    for (const item of [everywhere, onHome, forVisitors])
      assert.equal((await t.rest('DELETE', `/operator/conversion/incentives/${item.id}`, operator)).statusCode, 200);
    assert.deepEqual(await pageLoad(guest, 'home'), []);
  });

  test('closing blocks the group for 30 days, for this guest only; hiding a type lasts its interval', async () => {
    const leave = await create({ uniqueGroup: 'leave' });
    const leaveToo = await create({ region: 'exitIntentExtended', type: 'exitIntentExtended', uniqueGroup: 'leave' });
    const refill = await create({ region: 'sideLeft', type: 'balanceRefillCoupon', uniqueGroup: 'refill' });
    const guest = await t.anonymousToken();
    const other = await t.anonymousToken();

    const closed = await t.rest('POST', '/conversion/closeIncentive', guest, {
      result: 'dismissed',
      incentive: { id: leave.id },
    });
    assert.equal(closed.statusCode, 200, closed.body);
    const blockedUntil = new Date(clock.getTime() + INCENTIVE_BLOCK_DAYS * DAY_MS).toISOString();
    assert.deepEqual(closed.json(), { data: { success: true, blockedUntil } });
    assert.deepEqual(
      (await pageLoad(guest, 'home')).map((item) => item.id),
      [refill.id],
    );
    assert.deepEqual(
      (await pageLoad(other, 'home')).map((item) => item.id),
      [leave.id, leaveToo.id, refill.id],
    );

    const hidden = await t.rest('POST', '/conversion/setRefillWindowHidden', guest, {
      incentiveType: 'balanceRefillCoupon',
      interval: 2,
    });
    assert.equal(hidden.statusCode, 200, hidden.body);
    assert.deepEqual(await pageLoad(guest, 'home'), []);

    const start = clock;
    clock = new Date(start.getTime() + 2 * DAY_MS + 1);
    assert.deepEqual(
      (await pageLoad(guest, 'home')).map((item) => item.id),
      [refill.id],
    );
    clock = new Date(start.getTime() + INCENTIVE_BLOCK_DAYS * DAY_MS + 1);
    assert.deepEqual(
      (await pageLoad(guest, 'home')).map((item) => item.id),
      [leave.id, leaveToo.id, refill.id],
    );
    clock = start;
    for (const item of [leave, leaveToo, refill])
      await t.rest('DELETE', `/operator/conversion/incentives/${item.id}`, operator);
  });

  test('a countdown runs from the first time a guest is shown the offer, then the offer is gone', async () => {
    const timed = await create({ countdownMinutes: 30, uniqueGroup: 'hurry' });
    const guest = await t.anonymousToken();
    const start = clock;
    const ends = new Date(start.getTime() + 30 * 60 * 1000).toISOString();
    assert.equal((await pageLoad(guest, 'home'))[0]?.countdownEnds, ends);
    clock = new Date(start.getTime() + 29 * 60 * 1000);
    assert.equal((await pageLoad(guest, 'home'))[0]?.countdownEnds, ends);
    clock = new Date(start.getTime() + 30 * 60 * 1000);
    assert.deepEqual(await pageLoad(guest, 'home'), []);
    clock = start;
    await t.rest('DELETE', `/operator/conversion/incentives/${timed.id}`, operator);
  });

  test('events, a preview end and an album buy answer their incentives; a missing video or album is 404', async () => {
    const preview = await create({
      region: 'videoPlayer',
      type: 'videoPreviewLogin',
      event: 'videoPreviewEnd',
      uniqueGroup: 'p',
      audience: 'visitors',
    });
    const album = await create({ region: 'overlay', type: 'imageAlbumBuy', event: 'buyImageAlbum', uniqueGroup: 'a' });
    const logout = await create({
      region: 'exitIntentLogout',
      type: 'exitIntentLogout',
      event: 'logout',
      uniqueGroup: 'l',
    });
    const visitor = await t.anonymousToken();
    const [video] = await t.ctx.db.select({ id: videos.id }).from(videos).limit(1);
    assert.ok(video, 'the seeded catalogue has a video');
    const ids = async (url: string) => {
      const response = await t.rest('GET', url, visitor);
      assert.equal(response.statusCode, 200, response.body);
      return response.json<{ data: { incentives: { id: number }[] } }>().data.incentives.map((item) => item.id);
    };
    assert.deepEqual(await ids(`/conversion/getVideoPreviewEndIncentives/${video.id}`), [preview.id]);
    assert.deepEqual(await ids('/conversion/getIncentivesByEvent?event=logout'), [logout.id]);
    const missing = await t.rest('GET', '/conversion/getVideoPreviewEndIncentives/999999', visitor);
    assert.deepEqual([missing.statusCode, missing.json().code], [404, 'NOT_FOUND']);
    const noAlbum = await t.rest('GET', '/conversion/getBuyImageAlbumIncentives/999999', visitor);
    assert.deepEqual([noAlbum.statusCode, noAlbum.json().code], [404, 'NOT_FOUND']);
    for (const item of [preview, album, logout])
      await t.rest('DELETE', `/operator/conversion/incentives/${item.id}`, operator);
  });

  test('guest info is kept, and the conversion chat counts down while enabled', async () => {
    const guest = await t.signup();
    const info = await t.rest('POST', '/conversion/setGuestInfo', guest.accessToken, {
      type: 'device',
      value: 'mobile',
    });
    assert.deepEqual([info.statusCode, info.json()], [200, { data: { success: true } }]);
    const enabled = await t.rest('POST', '/conversionChat', guest.accessToken, { action: 'enable' });
    assert.deepEqual(enabled.json(), {
      data: {
        eligible: true,
        countdownEnds: new Date(clock.getTime() + CONVERSION_CHAT_MINUTES * 60 * 1000).toISOString(),
      },
    });
    const disabled = await t.rest('POST', '/conversionChat', guest.accessToken, { action: 'disable' });
    assert.deepEqual(disabled.json(), { data: { eligible: false, countdownEnds: null } });
  });

  test("a switch is pushed to the guest's open sockets, and to no one else", async () => {
    const [guest, other] = [await t.signup(), await t.signup()];
    const [socket, otherSocket] = await Promise.all([
      openSocketSession(t.app, guest.accessToken),
      openSocketSession(t.app, other.accessToken),
    ]);
    try {
      const enabled = await t.rest('POST', '/conversionChat', guest.accessToken, { action: 'enable' });
      const ends = enabled.json<{ data: { countdownEnds: string } }>().data.countdownEnds;
      assert.deepEqual(await socket.next('conversionChat'), { type: 'conversionChat', countdownEnds: ends });
      await t.rest('POST', '/conversionChat', guest.accessToken, { action: 'disable' });
      assert.deepEqual(await socket.next('conversionChat'), { type: 'conversionChat', countdownEnds: null });
      await otherSocket.settled();
      assert.equal(otherSocket.received.filter((message) => message.type === 'conversionChat').length, 0);
    } finally {
      socket.close();
      otherSocket.close();
    }
  });

  test("the guest's profile carries her conversion chat's end while it runs, until it ends or she disables it", async () => {
    const guest = await t.signup();
    const endsOnProfile = async () =>
      (await t.rest('GET', '/auth/me', guest.accessToken)).json<{ guest: { conversionChatEnds?: string | null } }>()
        .guest.conversionChatEnds;
    assert.equal(await endsOnProfile(), null);
    const start = clock;
    try {
      const enabled = await t.rest('POST', '/conversionChat', guest.accessToken, { action: 'enable' });
      const ends = enabled.json<{ data: { countdownEnds: string } }>().data.countdownEnds;
      assert.equal(await endsOnProfile(), ends);
      clock = new Date(start.getTime() + CONVERSION_CHAT_MINUTES * 60 * 1000 - 1);
      assert.equal(conversionChatRemainingMs(ends, clock), 1);
      assert.equal(await endsOnProfile(), ends);
      // At its end she is no longer eligible: the profile leaves it out.
      clock = new Date(start.getTime() + CONVERSION_CHAT_MINUTES * 60 * 1000);
      assert.equal(conversionChatRemainingMs(ends, clock), 0);
      assert.equal(await endsOnProfile(), null);
      // Enabled again it starts anew; disabled it ends at once.
      await t.rest('POST', '/conversionChat', guest.accessToken, { action: 'enable' });
      assert.equal(
        await endsOnProfile(),
        new Date(clock.getTime() + CONVERSION_CHAT_MINUTES * 60 * 1000).toISOString(),
      );
      await t.rest('POST', '/conversionChat', guest.accessToken, { action: 'disable' });
      assert.equal(await endsOnProfile(), null);
    } finally {
      clock = start;
    }
  });

  test('bad input is a 4xx with its code', async () => {
    const visitor = await t.anonymousToken();
    const guest = await t.signup();
    const cases: [string, string, string | undefined, object | undefined, number, string][] = [
      ['POST', '/conversion/getPageLoadIncentives', visitor, { routeName: 'no such route' }, 400, 'VALIDATION_FAILED'],
      ['POST', '/conversion/getPageLoadIncentives', visitor, {}, 400, 'VALIDATION_FAILED'],
      ['GET', '/conversion/getIncentivesByEvent?event=pageLoad', visitor, undefined, 400, 'VALIDATION_FAILED'],
      ['GET', '/conversion/getVideoPreviewEndIncentives/abc', visitor, undefined, 400, 'VALIDATION_FAILED'],
      ['GET', '/conversion/getBuyImageAlbumIncentives/0', visitor, undefined, 400, 'VALIDATION_FAILED'],
      ['POST', '/conversion/setGuestInfo', visitor, { type: 'shoeSize', value: '42' }, 400, 'VALIDATION_FAILED'],
      ['POST', '/conversion/setGuestInfo', undefined, { type: 'device', value: 'mobile' }, 401, 'UNAUTHORIZED'],
      [
        'POST',
        '/conversion/setRefillWindowHidden',
        visitor,
        { incentiveType: 'balanceRefillCoupon', interval: 0 },
        400,
        'VALIDATION_FAILED',
      ],
      [
        'POST',
        '/conversion/setRefillWindowHidden',
        visitor,
        { incentiveType: 'nothing', interval: 3 },
        400,
        'VALIDATION_FAILED',
      ],
      [
        'POST',
        '/conversion/closeIncentive',
        visitor,
        { result: 'dismissed', incentive: { id: 999999 } },
        404,
        'NOT_FOUND',
      ],
      [
        'POST',
        '/conversion/closeIncentive',
        visitor,
        { result: 'maybe', incentive: { id: 1 } },
        400,
        'VALIDATION_FAILED',
      ],
      [
        'POST',
        '/conversion/closeIncentive',
        undefined,
        { result: 'dismissed', incentive: { id: 1 } },
        401,
        'UNAUTHORIZED',
      ],
      ['POST', '/conversionChat', visitor, { action: 'enable' }, 401, 'LOGIN_REQUIRED'],
      ['POST', '/conversionChat', guest.accessToken, { action: 'sometimes' }, 400, 'VALIDATION_FAILED'],
      ['GET', '/operator/conversion/incentives?tenantId=velvet', guest.accessToken, undefined, 403, 'FORBIDDEN'],
      ['GET', '/operator/conversion/incentives?tenantId=nobody', operator, undefined, 404, 'NOT_FOUND'],
      ['POST', '/operator/conversion/incentives', operator, definition({ tenantId: 'nobody' }), 404, 'NOT_FOUND'],
      [
        'POST',
        '/operator/conversion/incentives',
        operator,
        definition({ uniqueGroup: 'Not A Group' }),
        400,
        'VALIDATION_FAILED',
      ],
      [
        'POST',
        '/operator/conversion/incentives',
        operator,
        definition({ routeName: 'nowhere' }),
        400,
        'VALIDATION_FAILED',
      ],
      ['POST', '/operator/conversion/incentives', guest.accessToken, definition({}), 403, 'FORBIDDEN'],
      ['DELETE', '/operator/conversion/incentives/999999', operator, undefined, 404, 'NOT_FOUND'],
    ];
    for (const [method, url, token, payload, status, code] of cases) {
      const response = await t.rest(method as 'GET', url, token, payload);
      assert.deepEqual(
        [response.statusCode, response.json().code],
        [status, code],
        `${method} ${url}: ${response.body}`,
      );
    }
  });
}

describe('conversion incentives on PGlite', () => conversionSuite(() => createTestApp({ seedScale: 0.05 })));

const postgres = await startPostgres();
after(() => postgres?.stop());
describe(
  'conversion incentives on PostgreSQL',
  { skip: postgres ? false : 'PostgreSQL could not be started here (CI must have it)' },
  () =>
    conversionSuite(async () =>
      createTestApp({ config: { databaseUrl: await postgres!.createDatabase() }, seedScale: 0.05 }),
    ),
);

describe('conversionChatRemainingMs', () => {
  const now = new Date('2026-03-01T10:00:00Z');
  test('counts down to the end and stays at 0 after it, and without one', () => {
    assert.equal(conversionChatRemainingMs('2026-03-01T10:15:00.000Z', now), 15 * 60 * 1000);
    assert.equal(conversionChatRemainingMs(new Date('2026-03-01T10:00:01Z'), now.getTime()), 1000);
    assert.equal(conversionChatRemainingMs('2026-03-01T10:00:00.000Z', now), 0);
    assert.equal(conversionChatRemainingMs('2026-03-01T09:00:00.000Z', now), 0);
    assert.equal(conversionChatRemainingMs(null, now), 0);
    assert.equal(conversionChatRemainingMs(undefined, now), 0);
    assert.equal(conversionChatRemainingMs('not a time', now), 0);
  });
});
