import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import { toyIntensityOf, type ToyControlState, type ToyRun } from '@velvet/contracts';
import type { Database } from '../../db/database';
import { HttpError } from '../../http/endpoint';
import type { ModuleContext } from '../module';
import type { AgeGate } from '../auth/age';
import { ageGate } from '../auth/age';
import { markToyControlUsed } from '../chat/sessions';
import { findPerformer, type Performer } from '../performers/catalogue';
import { performerShare } from '../wallet/money';
import { pushBalance, transfer, type Leg } from '../wallet/service';
import { boughtGiftsOf } from './gifts';
import { boughtGifts, channels, gifts, messages, toyRuns } from './schema';
import { getChannel, messageView, toMessage, touchChannel, keptConversations } from './service';

type RunRow = typeof toyRuns.$inferSelect;

/** The performer's toy connects for this long after it took a toy control, then runs it. */
export const TOY_ACCEPT_SECONDS = 2;
/** How often the toy job moves runs on. */
export const TOY_TICK_MS = 1000;
const RUNNING_STATES: ToyControlState[] = ['available', 'active', 'started'];

const iso = (date: Date | null) => date?.toISOString() ?? null;

export const toToyRun = (row: RunRow): ToyRun => ({
  id: row.id,
  actorId: row.actorId,
  channelId: row.channelId,
  giftId: row.giftId,
  intensity: row.intensity,
  random: row.random,
  duration: row.durationSeconds,
  state: row.state as ToyControlState,
  chatId: row.chatId,
  startedAt: iso(row.startedAt),
  endsAt: iso(row.endsAt),
});

/** What the conversation's message of a run carries, for the client to word it in the guest's language. */
const runData = (row: Pick<RunRow, 'state' | 'intensity' | 'random' | 'durationSeconds'>) => ({
  state: row.state,
  intensity: row.intensity,
  random: row.random ? 1 : 0,
  durationSeconds: row.durationSeconds,
});

/** A performer's toy takes toy controls while she has one and is on line. */
const toyAvailable = (performer: Performer | undefined) =>
  Boolean(performer?.isToyControlAvailable && performer.isOnline);

/** The performer's toy as the guest sees it: available now, and her runs on it not ended yet. */
export async function toyOf(db: Database, guestId: string, actorId: number) {
  const performer = await findPerformer(db, actorId);
  if (!performer) throw new HttpError(404, 'NOT_FOUND', `No performer ${actorId}`);
  const runs = await db
    .select()
    .from(toyRuns)
    .where(and(eq(toyRuns.guestId, guestId), eq(toyRuns.actorId, actorId), inArray(toyRuns.state, RUNNING_STATES)))
    .orderBy(asc(toyRuns.id));
  return { available: toyAvailable(performer), runs: runs.map(toToyRun) };
}

/**
 * Buys a toy control for the performer's toy. Bad input charges nothing: a gift that is not an active toy control
 * is 404 GIFT_NOT_FOUND, a performer without a toy or off line 409 TOY_NOT_AVAILABLE, a blocked conversation 403.
 * One the guest owns (bought as a gift) is used first; otherwise its price moves guest → platform through the
 * ledger under the request's operation key (402 INSUFFICIENT_FUNDS when short: the balance never goes below 0).
 * The run waits in her toy's queue (`available`) and is noted in the conversation; a live chat with her running
 * now is marked as one with toy control. The performer is paid her share when the run ends (see `settle`).
 */
