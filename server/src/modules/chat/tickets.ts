import { and, eq, gt, lte } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { chatTicketHolders, chatTickets } from './schema';

/**
 * The ticket that lets a guest into a show of this performer running at `now`, or null. A LIVESHOW chat start
 * needs one (403 TICKET_REQUIRED without).
 */
export async function hasShowAccess(
  db: Database,
  guestId: string,
  actorId: number,
  now: Date,
): Promise<{ ticketId: number } | null> {
  const [row] = await db
    .select({ ticketId: chatTickets.id })
    .from(chatTicketHolders)
    .innerJoin(chatTickets, eq(chatTickets.id, chatTicketHolders.ticketId))
    .where(
      and(
        eq(chatTicketHolders.guestId, guestId),
        eq(chatTickets.actorId, actorId),
        eq(chatTickets.status, 'ok'),
        lte(chatTickets.startsAt, now),
        gt(chatTickets.endsAt, now),
      ),
    )
    .limit(1);
  return row ?? null;
}
