import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { and, eq, isNull } from 'drizzle-orm';
import { TOY_CONTROL_GIFT_IDS } from '@velvet/contracts';
import { createTestApp, type TestApp } from '../../testing/app';
import { voucherActors, vouchers } from '../account/schema';
import { grantVoucher } from '../account/service';
import { ageGate } from '../auth/age';
import { listPerformerCards } from '../performers/catalogue';
import { accountBalance, balanceOf } from '../wallet/service';
import { boughtGifts, gifts } from './schema';
import { sendGuestMessage, type SendResult } from './send';
import { touchChannel } from './service';

const DAY = 86_400_000;

describe('messenger gift vouchers', () => {
  let t: TestApp;
  let actorIds: number[];
  let roseId: number;
  before(async () => {
    t = await createTestApp({ seedScale: 0.02 });
    actorIds = (await listPerformerCards(t.ctx.db, 2)).map((actor) => actor.id);
    const [rose] = await t.ctx.db
      .select({ id: gifts.id })
      .from(gifts)
      .where(and(eq(gifts.vip, false), isNull(gifts.toyDurationSeconds)))
      .limit(1);
    roseId = rose!.id;
  });
  after(() => t?.close());

  /** A guest with no coins and no bought gifts, holding the vouchers given, writing to the first performer. */
  async function guestWith(grants: { amount: number; validTo?: Date; limitedTo?: number }[]) {
    const { guest } = await t.signup();
    const now = t.ctx.now();
    const voucherIds: number[] = [];
    for (const grant of grants) {
      const id = await grantVoucher(t.ctx.db, {
        guestId: guest.id,
        type: 6,
        amount: grant.amount,
        validFrom: new Date(now.getTime() - DAY),
        validTo: grant.validTo ?? null,
      });
      if (grant.limitedTo !== undefined)
        await t.ctx.db.insert(voucherActors).values({ voucherId: id, actorId: grant.limitedTo });
      voucherIds.push(id);
    }
    const gate = await ageGate(t.ctx, { guestId: guest.id, loggedIn: true });
    const channel = await touchChannel(t.ctx.db, guest.id, gate, actorIds[0]!);
    const send = (giftIds: number[], clientMessageId = randomUUID()): Promise<SendResult> =>
      sendGuestMessage(
        t.ctx,
        { guestId: guest.id, loggedIn: true },
        { channelId: channel.id, clientMessageId, text: '', giftIds, language: 'en' },
      );
    const left = async () =>
      (await t.ctx.db.select({ amount: vouchers.amount }).from(vouchers).where(eq(vouchers.guestId, guest.id))).reduce(
        (sum, row) => sum + row.amount,
        0,
      );
    return { guestId: guest.id, send, left };
  }

  const refusal = (result: SendResult) => (!result.sent && result.reason === 'refused' ? result.error.code : null);

  test('a voucher pays a gift the guest does not own, the performer earns her share, no coins move', async () => {
    const { guestId, send, left } = await guestWith([{ amount: 2 }]);
    const earnedBefore = await accountBalance(t.ctx.db, { kind: 'performer', id: actorIds[0]! });
    const sent = await send([roseId]);
    assert.ok(sent.sent, JSON.stringify(sent));
    assert.deepEqual(
      sent.message.gifts.map((gift) => gift.id),
      [roseId],
    );
    assert.equal(sent.message.messageType, 'gift');
    assert.equal(await left(), 1);
    assert.equal(await balanceOf(t.ctx.db, guestId), 0);
    assert.ok((await accountBalance(t.ctx.db, { kind: 'performer', id: actorIds[0]! })) > earnedBefore);
    // Two gifts with one voucher left: refused whole, the voucher kept.
    assert.equal(refusal(await send([roseId, roseId])), 'GIFT_NOT_OWNED');
    assert.equal(await left(), 1);
  });

  test('owned gifts are used first, then vouchers; the same message again uses nothing more', async () => {
    const { guestId, send, left } = await guestWith([{ amount: 1 }]);
    await t.ctx.db.insert(boughtGifts).values({ guestId, giftId: roseId, count: 1 });
    const id = randomUUID();
    const sent = await send([roseId, roseId], id);
    assert.ok(sent.sent, JSON.stringify(sent));
    assert.equal(await left(), 0);
    const [owned] = await t.ctx.db.select().from(boughtGifts).where(eq(boughtGifts.guestId, guestId));
    assert.equal(owned!.count, 0);
    const again = await send([roseId, roseId], id);
    assert.ok(again.sent && again.replayed);
  });

  test('a voucher for another performer, an expired one, or a toy control: GIFT_NOT_OWNED, nothing used', async () => {
    const other = await guestWith([{ amount: 3, limitedTo: actorIds[1]! }]);
    assert.equal(refusal(await other.send([roseId])), 'GIFT_NOT_OWNED');
    assert.equal(await other.left(), 3);
    const expired = await guestWith([{ amount: 3, validTo: new Date(t.ctx.now().getTime() - 1000) }]);
    assert.equal(refusal(await expired.send([roseId])), 'GIFT_NOT_OWNED');
    const toy = await guestWith([{ amount: 3 }]);
    assert.equal(refusal(await toy.send([TOY_CONTROL_GIFT_IDS[0]])), 'GIFT_NOT_OWNED');
    assert.equal(await toy.left(), 3);
    const mine = await guestWith([{ amount: 1, limitedTo: actorIds[0]! }]);
    assert.ok((await mine.send([roseId])).sent, 'a voucher limited to her performer pays');
  });

  test('ten gift messages at once with vouchers for three: exactly three sent', async () => {
    const { send, left } = await guestWith([{ amount: 2 }, { amount: 1 }]);
    const results = await Promise.all(Array.from({ length: 10 }, () => send([roseId])));
    assert.equal(results.filter((result) => result.sent).length, 3);
    assert.equal(results.filter((result) => refusal(result) === 'GIFT_NOT_OWNED').length, 7);
    assert.equal(await left(), 0);
  });
});