export async function buyToyControl(
  ctx: ModuleContext,
  guestId: string,
  gate: AgeGate,
  actorId: number,
  giftId: number,
  operationKey: string,
): Promise<{ run: ToyRun }> {
  const { db } = ctx;
  const [gift] = await db.select().from(gifts).where(eq(gifts.id, giftId));
  if (!gift?.active || gift.toyDurationSeconds === null)
    throw new HttpError(404, 'GIFT_NOT_FOUND', `No toy control ${giftId} in the catalogue`);
  const performer = await findPerformer(db, actorId);
  if (!performer) throw new HttpError(404, 'NOT_FOUND', `No performer ${actorId}`);
  if (!toyAvailable(performer))
    throw new HttpError(409, 'TOY_NOT_AVAILABLE', `The toy of performer ${actorId} takes no toy control now`);
  const channel = await touchChannel(db, guestId, gate, actorId);
  if (channel.blocked) throw new HttpError(403, 'FORBIDDEN', 'This conversation is blocked');
  const now = ctx.now();
  const { row, message, charged, usedOwned } = await db.transaction(async (tx) => {
    const [earlier] = await tx
      .select()
      .from(toyRuns)
      .where(and(eq(toyRuns.guestId, guestId), eq(toyRuns.operationKey, operationKey)));
    if (earlier) return { row: earlier, message: null, charged: false, usedOwned: false };
    const [owned] = await tx
      .update(boughtGifts)
      .set({ count: sql`${boughtGifts.count} - 1` })
      .where(and(eq(boughtGifts.guestId, guestId), eq(boughtGifts.giftId, gift.id), gte(boughtGifts.count, 1)))
      .returning({ giftId: boughtGifts.giftId });
    if (!owned)
      await transfer(tx as Database, {
        reason: 'messenger.toyControl',
        at: now,
        legs: [
          { account: { kind: 'guest', id: guestId }, amount: -gift.price },
          { account: { kind: 'system', id: 'platform' }, amount: gift.price },
        ],
        idempotency: { scope: `messenger.toyControl:${guestId}`, key: operationKey },
        metadata: { giftId: gift.id, actorId, price: gift.price },
      });
    const chatId = await markToyControlUsed(tx as Database, guestId, actorId);
    const toy = {
      intensity: toyIntensityOf(gift.id),
      random: gift.toyRandom,
      durationSeconds: gift.toyDurationSeconds!,
    };
    const [stored] = await tx
      .insert(messages)
      .values({
        channelId: channel.id,
        senderType: 'guest',
        messageType: 'toy_control',
        text: '',
        created: now,
        giftIds: [gift.id],
        price: owned ? 0 : gift.price,
        data: runData({ state: 'available', ...toy }),
      })
      .returning();
    await tx
      .update(channels)
      .set({ lastMessageId: stored!.id, messageTimestamp: now, archived: false })
      .where(eq(channels.id, channel.id));
    keptConversations.forget(guestId);
    const [run] = await tx
      .insert(toyRuns)
      .values({
        guestId,
        actorId,
        channelId: channel.id,
        messageId: stored!.id,
        giftId: gift.id,
        ...toy,
        price: gift.price,
        paidWithGift: Boolean(owned),
        state: 'available',
        chatId,
        operationKey,
        created: now,
      })
      .returning();
    return { row: run!, message: stored!, charged: !owned, usedOwned: Boolean(owned) };
  });
  if (charged) await pushBalance(ctx, guestId);
  if (usedOwned) ctx.hub.sendToGuest(guestId, { type: 'boughtGifts', boughtGifts: await boughtGiftsOf(db, guestId) });
  if (message) await pushRun(ctx, row, message, gate);
  return { run: toToyRun(row) };
}

/** The run's new state to the guest's tabs: the run itself (the toy panel, a live chat) and its message. */
async function pushRun(ctx: ModuleContext, row: RunRow, message: typeof messages.$inferSelect, gate?: AgeGate) {
  ctx.hub.sendToGuest(row.guestId, { type: 'toyControl', run: toToyRun(row) });
  const view = await messageView(ctx, row.guestId, [message]);
  ctx.hub.sendToGuest(row.guestId, {
    type: 'channel',
    channel: await getChannel(
      ctx.db,
      row.guestId,
      gate ?? (await ageGate(ctx, { guestId: row.guestId, loggedIn: true })),
      row.channelId,
    ),
    message: toMessage(message, view),
  });
}

/**
 * Moves a run from the state it was read in to the next, once (guarded by that state, so two passes never move it
 * twice), with its message; an ended run is settled in the same transaction. Pushes after the commit.
 */
async function moveRun(
  ctx: ModuleContext,
  run: RunRow,
  patch: Partial<RunRow> & { state: ToyControlState },
  ranSeconds?: number,
): Promise<RunRow | null> {
  const moved = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(toyRuns)
      .set(patch)
      .where(and(eq(toyRuns.id, run.id), eq(toyRuns.state, run.state)))
      .returning();
    if (!row) return null;
    const [message] = await tx
      .update(messages)
      .set({ data: runData(row) })
      .where(eq(messages.id, row.messageId))
      .returning();
    keptConversations.forget(row.guestId);
    const settled = ranSeconds === undefined ? null : await settle(tx as Database, row, ranSeconds, ctx.now());
    return { row, message: message!, settled };
  });
  if (!moved) return null;
  const { row, settled } = moved;
  if (settled?.refund) await pushBalance(ctx, row.guestId);
  if (settled?.giftBack)
    ctx.hub.sendToGuest(row.guestId, { type: 'boughtGifts', boughtGifts: await boughtGiftsOf(ctx.db, row.guestId) });
  await pushRun(ctx, moved.row, moved.message);
  return moved.row;
}

