import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { guests } from '../auth/schema';
import { signup } from '../auth/service';

/** The operator account of a fresh site (README, "A short tour"): it deploys remotes and switches features. */
export const OPERATOR = { email: 'operator@velvet.test', password: 'velvet-operator', name: 'Operator' } as const;

/** Creates the operator account unless it exists; an existing account keeps its password. */
export async function ensureOperator(db: Database): Promise<void> {
  const [existing] = await db.select({ id: guests.id }).from(guests).where(eq(guests.email, OPERATOR.email));
  const id = existing?.id ?? (await signup(db, { ...OPERATOR, language: 'en' })).id;
  await db.update(guests).set({ operator: true }).where(eq(guests.id, id));
}

/** Who did a change, as the audit log names them: the operator's email. */
export async function actorOf(db: Database, guestId: string): Promise<string> {
  const [row] = await db.select({ email: guests.email }).from(guests).where(eq(guests.id, guestId));
  return row?.email ?? guestId;
}
