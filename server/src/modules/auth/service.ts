import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { isValidEmail, type AuthResponse } from '@velvet/contracts';
import type { Database } from '../../db/database';
import { HttpError } from '../../http/endpoint';
import type { Auth, ModuleContext } from '../module';
import { asLanguage, guestView, forgetKeptGuest } from './guests';
import { checkNewPassword } from './password';
import { guests, type GuestRow } from './schema';

/** OWASP password storage cheat sheet: argon2id, 19 MiB, 2 iterations, 1 lane. */
const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => argon2.hash(password, ARGON2_OPTIONS);

/** Verified against for unknown emails, so a wrong email costs as long as a wrong password. */
let decoyHash: Promise<string> | undefined;

/** A token of a new session of the guest; it expires with the session (sessions.ts states the lifetimes). */
export async function issue(
  app: FastifyInstance,
  ctx: Pick<ModuleContext, 'hooks'>,
  row: GuestRow,
  now: Date,
): Promise<AuthResponse> {
  const { sid, lifetimeMs } = await app.sessions.open(row.id, row.operator, now);
  const claims: Auth = { guestId: row.id, loggedIn: !row.anonymous, operator: row.operator, sid };
  const accessToken = app.jwt.sign(claims, { expiresIn: Math.floor(lifetimeMs / 1000) });
  return { accessToken, guest: await guestView(ctx, row) };
}

export async function createAnonymous(db: Database): Promise<GuestRow> {
  const [row] = await db
    .insert(guests)
    .values({ name: `guest-${randomBytes(6).toString('hex')}`, anonymous: true })
    .returning();
  return row!;
}

type PgErrorChain = { code?: string; constraint?: string; cause?: unknown } | undefined;

/** drizzle wraps driver errors; the PostgreSQL error (code 23505) sits somewhere in the cause chain. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let e = error as PgErrorChain; e; e = e.cause as PgErrorChain) {
    if (e.code === '23505' && e.constraint === constraint) return true;
  }
  return false;
}

export interface SignupInput {
  email: string;
  password: string;
  name: string;
  language?: string;
}

/**
 * A new guest with email, name and password. New passwords follow the password policy; `demoData` skips it
 * only for the seeded demo guest, whose published password is part of the demo.
 */
export async function signup(db: Database, input: SignupInput, { demoData = false } = {}): Promise<GuestRow> {
  const email = input.email.trim().toLowerCase();
  const name = input.name.trim();
  if (!isValidEmail(email)) throw new HttpError(400, 'INVALID_EMAIL', 'This email address is not valid');
  if (!demoData) checkNewPassword(input.password);
  if (name.length < 2) throw new HttpError(400, 'VALIDATION_FAILED', 'A name needs at least 2 characters');
  const [emailTaken] = await db.select({ id: guests.id }).from(guests).where(eq(guests.email, email));
  if (emailTaken) throw new HttpError(409, 'EMAIL_TAKEN', 'This email address already has an account');
  const [nameTaken] = await db
    .select({ id: guests.id })
    .from(guests)
    .where(sql`lower(${guests.name}) = ${name.toLowerCase()}`);
  if (nameTaken) throw new HttpError(409, 'NAME_TAKEN', 'This name is already taken');
  const passwordHash = await hashPassword(input.password);
  try {
    const [row] = await db
      .insert(guests)
      .values({ email, name, passwordHash, anonymous: false, language: asLanguage(input.language ?? 'en') })
      .returning();
    return row!;
  } catch (error) {
    // Two signups racing for the same email or name: the unique constraints decide.
    if (isUniqueViolation(error, 'guests_email_unique'))
      throw new HttpError(409, 'EMAIL_TAKEN', 'This email address already has an account');
    if (isUniqueViolation(error, 'guests_name_lower_unique'))
      throw new HttpError(409, 'NAME_TAKEN', 'This name is already taken');
    throw error;
  }
}

/** One answer for an unknown email and a wrong password, so accounts cannot be probed. */
export async function login(db: Database, emailInput: string, password: string): Promise<GuestRow> {
  const email = emailInput.trim().toLowerCase();
  const [row] = await db.select().from(guests).where(eq(guests.email, email));
  const hash = row?.passwordHash ?? (await (decoyHash ??= hashPassword(randomBytes(16).toString('hex'))));
  const matches = await argon2.verify(hash, password).catch(() => false);
  if (!row || !row.passwordHash || !matches)
    throw new HttpError(401, 'INVALID_CREDENTIALS', 'Email or password is wrong');
  return row;
}

/** The guest (not an anonymous visitor) of an address, lower-cased as stored. */
export async function findGuestByEmail(db: Database, email: string): Promise<GuestRow | undefined> {
  const [row] = await db.select().from(guests).where(eq(guests.email, email));
  return row && !row.anonymous ? row : undefined;
}

/** Whether `password` is the guest's (false for a guest without one). */
export async function passwordMatches(row: GuestRow, password: string): Promise<boolean> {
  return row.passwordHash ? argon2.verify(row.passwordHash, password).catch(() => false) : false;
}

/** Stores a new password that passed the password policy (checkNewPassword); answers the updated row. */
export async function setPassword(db: Database, guestId: string, password: string): Promise<GuestRow> {
  checkNewPassword(password);
  const passwordHash = await hashPassword(password);
  const [row] = await db.update(guests).set({ passwordHash }).where(eq(guests.id, guestId)).returning();
  if (!row) throw new HttpError(404, 'NOT_FOUND', 'No such guest');
  forgetKeptGuest(guestId);
  return row;
}

/** A guest's new address (valid, lower-cased, nobody else's: 400 INVALID_EMAIL, 409 EMAIL_TAKEN). */
export async function setEmail(db: Database, guestId: string, input: string): Promise<GuestRow> {
  const email = input.trim().toLowerCase();
  if (!isValidEmail(email)) throw new HttpError(400, 'INVALID_EMAIL', 'This email address is not valid');
  try {
    const [row] = await db.update(guests).set({ email }).where(eq(guests.id, guestId)).returning();
    if (!row) throw new HttpError(404, 'NOT_FOUND', 'No such guest');
    forgetKeptGuest(guestId);
    return row;
  } catch (error) {
    if (isUniqueViolation(error, 'guests_email_unique'))
      throw new HttpError(409, 'EMAIL_TAKEN', 'This email address already has an account');
    throw error;
  }
}
