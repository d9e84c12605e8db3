import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { TOTP_DIGITS, type TotpEnrolment } from '@velvet/contracts';
import type { Database } from '../../db/database';
import { HttpError } from '../../http/endpoint';
import { guests, type GuestRow } from './schema';
import { forgetKeptGuest } from './guests';

const ISSUER = 'Velvet';
/** RFC 6238 defaults, which every authenticator app reads: SHA-1, 30 s steps, one step of drift either side. */
const PERIOD_S = 30;
const DRIFT_STEPS = 1;

const totpOf = (secret: string, label: string) =>
  new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: TOTP_DIGITS, period: PERIOD_S, secret });

/** A new secret for the guest, kept as pending until a code from it is confirmed. */
export async function startEnrolment(db: Database, row: GuestRow): Promise<TotpEnrolment> {
  const secret = new Secret({ size: 20 }).base32;
  await db.update(guests).set({ totpPendingSecret: secret }).where(eq(guests.id, row.id));
  forgetKeptGuest(row.id);
  return { secret, uri: totpOf(secret, row.email ?? row.name).toString() };
}

/**
 * The time step a code belongs to, or null when it is wrong. A step not after the last accepted one is refused,
 * so a code seen once (over a shoulder, in a log) cannot log in again.
 */
function acceptedStep(secret: string, code: string, lastStep: number | null, now: Date): number | null {
  const token = code.replace(/\s/g, '');
  if (!/^\d+$/.test(token)) return null;
  const delta = totpOf(secret, '').validate({ token, timestamp: now.getTime(), window: DRIFT_STEPS });
  if (delta === null) return null;
  const step = Math.floor(now.getTime() / 1000 / PERIOD_S) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}

/** Puts the pending secret in force when the code is one of it. */
export async function confirmEnrolment(db: Database, row: GuestRow, code: string, now: Date): Promise<void> {
  const step = row.totpPendingSecret ? acceptedStep(row.totpPendingSecret, code, null, now) : null;
  if (step === null) throw new HttpError(400, 'TOTP_INVALID', 'This code does not match; try the current one');
  await db
    .update(guests)
    .set({ totpSecret: row.totpPendingSecret, totpPendingSecret: null, totpLastStep: step })
    .where(eq(guests.id, row.id));
  forgetKeptGuest(row.id);
}

/** The second factor of a login whose password was right: 401 TOTP_REQUIRED without a code, TOTP_INVALID for a wrong one. */
export async function checkLoginCode(db: Database, row: GuestRow, code: string | undefined, now: Date): Promise<void> {
  if (!row.totpSecret) return;
  if (!code) throw new HttpError(401, 'TOTP_REQUIRED', 'Enter the code of your authenticator app');
  const step = acceptedStep(row.totpSecret, code, row.totpLastStep, now);
  // Taken only if no other login took this step meanwhile: two logins racing with one code, one wins.
  const [taken] =
    step === null
      ? []
      : await db
          .update(guests)
          .set({ totpLastStep: step })
          .where(and(eq(guests.id, row.id), or(isNull(guests.totpLastStep), lt(guests.totpLastStep, step))))
          .returning({ id: guests.id });
  if (!taken) throw new HttpError(401, 'TOTP_INVALID', 'This code does not match; try the current one');
  forgetKeptGuest(row.id);
}
