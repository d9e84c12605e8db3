import assert from 'node:assert/strict';
import { after, before, describe, it, type TestContext } from 'node:test';
import { eq } from 'drizzle-orm';
import {
  buyChatTicketMutation,
  chatEndpoints,
  chatShowListQuery,
  removeChatTicketMutation,
  ticketChatListQuery,
  type ChatShowListVariables,
  type GraphqlOperation,
  type TicketMutationResult,
} from '@velvet/contracts';
import { createTestApp, type TestApp } from '../../testing/app';
import { onEachDatabase } from '../../testing/databases';
import { voucherActors, vouchers } from '../account/schema';
import { accountBalance, balanceOf } from '../wallet/service';
import { chatTicketHolders, chatTickets } from './schema';
import { assertLedgerConsistent, fund } from './session-fixtures';
import { createPerformer } from '../performers/fixtures';
import { assertShownThroughGate, createRatedPerformer, gateGuests } from '../performers/age-fixtures';
import { hasShowAccess } from './tickets';

const MINUTE = 60_000;
const PRICE = 40_00;

/** The structured query as a browser sends it: bearer token, language parameter. */
async function query<R, V extends Record<string, unknown>>(
  t: TestApp,
  token: string,
  operation: GraphqlOperation<R, V>,
  variables: V,
  language = 'en',
): Promise<{ data: R | null; errors?: { message: string; extensions?: { code?: string } }[] }> {
  const response = await t.app.inject({
    method: 'POST',
    url: `/graphql?language=${language}`,
    headers: { authorization: `Bearer ${token}` },
    payload: { query: operation.document, variables },
  });
  assert.ok(response.statusCode < 500, `no 5xx: ${response.statusCode} ${response.body}`);
  return response.json();
}

async function createShow(t: TestApp, values: Partial<typeof chatTickets.$inferInsert> & { actorId: number }) {
  const now = Date.now();
  const [row] = await t.ctx.db
    .insert(chatTickets)
    .values({
      title: { de: 'Tanzshow', en: 'Dance show', nl: 'Dansshow', es: 'Show de baile' },
      description: { de: 'Tanzen', en: 'Dancing', nl: 'Dansen', es: 'Baile' },
      postBuyInfo: { de: 'Sei pünktlich', en: 'Be on time', nl: 'Wees op tijd', es: 'Sé puntual' },
      price: PRICE,
      seats: 10,
      startsAt: new Date(now + 30 * MINUTE),
      endsAt: new Date(now + 60 * MINUTE),
      ...values,
    })
    .returning();
  return row!;
}

