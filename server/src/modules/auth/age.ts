import { and, asc, eq, ilike, or } from 'drizzle-orm';
import { needsAgeCheck, type AgeRatedKind, type AvsStatus } from '@velvet/contracts';
import type { Database } from '../../db/database';
import type { Auth, ModuleContext } from '../module';
import { guests } from './schema';
import { forgetKeptGuest, keptGuestIfAny } from './guests';

/**
 * Whether the caller passed the age verification: only a logged-in guest can (a verification belongs to an
 * account), and only while it is accepted. Content above its free age rating asks this before it is handed out.
 */
export async function isAgeVerified(
  db: Database,
  auth: Pick<Auth, 'guestId' | 'loggedIn'> | null,
  { lock = false }: { lock?: boolean } = {},
): Promise<boolean> {
  if (!auth?.loggedIn) return false;
  const read = db.select({ avsStatus: guests.avsStatus }).from(guests).where(eq(guests.id, auth.guestId));
  // `lock` (in a transaction): a revocation waits until the transaction that relied on the verification commits
  const [row] = lock ? await read.for('share') : await read;
  return ageVerifiedBy(auth, row?.avsStatus);
}

/** `isAgeVerified` for a caller whose guest row (its `avsStatus`) was read with other data. */
export const ageVerifiedBy = (auth: Pick<Auth, 'loggedIn'> | null, avsStatus: string | undefined): boolean =>
  Boolean(auth?.loggedIn) && avsStatus === 'accepted';

/** How one caller sees rated content: what needs the age check, and which URL an image of a rating has. */
export interface AgeGate {
  needAgeCheck(kind: AgeRatedKind, ageRating: number): boolean;
  /** The image itself (signed when rated above the free rating) for a verified guest, its blurred variant otherwise. */
  image(url: string, ageRating: number): string;
}

/**
 * The caller's age gate, asked once per answer: a guest who is not verified (every visitor) gets blurred
 * previews of content above its free age rating; the files themselves are refused without the signature.
 */
export async function ageGate(
  reader: Pick<ModuleContext, 'db' | 'images' | 'now'>,
  auth: Pick<Auth, 'guestId' | 'loggedIn'> | null,
): Promise<AgeGate> {
  if (!auth?.loggedIn) return ageGateOf(reader, false);
  // The guest's kept row: every list a guest sees asks for the gate, and it only decides what is shown.
  return ageGateOf(reader, ageVerifiedBy(auth, (await keptGuestIfAny(reader, auth.guestId))?.avsStatus));
}

/** The age gate of a caller whose verification is known (see `ageVerifiedBy`). */
export function ageGateOf(reader: Pick<ModuleContext, 'images' | 'now'>, verified: boolean): AgeGate {
  const now = reader.now();
  return {
    needAgeCheck: (kind, ageRating) => !verified && needsAgeCheck(kind, ageRating),
    image: (url, ageRating) => {
      if (!needsAgeCheck('image', ageRating)) return url;
      return verified ? reader.images.signedUrl(url, now) : reader.images.blurredUrl(url);
    },
  };
}

/**
 * Sets the guest's verification status as the guest shape shows it (the age-verification module decides it);
 * answers whether the guest exists.
 */
export async function setAvsStatus(db: Database, guestId: string, status: AvsStatus): Promise<boolean> {
  const rows = await db
    .update(guests)
    .set({ avsStatus: status })
    .where(eq(guests.id, guestId))
    .returning({ id: guests.id });
  forgetKeptGuest(guestId);
  return rows.length > 0;
}

export async function avsStatusOf(db: Database, guestId: string): Promise<AvsStatus> {
  const [row] = await db.select({ avsStatus: guests.avsStatus }).from(guests).where(eq(guests.id, guestId));
  return (row?.avsStatus ?? 'unknown') as AvsStatus;
}

/** Signed-up guests whose e-mail or name matches (case-insensitive, containing), for an operator's lookup. */
export async function findGuestsForOperator(db: Database, search: string) {
  const pattern = `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .select({ id: guests.id, name: guests.name, email: guests.email, avsStatus: guests.avsStatus })
    .from(guests)
    .where(and(eq(guests.anonymous, false), or(ilike(guests.email, pattern), ilike(guests.name, pattern))))
    .orderBy(asc(guests.name))
    .limit(GUEST_LOOKUP_LIMIT);
  return rows.map((row) => ({ ...row, avsStatus: row.avsStatus as AvsStatus }));
}
const GUEST_LOOKUP_LIMIT = 20;
