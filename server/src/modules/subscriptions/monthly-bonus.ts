import { and, eq, gt, inArray } from 'drizzle-orm';
import { VIP_MONTHLY_BONUS_COINS, VISITOR_TIME_ZONE } from '@velvet/contracts';
import type { Database } from '../../db/database';
import { HttpError } from '../../http/endpoint';
import type { ModuleContext } from '../module';
import { pushBalance, transfer, transferMade } from '../wallet/service';
import { subscriptions } from './schema';

type Ctx = Pick<ModuleContext, 'db' | 'hub' | 'now' | 'statusBar' | 'hooks'>;

const SCOPE = 'vip.monthlyBonus';
const monthFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: VISITOR_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
});

/** The calendar month of `now` in the site's time zone, YYYY-MM: the bonus is once per guest and such month. */
export function bonusMonth(now: Date): string {
  const part = (type: 'year' | 'month') => monthFormat.formatToParts(now).find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}`;
}

const bonusKey = (guestId: string, now: Date) => ({ scope: SCOPE, key: `${guestId}:${bonusMonth(now)}` });

/** Whether the guest is a VIP now: a VIP subscription running (not yet ended by the renewal job) whose period lasts. */
async function isVip(db: Database, guestId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.guestId, guestId),
        eq(subscriptions.kind, 'vip'),
        inArray(subscriptions.status, ['active', 'cancelled']),
        gt(subscriptions.periodEnd, now),
      ),
    );
  return row !== undefined;
}

/** This month's bonus when the guest is a VIP who has not collected it yet, else null. */
export async function openMonthlyBonus(db: Database, guestId: string, now: Date) {
  if (!(await isVip(db, guestId, now)) || (await transferMade(db, bonusKey(guestId, now)))) return null;
  return { coins: VIP_MONTHLY_BONUS_COINS, month: bonusMonth(now) };
}

/**
 * Credits this month's VIP bonus from the platform through the ledger. The transfer's idempotency key is the guest
 * and month, so collecting twice (or two requests at once) credits once; a guest who is no VIP gets 409.
 */
export async function collectMonthlyBonus(ctx: Ctx, guestId: string) {
  const now = ctx.now();
  if (!(await isVip(ctx.db, guestId, now)))
    throw new HttpError(409, 'NO_SUBSCRIPTION', 'The monthly bonus is for VIP members');
  const amount = VIP_MONTHLY_BONUS_COINS * 100;
  const moved = await transfer(ctx.db, {
    reason: 'bonus.vipMonthly',
    at: now,
    legs: [
      { account: { kind: 'system', id: 'platform' }, amount: -amount },
      { account: { kind: 'guest', id: guestId }, amount },
    ],
    idempotency: bonusKey(guestId, now),
  });
  if (!moved.replayed) await pushBalance(ctx, guestId);
  await ctx.statusBar.refresh(guestId);
  return { coins: VIP_MONTHLY_BONUS_COINS, month: bonusMonth(now), credited: !moved.replayed };
}
