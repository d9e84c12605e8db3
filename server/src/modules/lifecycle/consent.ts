import { desc, eq } from 'drizzle-orm';
import { DATA_PROTECTION_VERSION, type DataProtectionState } from '@velvet/contracts';
import type { Database } from '../../db/database';
import { consents } from './schema';

/** Whether the guest accepted the notice in force; her newest acceptance, whichever kind. */
export async function dataProtectionState(db: Database, guestId: string): Promise<DataProtectionState> {
  const [newest] = await db
    .select()
    .from(consents)
    .where(eq(consents.guestId, guestId))
    .orderBy(desc(consents.acceptedAt), desc(consents.id))
    .limit(1);
  return {
    show: newest?.version !== DATA_PROTECTION_VERSION,
    version: DATA_PROTECTION_VERSION,
    acceptedVersion: newest?.version ?? null,
    acceptedAt: newest?.acceptedAt.toISOString() ?? null,
  };
}

/** Stores an acceptance of the version in force with its time; closing without accepting stores nothing. */
export async function closeNotice(
  db: Database,
  guestId: string,
  kind: 'dataProtection' | 'termsAndDataProtection',
  accepted: boolean,
  now: Date,
): Promise<DataProtectionState> {
  if (accepted) await db.insert(consents).values({ guestId, kind, version: DATA_PROTECTION_VERSION, acceptedAt: now });
  return dataProtectionState(db, guestId);
}
