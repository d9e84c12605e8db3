import { randomInt, timingSafeEqual } from 'node:crypto';
import { and, count, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  PIN_LENGTH,
  PINCALL_TYPES,
  type ErrorCode,
  type PINCALL_LANGUAGES,
  type PincallType,
  type PincallVerification,
  type pincallOutboxEntry,
} from '@velvet/contracts';
import type { Database } from '../../db/database';
import { HttpError } from '../../http/endpoint';
import { isUniqueViolation } from '../auth/service';
import { blockedPhones, pincalls } from './schema';

/** A pin is good for 10 minutes, 3 wrong pins end the verification, and a guest may start 5 a day. */
export const PIN_TTL_MS = 10 * 60_000;
export const MAX_PIN_ATTEMPTS = 3;
export const MAX_STARTS_PER_DAY = 5;
const DAY_MS = 24 * 60 * 60_000;

/** Calling codes of the countries whose numbers may be verified (the site's markets). */
export const ALLOWED_CALLING_CODES = ['49', '43', '41', '31', '32', '34', '352'] as const;

export type OutboxEntry = z.infer<typeof pincallOutboxEntry>;
export type PincallLanguage = (typeof PINCALL_LANGUAGES)[number];

export interface PinMessage {
  verificationId: number;
  /** E.164 with the plus. */
  phoneNumber: string;
  type: PincallType;
  language: PincallLanguage;
  pin: string;
}

/** Sends a pin by SMS (mobile) or reads it out in a call (fixed line); throws when the provider fails. */
export interface PincallProvider {
  send(message: PinMessage, now: Date): Promise<void>;
}

/**
 * The built-in provider: "sends" into an outbox in memory (the newest 1,000) that tests and the operator console
 * read. Like the payment sandbox it has a number that fails: +49 151 0000 0010, the provider being unreachable.
 */
export class SandboxPincallProvider implements PincallProvider {
  static readonly FAILING_NUMBER = '+4915100000010';
  private static readonly KEEP = 1_000;
  readonly outbox: OutboxEntry[] = [];

  async send(message: PinMessage, now: Date): Promise<void> {
    if (message.phoneNumber === SandboxPincallProvider.FAILING_NUMBER) throw new Error('sandbox provider unreachable');
    this.outbox.push({ ...message, sentAt: now.toISOString() });
    if (this.outbox.length > SandboxPincallProvider.KEEP) this.outbox.shift();
  }
}

const fail = (statusCode: number, code: ErrorCode, message: string) => new HttpError(statusCode, code, message);

/** A strict E.164 number (spaces, dashes and brackets as typed are dropped) of an allowed country. */
export function parsePhone(input: string): { e164: string; countryCode: string; national: string } {
  const compact = input.replace(/[\s\-()/]/g, '');
  if (!/^\+[1-9]\d{6,14}$/.test(compact))
    throw fail(400, 'PHONE_INVALID', 'A phone number is + and the country code, then 6 to 14 digits');
  const digits = compact.slice(1);
  const countryCode = ALLOWED_CALLING_CODES.find((code) => digits.startsWith(code));
  if (!countryCode) throw fail(400, 'PHONE_COUNTRY_NOT_ALLOWED', 'Numbers of this country cannot be verified');
  const national = digits.slice(countryCode.length);
  if (national.length < 6 || national.startsWith('0'))
    throw fail(400, 'PHONE_INVALID', 'The number after the country code is not valid');
  return { e164: compact, countryCode, national };
}

export function parseType(input: string): PincallType {
  if (!(PINCALL_TYPES as readonly string[]).includes(input))
    throw fail(400, 'VERIFICATION_TYPE_INVALID', `The verification type is one of ${PINCALL_TYPES.join(', ')}`);
  return input as PincallType;
}

type PincallRow = typeof pincalls.$inferSelect;

export function verificationView(row: PincallRow): PincallVerification {
  const national = row.phone.slice(row.countryCode.length);
  return {
    id: row.id,
    type: row.type,
    verified: row.verified,
    countryCode: row.countryCode,
    preCode: national.slice(0, 3),
    number: national.slice(3),
    pinLength: PIN_LENGTH[row.type],
  };
}

const newPin = (length: number) => Array.from({ length }, () => randomInt(10)).join('');

