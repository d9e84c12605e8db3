import { desc, eq } from 'drizzle-orm';
import type { StatusBarMessage } from '../../socket/status-bar';
import type { ModuleContext } from '../module';
import { findGuest } from './guests';
import { authSessions } from './schema';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A guest whose previous login is at least this long ago is greeted as returning. */
export const WELCOME_BACK_AFTER_MS = 30 * DAY_MS;
/** For how long after the returning login the greeting shows. */
export const WELCOME_BACK_FOR_MS = DAY_MS;

/**
 * The welcomeBackUser message: the guest's newest session began within the last day, and the one before it at
 * least 30 days before that (a guest who returns after a month's absence, not one who logs in daily).
 */
export async function welcomeBack(ctx: ModuleContext, guestId: string): Promise<StatusBarMessage | null> {
  const [latest, previous] = await ctx.db
    .select({ created: authSessions.created })
    .from(authSessions)
    .where(eq(authSessions.guestId, guestId))
    .orderBy(desc(authSessions.created))
    .limit(2);
  if (!latest || !previous) return null;
  if (ctx.now().getTime() - latest.created.getTime() >= WELCOME_BACK_FOR_MS) return null;
  if (latest.created.getTime() - previous.created.getTime() < WELCOME_BACK_AFTER_MS) return null;
  const guest = await findGuest(ctx.db, guestId);
  return { data: { name: guest.name }, action: null };
}
