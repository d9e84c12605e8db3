import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import type { ModuleContext } from '../module';
import { guests } from './schema';
import { hashPassword, signup } from './service';
import { checkNewPassword } from './password';
import { forgetKeptGuest } from './guests';

/** The operator account of a site: it deploys remotes and switches features. */
export const OPERATOR = { email: 'operator@velvet.test', name: 'Operator' } as const;

/** Where the one-time operator password goes: the server's console (stdout), not the log. */
export type Announce = (text: string) => void;
const toConsole: Announce = (text) => process.stdout.write(text);

/**
 * Makes the operator account on first start, with OPERATOR_PASSWORD or else a random password printed once to
 * the console; only its argon2id hash is stored. A later start keeps the password, unless OPERATOR_PASSWORD is
 * given and differs: then it becomes the password (how an operator who lost it sets a new one) and the
 * operator's sessions end. A given password must pass the password policy, or the start stops.
 */
export async function ensureOperator(ctx: ModuleContext, announce: Announce = toConsole): Promise<void> {
  const given = ctx.config.operatorPassword;
  if (given !== undefined) {
    try {
      checkNewPassword(given);
    } catch (error) {
      throw new Error(`OPERATOR_PASSWORD is refused: ${(error as Error).message}`);
    }
  }
  const [existing] = await ctx.db.select().from(guests).where(eq(guests.email, OPERATOR.email));
  if (!existing) {
    const password = given ?? randomBytes(18).toString('base64url');
    const row = await signup(ctx.db, { ...OPERATOR, password, language: 'en' });
    await ctx.db.update(guests).set({ operator: true }).where(eq(guests.id, row.id));
    forgetKeptGuest(row.id);
    if (given === undefined) {
      announce(
        [
          '',
          '='.repeat(72),
          `  Operator account created: ${OPERATOR.email}`,
          `  Password (shown only this once): ${password}`,
          '  Set OPERATOR_PASSWORD on a later start to change it.',
          '='.repeat(72),
          '',
        ].join('\n') + '\n',
      );
    }
    return;
  }
  const changed = given !== undefined && !(await argon2.verify(existing.passwordHash ?? '', given).catch(() => false));
  await ctx.db
    .update(guests)
    .set({ operator: true, ...(changed ? { passwordHash: await hashPassword(given) } : {}) })
    .where(eq(guests.id, existing.id));
  forgetKeptGuest(existing.id);
  if (changed) {
    await ctx.sessions.endAllOf(existing.id, ctx.now());
    ctx.log.info('operator password set from OPERATOR_PASSWORD');
  }
}

/** Who did a change, as the audit log names them: the operator's email. */
export async function actorOf(db: Database, guestId: string): Promise<string> {
  const [row] = await db.select({ email: guests.email }).from(guests).where(eq(guests.id, guestId));
  return row?.email ?? guestId;
}
