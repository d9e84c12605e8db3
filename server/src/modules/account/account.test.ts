import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { eq } from 'drizzle-orm';
import {
  guestBenefitsQuery,
  guestBenefits as guestBenefitsSchema,
  subscriptionsState as subscriptionsStateSchema,
  SUBSCRIPTION_PLANS,
  type AuthResponse,
  type ErrorBody,
} from '@velvet/contracts';
import { createTestApp, type TestApp } from '../../testing/app';
import { guests } from '../auth/schema';
import { DEMO_GUEST, ensureDemoGuest } from '../auth/demo-guest';
import { assertShownThroughGate, createRatedPerformer, gateGuests } from '../performers/age-fixtures';
import { voucherActors, vouchers } from './schema';

const DAY = 86_400_000;
let t: TestApp;
let demo: AuthResponse;

before(async () => {
  t = await createTestApp({ seedScale: 0.05 });
  const login = await t.app.inject({
    method: 'POST',
    url: '/rest/v1/auth/login',
    payload: { email: DEMO_GUEST.email, password: DEMO_GUEST.password },
  });
  assert.equal(login.statusCode, 200, login.body);
  demo = login.json<AuthResponse>();
});
after(() => t.close());

const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url: `/rest/v1${url}`, headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('demo guest', () => {
  test('is signed up once with its name, whichever seed asks first', async () => {
    assert.equal(demo.guest.name, DEMO_GUEST.name);
    assert.equal(await ensureDemoGuest(t.ctx.db), demo.guest.id);
    const rows = await t.ctx.db.select().from(guests).where(eq(guests.email, DEMO_GUEST.email));
    assert.equal(rows.length, 1);
    assert.match(rows[0]!.passwordHash!, /^\$argon2id\$/);
  });
});

describe('benefits', () => {
  test('need a logged-in guest', async () => {
    const anonymous = await get('/guest/benefits', await t.anonymousToken());
    assert.equal(anonymous.statusCode, 401);
    assert.equal(anonymous.json<ErrorBody>().code, 'LOGIN_REQUIRED');
    assert.equal((await get('/guest/benefits')).statusCode, 401);
  });

  test('sum the demo guest valid vouchers per benefit', async () => {
    const response = await get('/guest/benefits', demo.accessToken);
    assert.equal(response.statusCode, 200, response.body);
    const benefits = guestBenefitsSchema.parse(response.json());
    assert.equal(benefits.messengerGiftCount, 2);
    assert.equal(benefits.freeMessagesCount, 10);
    assert.equal(benefits.privateShowTickets, 1);
    assert.equal(benefits.chatShowTickets, 2);
    const limited = benefits.vouchers.find((v) => v.type === 8)!;
    assert.equal(limited.actors.length, 1);
    assert.ok(limited.actors[0]!.link);
  });

  test('leave out expired and future vouchers', async () => {
    const guest = await t.signup();
    const now = Date.now();
    await t.ctx.db.insert(vouchers).values([
      { guestId: guest.guest.id, type: 6, amount: 4, validFrom: new Date(now - DAY), validTo: new Date(now + DAY) },
      {
        guestId: guest.guest.id,
        type: 6,
        amount: 50,
        validFrom: new Date(now - 3 * DAY),
        validTo: new Date(now - DAY),
      },
      { guestId: guest.guest.id, type: 6, amount: 70, validFrom: new Date(now + DAY), validTo: null },
    ]);
    const benefits = guestBenefitsSchema.parse((await get('/guest/benefits', guest.accessToken)).json());
    assert.equal(benefits.messengerGiftCount, 4);
    assert.equal(benefits.vouchers.length, 1);
    assert.equal(benefits.freeMessagesCount, 0);
  });

  test('show the performer rated 18 a voucher is limited to through the age gate', async () => {
    const performer = await createRatedPerformer(t.ctx.db);
    const gate = await gateGuests(t);
    for (const { guest } of [gate.unverified, gate.verified]) {
      const [voucher] = await t.ctx.db
        .insert(vouchers)
        .values({
          guestId: guest.id,
          type: 8,
          amount: 1,
          validFrom: new Date(t.ctx.now().getTime() - DAY),
          validTo: null,
        })
        .returning({ id: vouchers.id });
      await t.ctx.db.insert(voucherActors).values({ voucherId: voucher!.id, actorId: performer.id });
    }
    const avatarIn = (benefits: unknown) => {
      const [voucher] = guestBenefitsSchema.parse(benefits).vouchers;
      assert.equal(voucher?.actors[0]?.id, performer.id);
      return voucher.actors[0].avatar;
    };
    await assertShownThroughGate(
      t,
      gate,
      [performer.avatarUrl, performer.avatarUrl],
      async (token) => {
        const structured = await t.app.inject({
          method: 'POST',
          url: '/graphql',
          headers: { authorization: `Bearer ${token}` },
          payload: { query: guestBenefitsQuery.document },
        });
        return [
          avatarIn((await get('/guest/benefits', token)).json()),
          avatarIn(structured.json<{ data: { guestBenefits: unknown } }>().data.guestBenefits),
        ];
      },
      { visitors: false },
    );
  });
});

test('the structured query answers the same benefits as REST', async () => {
  const answer = await t.app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { authorization: `Bearer ${demo.accessToken}` },
    payload: { query: guestBenefitsQuery.document },
  });
  const rest = await get('/guest/benefits', demo.accessToken);
  assert.deepEqual(answer.json<{ data: { guestBenefits: unknown } }>().data.guestBenefits, rest.json());
});

describe('VIP club', () => {
  test('sells the subscription plans, the one price list; the former offers list is gone', async () => {
    const anonymous = subscriptionsStateSchema.parse((await get('/subscriptions', await t.anonymousToken())).json());
    const vip = anonymous.plans.filter((plan) => plan.kind === 'vip');
    assert.deepEqual(
      vip.map((plan) => [plan.id, plan.days, plan.priceCents]),
      (['vip', 'vipTrial'] as const).map((id) => [id, SUBSCRIPTION_PLANS[id].days, SUBSCRIPTION_PLANS[id].priceCents]),
    );
    assert.equal((await get('/vipclub/offers', await t.anonymousToken())).statusCode, 404);
  });
});
