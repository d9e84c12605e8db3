import type { ModuleContext } from '../module';
import { pushBalance, transfer } from './service';

/** Spends a guest's coins as a purchase does: the ledger's transfer, then the balance push (which may recharge). */
export async function spendCoins(
  ctx: Pick<ModuleContext, 'db' | 'hub' | 'now' | 'statusBar' | 'hooks'>,
  guestId: string,
  coins: number,
) {
  await transfer(ctx.db, {
    reason: 'test.spend',
    at: ctx.now(),
    legs: [
      { account: { kind: 'guest', id: guestId }, amount: -coins * 100 },
      { account: { kind: 'system', id: 'platform' }, amount: coins * 100 },
    ],
  });
  await pushBalance(ctx, guestId);
}
