import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { walletAccounts, walletDeposits, walletEntries, walletTransfers } from './schema';

/**
 * The coins (hundredths) a guest spent in transfers made from `from` (inclusive) to `to` (exclusive), read from the
 * ledger: what left her own account to performers or the platform (purchases, tips, paid messages), less what a
 * refund gave back. Deposits and bonuses are no spending, and neither are coins held for a running chat (those
 * transfers have a hold or the payment provider's account as a leg).
 */
export async function coinsSpent(db: Database, guestId: string, from: Date, to: Date): Promise<number> {
  const result = await db.execute(sql`
    select coalesce(-sum(e.amount), 0)::bigint as spent
    from ${walletEntries} e
    join ${walletAccounts} a on a.id = e.account_id and a.kind = 'guest' and a.owner_id = ${guestId}
    join ${walletTransfers} t on t.id = e.transfer_id
    where t.created >= ${from.toISOString()} and t.created < ${to.toISOString()}
      and (e.amount < 0 or t.reason like 'refund.%')
      and not exists (
        select 1 from ${walletEntries} o join ${walletAccounts} oa on oa.id = o.account_id
        where o.transfer_id = e.transfer_id and (oa.kind = 'hold' or (oa.kind = 'system' and oa.owner_id = 'sandbox'))
      )`);
  const [row] = (result as unknown as { rows: { spent: string | number }[] }).rows;
  return Number(row?.spent ?? 0);
}

/** EUR cents of the guest's credited deposits made from `from` (inclusive) to `to` (exclusive). */
export async function eurDeposited(db: Database, guestId: string, from: Date, to: Date): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${walletDeposits.amountEurCents}), 0)`.mapWith(Number) })
    .from(walletDeposits)
    .where(
      and(
        eq(walletDeposits.guestId, guestId),
        eq(walletDeposits.status, 'credited'),
        gte(walletDeposits.created, from),
        lt(walletDeposits.created, to),
      ),
    );
  return row?.total ?? 0;
}
