import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { signup } from './service';
import { guests } from './schema';

/** The demo guest of the seeded site: its inbox, vouchers and profile are filled by the seeds. */
export const DEMO_GUEST = { email: 'demo@velvet.test', password: 'velvet-demo', name: 'DemoGuest' } as const;

/**
 * The demo guest's id, signing it up on first use. Both the messenger and the account seed need it and run in
 * module order, so whichever runs first creates it.
 */
export async function ensureDemoGuest(db: Database): Promise<string> {
  const [existing] = await db.select({ id: guests.id }).from(guests).where(eq(guests.email, DEMO_GUEST.email));
  if (existing) return existing.id;
  const created = await signup(db, { ...DEMO_GUEST, language: 'en' }, { demoData: true });
  return created.id;
}
