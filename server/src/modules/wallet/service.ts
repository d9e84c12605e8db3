import { and, eq, sql } from 'drizzle-orm';
import { balanceOnWire } from '@velvet/contracts';
import { LRUCache } from 'lru-cache';
import { afterTransaction, type Database } from '../../db/database';
import type { Bus } from '../../cluster/bus';
import { HttpError } from '../../http/endpoint';
import type { ModuleContext } from '../module';
import { guests } from '../auth/schema';
import { asLanguage } from '../auth/guests';
import { accountBalance, balanceOf, ownerIdOf, type AccountRef } from './accounts';
import { rechargeIfLow } from './auto-recharge';
import { walletAccounts, walletEntries, walletTransfers } from './schema';

export { accountBalance, balanceOf, type AccountRef };

export interface Leg {
  account: AccountRef;
  /** Hundredths of a coin: negative leaves the account, positive arrives. */
  amount: number;
}

export interface TransferRequest {
  /** What the money is for, e.g. 'charge', 'purchase.video'. */
  reason: string;
  legs: Leg[];
  /** When the money moves: the caller's injected clock (`ctx.now()`), so spending windows read the same time. */
  at: Date;
  /** A second transfer with the same scope and key moves nothing and answers the first one's id. */
  idempotency?: { scope: string; key: string };
  metadata?: Record<string, unknown>;
}

export interface TransferResult {
  transferId: string;
  /** True when the idempotency key had been used: nothing moved this time. */
  replayed: boolean;
}

const accountKey = (account: AccountRef) => `${account.kind}:${ownerIdOf(account)}`;

/** Legs on the same account are merged; legs are ordered by account so concurrent transfers lock alike. */
function normalizeLegs(legs: Leg[]): Leg[] {
  const merged = new Map<string, Leg>();
  for (const leg of legs) {
    if (!Number.isSafeInteger(leg.amount)) throw new Error(`A transfer amount must be an integer, got ${leg.amount}`);
    const key = accountKey(leg.account);
    const previous = merged.get(key);
    merged.set(key, { account: leg.account, amount: (previous?.amount ?? 0) + leg.amount });
  }
  const result = [...merged.entries()]
    .filter(([, leg]) => leg.amount !== 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, leg]) => leg);
  if (result.reduce((sum, leg) => sum + leg.amount, 0) !== 0)
    throw new Error('The legs of a transfer must sum to zero');
  if (result.length < 2) throw new Error('A transfer moves coins between at least two accounts');
  return result;
}

/**
 * Moves coins in one database transaction (a savepoint when `db` is already a transaction, so callers can add
 * their own rows to the same commit): creates accounts on first use, changes each balance with one guarded
 * update (a guest's or a hold's may not go below zero: 402 INSUFFICIENT_FUNDS, nothing moves) and appends the
 * entries.
 * With an idempotency key a repeated transfer moves nothing and answers the first transfer's id.
 */
export async function transfer(db: Database, request: TransferRequest): Promise<TransferResult> {
  const legs = normalizeLegs(request.legs);
  return db.transaction(async (tx) => {
    // Once the commit carrying this transfer is made (the caller's, when `db` is a transaction), a kept balance
    // view of its guests is out of date.
    for (const { account } of legs) if (account.kind === 'guest') afterTransaction(() => forgetBalanceView(account.id));
    const [created] = await tx
      .insert(walletTransfers)
      .values({
        reason: request.reason,
        created: request.at,
        idempotencyScope: request.idempotency?.scope ?? null,
        idempotencyKey: request.idempotency?.key ?? null,
        metadata: request.metadata ?? {},
      })
      .onConflictDoNothing()
      .returning({ id: walletTransfers.id });
    if (!created) {
      // Only an idempotency key can conflict: that transfer was made (and committed) before.
      const { scope, key } = request.idempotency!;
      const [first] = await tx
        .select({ id: walletTransfers.id })
        .from(walletTransfers)
        .where(and(eq(walletTransfers.idempotencyScope, scope), eq(walletTransfers.idempotencyKey, key)));
      return { transferId: first!.id, replayed: true };
    }
    for (const leg of legs) {
      const ownerId = ownerIdOf(leg.account);
      await tx.insert(walletAccounts).values({ kind: leg.account.kind, ownerId }).onConflictDoNothing();
      const [account] = await tx
        .update(walletAccounts)
        .set({ balance: sql`${walletAccounts.balance} + ${leg.amount}` })
        .where(
          and(
            eq(walletAccounts.kind, leg.account.kind),
            eq(walletAccounts.ownerId, ownerId),
            sql`(${walletAccounts.kind} not in ('guest', 'hold') or ${walletAccounts.balance} + ${leg.amount} >= 0)`,
          ),
        )
        .returning({ id: walletAccounts.id });
      if (!account) throw new HttpError(402, 'INSUFFICIENT_FUNDS', 'Your balance is too low for this');
      await tx.insert(walletEntries).values({ transferId: created.id, accountId: account.id, amount: leg.amount });
    }
    return { transferId: created.id, replayed: false };
  });
}

