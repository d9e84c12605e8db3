import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { walletAccounts } from './schema';

/** Whose coins: a guest's wallet, a performer's earnings, or one of the system's accounts. */
export type AccountRef =
  | { kind: 'guest'; id: string }
  | { kind: 'performer'; id: number | string }
  | { kind: 'system'; id: 'sandbox' | 'platform' }
  /** Coins held from a guest for a running paid chat (owner: the chat's id); never below zero. */
  | { kind: 'hold'; id: string };

export const ownerIdOf = (account: AccountRef) => String(account.id);

/** The balance of an account in hundredths of a coin; 0 for an account not used yet. */
export async function accountBalance(db: Database, account: AccountRef): Promise<number> {
  const [row] = await db
    .select({ balance: walletAccounts.balance })
    .from(walletAccounts)
    .where(and(eq(walletAccounts.kind, account.kind), eq(walletAccounts.ownerId, ownerIdOf(account))));
  return row?.balance ?? 0;
}

/** A guest's coins in hundredths: the one source of the balance everywhere (getGuestBalance, pushes, guest shape). */
export const balanceOf = (db: Database, guestId: string) => accountBalance(db, { kind: 'guest', id: guestId });
