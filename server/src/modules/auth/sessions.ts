import { and, eq, gt, isNotNull, isNull, ne } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { authSessions } from './schema';

const HOUR_MS = 60 * 60 * 1000;
/** Anonymous visitors and guests: a token lasts 30 days from its issue, unless its session ends before. */
export const GUEST_SESSION_MS = 30 * 24 * HOUR_MS;
/** Operators deploy code to every visitor: their tokens last a working day. */
export const OPERATOR_SESSION_MS = 12 * HOUR_MS;

/**
 * The sessions behind tokens (the `sid` claim). Token checks run on every request and socket session, so they
 * read only memory: the sessions that ended early (logout, lock) and have not expired yet, loaded at start and
 * added to whenever one ends. An expired session needs no entry, the token's own expiry refuses it.
 */
export class SessionRegistry {
  /** Session id -> when its token expires (ms). */
  private readonly ended = new Map<string, number>();
  private lastPrune = 0;

  constructor(private readonly db: Database) {}

  /** Reads the sessions that ended early and are not expired yet (at start). */
  async load(now: Date): Promise<void> {
    const rows = await this.db
      .select({ id: authSessions.id, expires: authSessions.expires })
      .from(authSessions)
      .where(and(isNotNull(authSessions.ended), gt(authSessions.expires, now)));
    this.remember(rows, now);
  }

  isEnded(sid: string): boolean {
    return this.ended.has(sid);
  }

  /** A new session of the guest; answers its id and its lifetime. */
  async open(guestId: string, operator: boolean, now: Date): Promise<{ sid: string; lifetimeMs: number }> {
    const lifetimeMs = operator ? OPERATOR_SESSION_MS : GUEST_SESSION_MS;
    const [row] = await this.db
      .insert(authSessions)
      .values({ guestId, created: now, expires: new Date(now.getTime() + lifetimeMs) })
      .returning({ id: authSessions.id });
    return { sid: row!.id, lifetimeMs };
  }

  /** Ends one session; answers whether it was still running. */
  async end(sid: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(authSessions)
      .set({ ended: now })
      .where(and(eq(authSessions.id, sid), isNull(authSessions.ended)))
      .returning({ id: authSessions.id, expires: authSessions.expires });
    this.remember(rows, now);
    return rows.length > 0;
  }

  /** Ends every running session of a guest; answers how many there were. */
  async endAllOf(guestId: string, now: Date): Promise<number> {
    const rows = await this.db
      .update(authSessions)
      .set({ ended: now })
      .where(and(eq(authSessions.guestId, guestId), isNull(authSessions.ended), gt(authSessions.expires, now)))
      .returning({ id: authSessions.id, expires: authSessions.expires });
    this.remember(rows, now);
    return rows.length;
  }

  /** Ends every running session of a guest but `keepSid` (a password change keeps the tab that made it). */
  async endOthers(guestId: string, keepSid: string, now: Date): Promise<string[]> {
    const rows = await this.db
      .update(authSessions)
      .set({ ended: now })
      .where(
        and(
          eq(authSessions.guestId, guestId),
          ne(authSessions.id, keepSid),
          isNull(authSessions.ended),
          gt(authSessions.expires, now),
        ),
      )
      .returning({ id: authSessions.id, expires: authSessions.expires });
    this.remember(rows, now);
    return rows.map((row) => row.id);
  }

  /** Refuses these sessions' tokens from now on (sessions another module ended, e.g. of a deleted account). */
  remember(rows: ReadonlyArray<{ id: string; expires: Date }>, now: Date): void {
    for (const row of rows) this.ended.set(row.id, row.expires.getTime());
    // Expired entries are dropped at most once an hour, so the map holds about one lifetime of early ends.
    if (now.getTime() - this.lastPrune < HOUR_MS) return;
    this.lastPrune = now.getTime();
    for (const [id, expires] of this.ended) if (expires <= now.getTime()) this.ended.delete(id);
  }
}