function ticketRules(database: string, open: () => Promise<TestApp>, skip: string | false) {
  describe(`chat tickets on ${database}`, { skip }, () => {
    let t: TestApp;
    before(async () => {
      t = await open();
    });
    after(() => t?.close());

    const guest = async (coins = 0) => {
      const { accessToken, guest } = await t.signup();
      if (coins > 0) await fund(t.ctx, guest.id, coins);
      return { token: accessToken, id: guest.id };
    };
    const buy = async (token: string, id: number, modelId: number, extra: Record<string, unknown> = {}) =>
      (await query(t, token, buyChatTicketMutation, { id, modelId, ...extra })).data!.buyChatTicket;
    const remove = async (token: string, id: number) =>
      (await query(t, token, removeChatTicketMutation, { id })).data!.removeChatTicket;

    it('20 concurrent buys of one ticket by one guest charge once', async (c: TestContext) => {
      const performer = await createPerformer(t.ctx.db);
      const show = await createShow(t, { actorId: performer.id });
      const buyer = await guest(3 * PRICE);
      const started = performance.now();
      const results = await Promise.all(Array.from({ length: 20 }, () => buy(buyer.token, show.id, performer.id)));
      c.diagnostic(`${database}: 20 concurrent buys in ${Math.round(performance.now() - started)} ms`);
      assert.ok(
        results.every((r) => r.success && r.ticket?.isBought),
        JSON.stringify(results.find((r) => !r.success)),
      );
      assert.equal(await balanceOf(t.ctx.db, buyer.id), 2 * PRICE, 'charged once');
      assert.equal(await accountBalance(t.ctx.db, { kind: 'performer', id: performer.id }), PRICE / 2);
      const holders = await t.ctx.db.select().from(chatTicketHolders).where(eq(chatTicketHolders.ticketId, show.id));
      assert.equal(holders.length, 1);
      assert.ok(holders[0]!.transferId, 'the holding names its transfer');
      await assertLedgerConsistent(t.ctx.db);
    });

    it('never sells more seats than the show has, under 20 concurrent buyers', async (c: TestContext) => {
      const performer = await createPerformer(t.ctx.db);
      const show = await createShow(t, { actorId: performer.id, seats: 5 });
      const buyers = await Promise.all(Array.from({ length: 20 }, () => guest(PRICE)));
      const started = performance.now();
      const results = await Promise.all(buyers.map((b) => buy(b.token, show.id, performer.id)));
      c.diagnostic(`${database}: 20 buyers for 5 seats in ${Math.round(performance.now() - started)} ms`);
      assert.equal(results.filter((r) => r.success).length, 5);
      assert.ok(results.filter((r) => !r.success).every((r) => r.errorCode === 'SOLD_OUT'));
      const paid = await Promise.all(buyers.map((b) => balanceOf(t.ctx.db, b.id)));
      assert.equal(paid.filter((balance) => balance === 0).length, 5, 'only the five with a seat paid');
      const late = results.find((r) => !r.success)!;
      assert.equal(late.ticket?.seatsLeft, 0);
      assert.equal(late.ticket?.canBuy, false);
      await assertLedgerConsistent(t.ctx.db);
    });

    it('takes a show ticket voucher that holds for the performer instead of coins, and gives it back', async () => {
      const performer = await createPerformer(t.ctx.db);
      const other = await createPerformer(t.ctx.db);
      const show = await createShow(t, { actorId: performer.id });
      const internal = await createShow(t, { actorId: performer.id, isInternal: true });
      const holder = await guest(PRICE);
      const voucher = async (type: 7 | 8, actorId: number) => {
        const [row] = await t.ctx.db
          .insert(vouchers)
          .values({ guestId: holder.id, type, amount: 1, validFrom: new Date(Date.now() - MINUTE), validTo: null })
          .returning({ id: vouchers.id });
        await t.ctx.db.insert(voucherActors).values({ voucherId: row!.id, actorId });
        return row!.id;
      };
      const amountOf = async (id: number) =>
        (await t.ctx.db.select().from(vouchers).where(eq(vouchers.id, id)))[0]!.amount;
      const elsewhere = await voucher(7, other.id);
      const privateShow = await voucher(8, performer.id);
      const live = await voucher(7, performer.id);
      const results = await Promise.all(Array.from({ length: 10 }, () => buy(holder.token, show.id, performer.id)));
      assert.ok(results.every((r) => r.success && r.ticket?.isBought));
      assert.deepEqual(
        [await amountOf(live), await amountOf(elsewhere), await amountOf(privateShow)],
        [0, 1, 1],
        "one unit of the live show voucher for her, once; not another performer's, not the private show's",
      );
      assert.equal(await balanceOf(t.ctx.db, holder.id), PRICE, 'no coins taken');
      assert.equal(await accountBalance(t.ctx.db, { kind: 'performer', id: performer.id }), PRICE / 2, 'she is paid');
      assert.ok((await buy(holder.token, internal.id, performer.id)).success);
      assert.equal(await amountOf(privateShow), 0, 'the internal show took the private show voucher');
      assert.ok((await remove(holder.token, show.id)).success);
      assert.equal(await amountOf(live), 1, 'giving the ticket back gives the voucher back');
      assert.equal(await balanceOf(t.ctx.db, holder.id), PRICE, 'and no coins');
      assert.equal(await accountBalance(t.ctx.db, { kind: 'performer', id: performer.id }), PRICE / 2);
      await assertLedgerConsistent(t.ctx.db);
    });

    it('refuses a buy without the coins and charges nothing', async () => {
      const performer = await createPerformer(t.ctx.db);
      const show = await createShow(t, { actorId: performer.id });
      const poor = await guest(PRICE - 1);
      const result = await buy(poor.token, show.id, performer.id);
      assert.deepEqual([result.success, result.errorCode], [false, 'INSUFFICIENT_FUNDS']);
      assert.equal(result.ticket?.isBought, false);
      assert.equal(await balanceOf(t.ctx.db, poor.id), PRICE - 1);
      assert.equal(await hasShowAccess(t.ctx.db, poor.id, performer.id, new Date(Date.now() + 45 * MINUTE)), null);
    });

    it('gives a ticket back with a full refund before the start, not after', async () => {
      const performer = await createPerformer(t.ctx.db);
      const show = await createShow(t, { actorId: performer.id });
      const buyer = await guest(PRICE);
      assert.equal((await buy(buyer.token, show.id, performer.id)).success, true);
      assert.equal(await balanceOf(t.ctx.db, buyer.id), 0);
      const removed = await remove(buyer.token, show.id);
      assert.deepEqual([removed.success, removed.ticket?.isBought], [true, false]);
      assert.equal(await balanceOf(t.ctx.db, buyer.id), PRICE, 'refunded in full');
      assert.equal(await accountBalance(t.ctx.db, { kind: 'performer', id: performer.id }), 0);
      assert.equal((await remove(buyer.token, show.id)).errorCode, 'NOT_BOUGHT');
      // Bought again after the refund, it is charged again: a new holding, a new key.
      assert.equal((await buy(buyer.token, show.id, performer.id)).success, true);
      assert.equal(await balanceOf(t.ctx.db, buyer.id), 0);

      await t.ctx.db
        .update(chatTickets)
        .set({ startsAt: new Date(Date.now() - MINUTE) })
        .where(eq(chatTickets.id, show.id));
      const late = await remove(buyer.token, show.id);
      assert.deepEqual([late.success, late.errorCode], [false, 'SHOW_STARTED']);
      assert.equal(await balanceOf(t.ctx.db, buyer.id), 0);
      await t.ctx.db
        .update(chatTickets)
        .set({ endsAt: new Date(Date.now() - 1) })
        .where(eq(chatTickets.id, show.id));
      assert.equal((await remove(buyer.token, show.id)).errorCode, 'SHOW_ENDED');
      await assertLedgerConsistent(t.ctx.db);
    });

    it('follows the creation types: C with coins, P with its bonus code, M never bought', async () => {
      const performer = await createPerformer(t.ctx.db);
      const buyer = await guest(PRICE);
      const manual = await createShow(t, { actorId: performer.id, creationType: 'M' });
      assert.equal(
        (await buy(buyer.token, manual.id, performer.id, { creationType: 'M' })).errorCode,
        'CREATION_TYPE_MISMATCH',
      );
      const chat = await createShow(t, { actorId: performer.id });
      assert.equal(
        (await buy(buyer.token, chat.id, performer.id, { creationType: 'P' })).errorCode,
        'CREATION_TYPE_MISMATCH',
      );
      assert.equal(
        (await buy(buyer.token, chat.id, performer.id, { creationType: 'X' })).errorCode,
        'CREATION_TYPE_MISMATCH',
      );
      const promo = await createShow(t, { actorId: performer.id, creationType: 'P', bonusCode: 'SHOW-ABC123' });
      assert.equal(
        (await buy(buyer.token, promo.id, performer.id, { creationType: 'P' })).errorCode,
        'INVALID_PROMO_CODE',
      );
      const wrong = await buy(buyer.token, promo.id, performer.id, { creationType: 'P', promoCode: 'SHOW-XYZ' });
      assert.equal(wrong.errorCode, 'INVALID_PROMO_CODE');
      assert.equal(wrong.ticket?.bonusCode, null, 'the code stays secret');
      const redeemed = await buy(buyer.token, promo.id, performer.id, {
        creationType: 'P',
        promoCode: ' show-abc123 ',
      });
      assert.deepEqual([redeemed.success, redeemed.ticket?.bonusCode], [true, 'SHOW-ABC123']);
      assert.equal(await balanceOf(t.ctx.db, buyer.id), PRICE, 'the code pays for a promo ticket');
      const free = await createShow(t, { actorId: performer.id, price: 0 });
      const freeBuy = await buy(buyer.token, free.id, performer.id);
      assert.deepEqual([freeBuy.success, freeBuy.ticket?.isFree], [true, true]);
      assert.equal(await balanceOf(t.ctx.db, buyer.id), PRICE);
    });

    it('answers every other refusal with an error code, never an error', async () => {
      const performer = await createPerformer(t.ctx.db);
      const other = await createPerformer(t.ctx.db);
      const show = await createShow(t, { actorId: performer.id });
      const buyer = await guest(PRICE);
      const anonymous = await t.anonymousToken();
      const codes = async (results: Promise<TicketMutationResult>[]) =>
        (await Promise.all(results)).map((r) => r.errorCode);
      assert.deepEqual(
        await codes([
          buy(anonymous, show.id, performer.id),
          remove(anonymous, show.id),
          buy(buyer.token, 999_999, performer.id),
          buy(buyer.token, show.id, other.id),
          buy(buyer.token, show.id, performer.id, { start: '2020-01-01T00:00:00Z' }),
          buy(buyer.token, show.id, performer.id, { start: 'not a date' }),
          remove(buyer.token, 999_999),
        ]),
        ['LOGIN_REQUIRED', 'LOGIN_REQUIRED', 'NOT_FOUND', 'NOT_FOUND', 'NOT_FOUND', 'NOT_FOUND', 'NOT_FOUND'],
      );
      const withStart = await buy(buyer.token, show.id, performer.id, { start: show.startsAt.toISOString() });
      assert.equal(withStart.success, true);
      const ended = await createShow(t, {
        actorId: performer.id,
        startsAt: new Date(Date.now() - 60 * MINUTE),
        endsAt: new Date(Date.now() - MINUTE),
      });
      assert.equal((await buy(buyer.token, ended.id, performer.id)).errorCode, 'SHOW_ENDED');
      const cancelled = await createShow(t, { actorId: performer.id, status: 'cancelled' });
      assert.equal((await buy(buyer.token, cancelled.id, performer.id)).errorCode, 'NOT_FOUND');
    });

    it('lets ticket holders into the running show only (hasShowAccess)', async () => {
      const performer = await createPerformer(t.ctx.db);
      const other = await createPerformer(t.ctx.db);
      const show = await createShow(t, { actorId: performer.id });
      const buyer = await guest(PRICE);
      await buy(buyer.token, show.id, performer.id);
      const at = (minutes: number) => new Date(Date.now() + minutes * MINUTE);
      assert.equal(await hasShowAccess(t.ctx.db, buyer.id, performer.id, at(10)), null, 'not before the start');
      assert.deepEqual(await hasShowAccess(t.ctx.db, buyer.id, performer.id, at(45)), { ticketId: show.id });
      assert.equal(await hasShowAccess(t.ctx.db, buyer.id, performer.id, at(61)), null, 'not after the end');
      assert.equal(await hasShowAccess(t.ctx.db, buyer.id, other.id, at(45)), null, 'not another performer');
      const stranger = await guest();
      assert.equal(await hasShowAccess(t.ctx.db, stranger.id, performer.id, at(45)), null, 'not without a ticket');
    });
  });
}

