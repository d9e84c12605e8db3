import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../testing/app';
import { voucherActors, vouchers } from '../account/schema';
import { ageGate } from '../auth/age';
import { listPerformerCards } from '../performers/catalogue';
import { balanceOf } from '../wallet/service';
import { gifts } from './schema';
import { sendGuestMessage } from './send';
import { touchChannel } from './service';

/** A messenger-gift voucher (type 6) of one unit, valid now, limited to one performer. */
async function giveVoucher(t: TestApp, guestId: string, actorId: number): Promise<number> {
  const now = t.ctx.now().getTime();
  const [row] = await t.ctx.db
    .insert(vouchers)
    .values({ guestId, type: 6, amount: 1, validFrom: new Date(now - 60_000), validTo: new Date(now + 86_400_000) })
    .returning({ id: vouchers.id });
  await t.ctx.db.insert(voucherActors).values({ voucherId: row!.id, actorId });
  return row!.id;
}

const amountLeft = async (t: TestApp, voucherId: number) =>
  (await t.ctx.db.select({ amount: vouchers.amount }).from(vouchers).where(eq(vouchers.id, voucherId)))[0]!.amount;

describe('messenger gift vouchers', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ seedScale: 0.05 });
  });
  after(() => t?.close());

  it('pay a gift the guest does not own, only for the performer they hold for, once each', async () => {
    const { guest } = await t.signup();
    const [her, other] = await listPerformerCards(t.ctx.db, 2);
    const gate = await ageGate(t.ctx, { guestId: guest.id, loggedIn: true });
    const [gift] = await t.ctx.db
      .select()
      .from(gifts)
      .where(and(eq(gifts.active, true), eq(gifts.vip, false)))
      .limit(1);
    const voucherId = await giveVoucher(t, guest.id, her!.id);
    const send = async (actorId: number) => {
      const channel = await touchChannel(t.ctx.db, guest.id, gate, actorId);
      return sendGuestMessage(t.ctx, guest.id, gate, {
        channelId: channel.id,
        clientMessageId: randomUUID(),
        text: 'for you',
        giftIds: [gift!.id],
      });
    };
    const elsewhere = await send(other!.id);
    assert.ok(!elsewhere.sent && elsewhere.reason === 'refused' && elsewhere.error.code === 'GIFT_NOT_OWNED');
    assert.equal(await amountLeft(t, voucherId), 1, 'not used for another performer');
    const sent = await send(her!.id);
    assert.ok(sent.sent, 'the voucher paid the gift');
    assert.equal(await amountLeft(t, voucherId), 0);
    const again = await send(her!.id);
    assert.ok(!again.sent && again.reason === 'refused' && again.error.code === 'GIFT_NOT_OWNED', 'used once');
    assert.equal(await balanceOf(t.ctx.db, guest.id), 0);
  });
});
