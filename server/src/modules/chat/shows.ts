import { and, eq, gt, isNotNull, isNull, lte } from 'drizzle-orm';
import { CHAT_SHOW_PLATFORM_ID, CHAT_SHOW_STATUS } from '@velvet/contracts';
import { ageGate } from '../auth/age';
import type { ModuleContext } from '../module';
import { chatTickets } from './schema';
import { notify } from '../notifications/service';
import { performerAvatar } from '../performers/age';
import { endTicketShows, startTicketShow } from '../performers/catalogue';
import { NEXT_SHOW_LEAD_MINUTES, planNextShow } from './seed-tickets';
import { activeChatsOfActor, endChat } from './sessions';
import { hasRunningShow, runningShows, ticketHolders } from './tickets';

/**
 * The ticket show lifecycle. When a show starts the performer is in a show (the catalogue's ticket show flag),
 * her other running chats end (exit reason liveShowStarted), the ticket holders are invited
 * (privateTicketShowInvitation) and a free show is announced to everyone (freeShowStart). When it ends the flag
 * goes off and a free show says freeShowStop. Each start and end is claimed by one update of its ticket row
 * (invitations_sent_at, end_handled_at), so it happens once, also across restarts and overlapping runs.
 */

/** How often the job looks for shows that started or ended. */
export const SHOW_TICK_MS = 5000;

export interface ShowTick {
  started: number[];
  ended: number[];
}

async function startShow(ctx: ModuleContext, show: typeof chatTickets.$inferSelect): Promise<void> {
  const actor = await startTicketShow(ctx.db, show.actorId);
  if (!actor) return;
  for (const chat of await activeChatsOfActor(ctx.db, actor.id)) {
    if (chat.chatType !== 'LIVESHOW') await endChat(ctx, chat.id, 'liveShowStarted');
  }
  for (const guestId of await ticketHolders(ctx.db, show.id)) {
    // each holder sees her picture through the holder's own age gate (tickets are bought logged in)
    const gate = await ageGate(ctx, { guestId, loggedIn: true });
    ctx.hub.sendToGuest(guestId, {
      type: 'privateTicketShowInvitation',
      actorName: actor.name,
      profilePicture: performerAvatar(gate, actor),
      actorId: actor.id,
      ticketId: show.id,
    });
    await notify(ctx, guestId, 'showStarting', { name: actor.name });
  }
  if (show.price === 0) ctx.hub.broadcast({ type: 'freeShowStart', actorId: actor.id });
}

/** One run of the job at the server's time: starts, ends, and a performer flag no show backs any more. */
export async function runShowTick(ctx: ModuleContext): Promise<ShowTick> {
  const now = ctx.now();
  const started = await ctx.db
    .update(chatTickets)
    .set({ invitationsSentAt: now })
    .where(and(runningShows(now), isNull(chatTickets.invitationsSentAt)))
    .returning();
  for (const show of started) await startShow(ctx, show);

  const ended = await ctx.db
    .update(chatTickets)
    .set({ endHandledAt: now })
    .where(
      and(isNotNull(chatTickets.invitationsSentAt), isNull(chatTickets.endHandledAt), lte(chatTickets.endsAt, now)),
    )
    .returning({ id: chatTickets.id, actorId: chatTickets.actorId, price: chatTickets.price });
  if (ended.length > 0) {
    // A performer with a second show right after the first stays in show.
    await endTicketShows(
      ctx.db,
      hasRunningShow(now),
      ended.map((show) => show.actorId),
    );
    for (const show of ended) {
      if (show.price === 0) ctx.hub.broadcast({ type: 'freeShowStop', actorId: show.actorId });
    }
  }

  // A show cancelled or moved while it ran leaves no performer in show.
  await endTicketShows(ctx.db, hasRunningShow(now));
  return { started: started.map((show) => show.id), ended: ended.map((show) => show.id) };
}

/**
 * A living site: when no public show runs or starts within twice the planning lead, a demo performer plans the
 * next one (seed-tickets.ts planNextShow). Answers its id, or null.
 */
export async function keepShowsComing(ctx: ModuleContext): Promise<number | null> {
  const now = ctx.now();
  const [coming] = await ctx.db
    .select({ id: chatTickets.id })
    .from(chatTickets)
    .where(
      and(
        eq(chatTickets.status, CHAT_SHOW_STATUS),
        eq(chatTickets.platformId, CHAT_SHOW_PLATFORM_ID),
        eq(chatTickets.isInternal, false),
        gt(chatTickets.endsAt, now),
        lte(chatTickets.startsAt, new Date(now.getTime() + 2 * NEXT_SHOW_LEAD_MINUTES * 60_000)),
      ),
    )
    .limit(1);
  return coming ? null : planNextShow(ctx);
}

/** Runs the show job now (a restarted server catches up) and every SHOW_TICK_MS. */
export const startShowJob = (ctx: ModuleContext) =>
  ctx.leases.repeat('chat: running the show lifecycle', SHOW_TICK_MS, async () => {
    await runShowTick(ctx);
    await keepShowsComing(ctx);
  });