export async function startVerification(
  db: Database,
  provider: PincallProvider,
  guestId: string,
  input: { phoneNumber: string; type: string; language: PincallLanguage },
  now: Date,
): Promise<{ id: number; pinLength: number }> {
  const type = parseType(input.type);
  const { e164, countryCode } = parsePhone(input.phoneNumber);
  const phone = e164.slice(1);
  const [blocked] = await db.select().from(blockedPhones).where(eq(blockedPhones.phone, phone));
  if (blocked) throw fail(400, 'PHONE_BLACKLISTED', 'This phone number cannot be verified');
  const [taken] = await db
    .select({ guestId: pincalls.guestId })
    .from(pincalls)
    .where(and(eq(pincalls.phone, phone), eq(pincalls.verified, true)));
  if (taken && taken.guestId !== guestId)
    throw fail(409, 'PHONE_NOT_UNIQUE', 'This phone number is verified for another account');
  const [started] = await db
    .select({ n: count() })
    .from(pincalls)
    .where(and(eq(pincalls.guestId, guestId), gt(pincalls.created, new Date(now.getTime() - DAY_MS))));
  if ((started?.n ?? 0) >= MAX_STARTS_PER_DAY)
    throw fail(429, 'VERIFICATION_ATTEMPTS_EXCEEDED', 'Too many verifications today; try again tomorrow');
  const pin = newPin(PIN_LENGTH[type]);
  const [row] = await db
    .insert(pincalls)
    .values({ guestId, type, phone, countryCode, pin, created: now, expires: new Date(now.getTime() + PIN_TTL_MS) })
    .returning();
  try {
    await provider.send({ verificationId: row!.id, phoneNumber: e164, type, language: input.language, pin }, now);
  } catch {
    // Nothing was sent: the verification cannot be finished, and it does not count against the daily limit.
    await db.delete(pincalls).where(eq(pincalls.id, row!.id));
    throw fail(503, 'VERIFICATION_UNAVAILABLE', 'The pin could not be sent; please try again later');
  }
  return { id: row!.id, pinLength: PIN_LENGTH[type] };
}

const samePin = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

export async function verifyPin(
  db: Database,
  guestId: string,
  input: { id: number; type: string; pin: string },
  now: Date,
): Promise<PincallVerification> {
  const type = parseType(input.type);
  // Another guest's verification is answered like a missing one.
  const [row] = await db
    .select()
    .from(pincalls)
    .where(and(eq(pincalls.id, input.id), eq(pincalls.guestId, guestId)));
  if (!row) throw fail(404, 'VERIFICATION_NOT_FOUND', 'There is no such verification');
  if (row.type !== type) throw fail(400, 'VERIFICATION_TYPE_INVALID', 'This verification is of another type');
  if (row.verified) return verificationView(row);
  // Counted before the check, atomically, so pins guessed in parallel count too.
  const [counted] = await db
    .update(pincalls)
    .set({ attempts: sql`${pincalls.attempts} + 1` })
    .where(and(eq(pincalls.id, row.id), lt(pincalls.attempts, MAX_PIN_ATTEMPTS)))
    .returning();
  if (!counted || counted.pin === null)
    throw fail(429, 'VERIFICATION_ATTEMPTS_EXCEEDED', 'Too many wrong pins; start a new verification');
  if (counted.expires.getTime() <= now.getTime())
    throw fail(410, 'VERIFICATION_TIMED_OUT', 'The pin has expired; start a new verification');
  if (!samePin(counted.pin, input.pin)) throw fail(400, 'VERIFICATION_CODE_INVALID', 'The pin is not right');
  try {
    const [verified] = await db
      .update(pincalls)
      .set({ verified: true, pin: null })
      .where(eq(pincalls.id, row.id))
      .returning();
    return verificationView(verified!);
  } catch (error) {
    // Another guest verified the same number between the start and now: the unique index decides.
    if (isUniqueViolation(error, 'lifecycle_pincalls_verified_phone'))
      throw fail(409, 'PHONE_NOT_UNIQUE', 'This phone number is verified for another account');
    throw error;
  }
}

export async function verificationsOf(db: Database, guestId: string): Promise<PincallVerification[]> {
  const rows = await db
    .select()
    .from(pincalls)
    .where(eq(pincalls.guestId, guestId))
    .orderBy(desc(pincalls.created), desc(pincalls.id));
  return rows.map(verificationView);
}
