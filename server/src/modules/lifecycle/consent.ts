import { desc, eq } from 'drizzle-orm';
import { DATA_PROTECTION_SINCE, DATA_PROTECTION_VERSION, type DataProtectionState } from '@velvet/contracts';
import type { Database } from '../../db/database';
import { guestCreated } from './account';
import { consents } from './schema';

/**
 * Whether the guest accepted the notice in force: her newest acceptance, whichever kind, or her sign-up when she
 * signed up while this version was in force (signing up accepts it).
 */
export async function dataProtectionState(db: Database, guestId: string): Promise<DataProtectionState> {
  const [[newest], created] = await Promise.all([
    db
      .select()
      .from(consents)
      .where(eq(consents.guestId, guestId))
      .orderBy(desc(consents.acceptedAt), desc(consents.id))
      .limit(1),
    guestCreated(db, guestId),
  ]);
  const signedUpUnderCurrent = created.getTime() >= Date.parse(DATA_PROTECTION_SINCE);
  const accepted =
    newest?.version === DATA_PROTECTION_VERSION || !signedUpUnderCurrent
      ? newest && { version: newest.version, at: newest.acceptedAt }
      : { version: DATA_PROTECTION_VERSION, at: created };
  return {
    show: accepted?.version !== DATA_PROTECTION_VERSION,
    version: DATA_PROTECTION_VERSION,
    acceptedVersion: accepted?.version ?? null,
    acceptedAt: accepted?.at.toISOString() ?? null,
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
  if (!accepted) return dataProtectionState(db, guestId);
  await db.insert(consents).values({ guestId, kind, version: DATA_PROTECTION_VERSION, acceptedAt: now });
  // Her newest acceptance is now this one, of the version in force: the state needs no read (every tab waits for it).
  return {
    show: false,
    version: DATA_PROTECTION_VERSION,
    acceptedVersion: DATA_PROTECTION_VERSION,
    acceptedAt: now.toISOString(),
  };
}