/** Whether a transfer with this idempotency scope and key was made (a once-only credit has been given). */
export async function transferMade(db: Database, idempotency: { scope: string; key: string }): Promise<boolean> {
  const [row] = await db
    .select({ id: walletTransfers.id })
    .from(walletTransfers)
    .where(
      and(eq(walletTransfers.idempotencyScope, idempotency.scope), eq(walletTransfers.idempotencyKey, idempotency.key)),
    );
  return row !== undefined;
}

/** The balance as answers and pushes carry it: coins and their shown text (balanceOnWire), the paying flag. */
export interface BalanceView {
  balance: number;
  balanceFormatted: string;
  isPayingCustomer: boolean;
}

/** How long a kept balance view may live at most: bounds what a change missed (a process that died mid-way) leaves stale. */
const BALANCE_VIEW_TTL_MS = 5_000;

/**
 * Balance views kept in memory, since every page of a logged-in guest asks for the balance: on the embedded
 * database a read costs the whole process (under load 500 answers/s, p99 near 2 s), on PostgreSQL a round trip.
 * A guest's view is forgotten when a transaction carrying a transfer of the guest has ended (`transfer` asks
 * for it, whether it commits itself or inside its caller's transaction) and when the guest changes what the
 * view shows besides money (language); a read that overlapped any such change is not kept. With several server
 * processes every one forgets it, told through the bus (`shareBalanceViews`).
 */
const balanceViews = new LRUCache<string, { db: Database; view: BalanceView }>({
  max: 100_000,
  ttl: BALANCE_VIEW_TTL_MS,
});
/** Counts the views forgotten: a read during which it moved may have seen the database before the change. */
let forgotten = 0;

const BALANCE_VIEW_CHANGED = 'balance-view';
/** The buses of the servers of this process (one, or several in tests) that tell the others a view changed. */
const buses = new Set<Bus>();

function dropBalanceView(guestId: string): void {
  forgotten++;
  balanceViews.delete(guestId);
}

/** Has every other process forget a view this one forgets, and this one forget what theirs do. */
export function shareBalanceViews(bus: Bus): void {
  buses.add(bus);
  bus.subscribe<string>(BALANCE_VIEW_CHANGED, dropBalanceView);
}

/** Drops the kept balance view of a guest, on every process; call after a committed change of what it shows. */
export function forgetBalanceView(guestId: string): void {
  dropBalanceView(guestId);
  for (const bus of buses) bus.publish(BALANCE_VIEW_CHANGED, guestId);
}

/**
 * The balance as the guestBalance push and getGuestBalance show it, in the guest's language, with the guest's
 * paying flag: one read, kept until the guest's next transfer or language change, since every page asks for it.
 */
export async function balanceView(db: Database, guestId: string): Promise<BalanceView> {
  const kept = balanceViews.get(guestId);
  if (kept?.db === db) return kept.view;
  const readFrom = forgotten;
  const view = await readBalanceView(db, guestId);
  if (forgotten === readFrom) balanceViews.set(guestId, { db, view });
  return view;
}

async function readBalanceView(db: Database, guestId: string): Promise<BalanceView> {
  const [row] = await db
    .select({
      language: guests.language,
      isPayingCustomer: guests.payingCustomer,
      balance: sql<number>`coalesce(${walletAccounts.balance}, 0)`.mapWith(Number),
    })
    .from(guests)
    .leftJoin(
      walletAccounts,
      and(eq(walletAccounts.kind, 'guest'), eq(walletAccounts.ownerId, ownerIdOf({ kind: 'guest', id: guestId }))),
    )
    .where(eq(guests.id, guestId));
  if (!row) throw new HttpError(401, 'TOKEN_INVALID', 'The guest of this token no longer exists');
  return Object.freeze({
    ...balanceOnWire(row.balance, asLanguage(row.language)),
    isPayingCustomer: row.isPayingCustomer,
  });
}

/**
 * Tells the guest's open sessions the new balance; call after every committed change of it. A balance below the
 * guest's automatic recharge threshold then recharges (and pushes again). Answers the balance it pushed, so a
 * route can answer it too without reading it again.
 */
export async function pushBalance(
  ctx: Pick<ModuleContext, 'db' | 'hub' | 'now' | 'statusBar' | 'hooks'>,
  guestId: string,
): Promise<{ balance: number; balanceFormatted: string }> {
  const { balance, balanceFormatted } = await balanceView(ctx.db, guestId);
  ctx.hub.sendToGuest(guestId, { type: 'guestBalance', balance, balanceFormatted });
  await ctx.hooks.balancePushed?.(guestId);
  await rechargeIfLow(ctx, guestId, balance);
  return { balance, balanceFormatted };
}