/**
 * An ended run's money, once (keyed by the run, and in the transaction that ends it): the seconds it ran are the
 * performer's sale (her share from the platform, which took the price), charged by the second and rounded up to a
 * hundredth. What did not run goes back as it was paid: coins to the guest's balance, or, for a run paid with a
 * toy control she owned, that toy control to her bought gifts (a gift is not split into coins). Answers what went
 * back.
 */
async function settle(
  tx: Database,
  run: RunRow,
  ranSeconds: number,
  at: Date,
): Promise<{ refund: number; giftBack: boolean }> {
  const sold = Math.ceil((run.price * Math.min(ranSeconds, run.durationSeconds)) / run.durationSeconds);
  const share = performerShare(sold);
  const giftBack = run.paidWithGift && sold < run.price;
  const refund = giftBack ? 0 : run.price - sold;
  if (giftBack)
    await tx
      .insert(boughtGifts)
      .values({ guestId: run.guestId, giftId: run.giftId, count: 1 })
      .onConflictDoUpdate({
        target: [boughtGifts.guestId, boughtGifts.giftId],
        set: { count: sql`${boughtGifts.count} + 1` },
      });
  const legs: Leg[] = [
    { account: { kind: 'system', id: 'platform' }, amount: -(share + refund) },
    { account: { kind: 'performer', id: run.actorId }, amount: share },
    { account: { kind: 'guest', id: run.guestId }, amount: refund },
  ].filter((leg) => leg.amount !== 0) as Leg[];
  if (legs.length > 0)
    await transfer(tx, {
      reason: 'messenger.toyRun',
      at,
      legs,
      idempotency: { scope: 'messenger.toyRun', key: String(run.id) },
      metadata: { runId: run.id, ranSeconds, sold, giftBack },
    });
  return { refund, giftBack };
}

const secondsBetween = (from: Date, to: Date) => Math.max(0, Math.floor((to.getTime() - from.getTime()) / 1000));

/**
 * The performers' toys, by the server clock: each toy runs one toy control at a time, oldest first. A run waiting
 * (`available`) becomes `active` when her toy is free, `started` TOY_ACCEPT_SECONDS later for its duration, and
 * `finished` at its end; a run whose performer went off line or put her toy away ends `completed` with the part not
 * run paid back. Answers how many moves it made.
 */
export async function advanceToyRuns(ctx: ModuleContext): Promise<number> {
  const now = ctx.now();
  const running = await ctx.db
    .select()
    .from(toyRuns)
    .where(inArray(toyRuns.state, RUNNING_STATES))
    .orderBy(asc(toyRuns.id));
  const performers = new Map<number, Performer | undefined>();
  const busy = new Set<number>();
  let moves = 0;
  for (const first of running) {
    if (!performers.has(first.actorId)) performers.set(first.actorId, await findPerformer(ctx.db, first.actorId));
    let run: RunRow | null = first;
    while (run && RUNNING_STATES.includes(run.state as ToyControlState)) {
      const next = nextMove(run, toyAvailable(performers.get(run.actorId)), busy.has(run.actorId), now);
      if (!next) break;
      run = await moveRun(ctx, run, next.patch, next.ranSeconds);
      if (run) moves++;
    }
    if (run && (run.state === 'active' || run.state === 'started')) busy.add(run.actorId);
  }
  return moves;
}

function nextMove(
  run: RunRow,
  available: boolean,
  toyBusy: boolean,
  now: Date,
): { patch: Partial<RunRow> & { state: ToyControlState }; ranSeconds?: number } | null {
  if (!available) {
    const end = run.endsAt && run.endsAt < now ? run.endsAt : now;
    const ranSeconds = run.startedAt ? secondsBetween(run.startedAt, end) : 0;
    return { patch: { state: 'completed', endedAt: end }, ranSeconds };
  }
  if (run.state === 'available') return toyBusy ? null : { patch: { state: 'active', activeAt: now } };
  if (run.state === 'active') {
    const startedAt = new Date(run.activeAt!.getTime() + TOY_ACCEPT_SECONDS * 1000);
    if (startedAt > now) return null;
    return {
      patch: { state: 'started', startedAt, endsAt: new Date(startedAt.getTime() + run.durationSeconds * 1000) },
    };
  }
  if (run.endsAt! > now) return null;
  return { patch: { state: 'finished', endedAt: run.endsAt }, ranSeconds: run.durationSeconds };
}

/** The toys as a job, every TOY_TICK_MS, in the process holding its lease. */
export const startToyJob = (ctx: ModuleContext) =>
  ctx.leases.repeat('messenger: toy controls', TOY_TICK_MS, () => advanceToyRuns(ctx));