describe('ticket lists', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  it('lists a performer’s coming shows in the language asked, with what the guest bought', async () => {
    const performer = await createPerformer(t.ctx.db);
    const { accessToken, guest } = await t.signup();
    await fund(t.ctx, guest.id, PRICE);
    const later = await createShow(t, {
      actorId: performer.id,
      startsAt: new Date(Date.now() + 90 * MINUTE),
      endsAt: new Date(Date.now() + 120 * MINUTE),
    });
    const sooner = await createShow(t, { actorId: performer.id, seats: 3 });
    await createShow(t, {
      actorId: performer.id,
      startsAt: new Date(Date.now() - 90 * MINUTE),
      endsAt: new Date(Date.now() - 60 * MINUTE),
    });
    await query(t, accessToken, buyChatTicketMutation, { id: sooner.id, modelId: performer.id });
    const { data } = await query(t, accessToken, ticketChatListQuery, { modelId: performer.id }, 'de');
    const list = data!.ticketChatList;
    assert.deepEqual(
      list.map((ticket) => ticket.id),
      [sooner.id, later.id],
      'coming shows by start, ended ones left out',
    );
    const [bought, other] = list;
    assert.equal(bought!.actorLink, `/de/amateur/${performer.name}/`);
    assert.deepEqual(
      bought!.title.map((text) => text.language),
      ['de', 'en', 'nl', 'es'],
    );
    assert.deepEqual(
      [bought!.isBought, bought!.canBuy, bought!.seatsLeft, bought!.hasStarted],
      [true, false, 2, false],
    );
    assert.equal(bought!.postBuyInfo.length, 4, 'the post-buy info goes to buyers, in every language');
    assert.deepEqual([other!.isBought, other!.canBuy, other!.postBuyInfo.length], [false, true, 0]);
    assert.deepEqual(bought!.price, { value: PRICE, currency: 'VXC', symbol: 'VXC' });
  });

  it('shows the avatar and sedcards of a performer rated 18 through the age gate: blurred to a visitor or a guest, signed to a verified guest', async () => {
    const performer = await createRatedPerformer(t.ctx.db);
    await createShow(t, { actorId: performer.id });
    const anonymous = await t.anonymousToken();
    await assertShownThroughGate(
      t,
      await gateGuests(t),
      [performer.avatarUrl, ...performer.sedcards],
      async (token = anonymous) => {
        const [ticket] = (await query(t, token, ticketChatListQuery, { modelId: performer.id })).data!.ticketChatList;
        return [ticket!.avatar, ...ticket!.sedcards];
      },
    );
  });

  it('tells the chat button, profile and lists that the guest holds a ticket of the performer', async () => {
    const performer = await createPerformer(t.ctx.db);
    const show = await createShow(t, { actorId: performer.id });
    const holder = await t.signup();
    const stranger = await t.signup();
    await fund(t.ctx, holder.guest.id, PRICE);
    await query(t, holder.accessToken, buyChatTicketMutation, { id: show.id, modelId: performer.id });
    const state = async (token: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/rest/v1/actor/getActorStateById/${performer.id}`,
        headers: { authorization: `Bearer ${token}` },
      });
      return chatEndpoints.actorState.response.parse(response.json()).chatButton.guestHasTicket;
    };
    assert.equal(await state(holder.accessToken), true);
    assert.equal(await state(stranger.accessToken), false);
    const profile = await t.app.inject({
      method: 'GET',
      url: `/rest/v1/actor/getActorDataByIdOrName/${performer.name}`,
      headers: { authorization: `Bearer ${holder.accessToken}` },
    });
    assert.equal(chatEndpoints.actorData.response.parse(profile.json()).guestHasTicket, true);
    await t.ctx.db
      .update(chatTickets)
      .set({ endsAt: new Date(Date.now() - 1) })
      .where(eq(chatTickets.id, show.id));
    assert.equal(await state(holder.accessToken), false, 'an ended show’s ticket no longer counts');
  });

  it('lists cam shows of platform 1502 with status ok, by start either way, internal ones only when asked', async () => {
    const performer = await createPerformer(t.ctx.db);
    const { accessToken } = await t.signup();
    const inHours = (h: number) => new Date(Date.now() + h * 60 * MINUTE);
    const shows: (typeof chatTickets.$inferSelect)[] = [];
    for (const h of [3, 1, 2])
      shows.push(await createShow(t, { actorId: performer.id, startsAt: inHours(h), endsAt: inHours(h + 1) }));
    const internal = await createShow(t, {
      actorId: performer.id,
      startsAt: inHours(4),
      endsAt: inHours(5),
      isInternal: true,
    });
    await createShow(t, { actorId: performer.id, status: 'cancelled' });
    await createShow(t, { actorId: performer.id, platformId: 1 });
    const list = async (variables: ChatShowListVariables) =>
      (await query(t, accessToken, chatShowListQuery, variables)).data!.chatShowList;
    const ascending = await list({ startDateTo: inHours(3.5).toISOString() });
    const mine = (items: { id: number }[]) =>
      items.map((s) => s.id).filter((id) => shows.some((s) => s.id === id) || id === internal.id);
    assert.deepEqual(mine(ascending.items), [shows[1]!.id, shows[2]!.id, shows[0]!.id]);
    const descending = await list({ order: 'DESC', startDateTo: inHours(3.5).toISOString() });
    assert.deepEqual(mine(descending.items), [shows[0]!.id, shows[2]!.id, shows[1]!.id]);
    assert.deepEqual(mine((await list({ internal: true })).items), [internal.id]);
    const fromLater = await list({ endDateFrom: inHours(3.5).toISOString() });
    assert.deepEqual(mine(fromLater.items), [shows[0]!.id]);
    const paged = await list({ first: 1, offset: 1, startDateTo: inHours(3.5).toISOString() });
    assert.equal(paged.items.length, 1);
    assert.equal(paged.total, ascending.total);
    assert.equal(ascending.items[0]!.actorOnline, true);
    const bad = await query(t, accessToken, chatShowListQuery, { order: 'SIDEWAYS' as 'ASC' });
    assert.equal(bad.errors?.[0]?.extensions?.code, 'VALIDATION_FAILED');
  });
});

await onEachDatabase(ticketRules);
