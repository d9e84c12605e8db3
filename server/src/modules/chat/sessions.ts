import { and, asc, count, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import {
  CHAT_EXIT_CODES,
  CHAT_EXIT_SURVEY_MIN_SECONDS,
  CHAT_TYPE_ABILITIES,
  CHAT_TYPE_PRICE,
  LIVE_PREVIEW_SECONDS,
  MIN_CHAT_BALANCE,
  TEXT_CHAT_COUNTDOWN_SECONDS,
  VIP_LIVE_PREVIEW_SECONDS,
  chatPurchaseCategory,
  needsAgeCheck,
  type ChatEnd,
  type ChatExitReason,
  type ChatMessage,
  type ChatPrices,
  type ChatSession,
  type ChatType,
} from '@velvet/contracts';
import type { Database } from '../../db/database';
import { HttpError } from '../../http/endpoint';
import { isAgeVerified } from '../auth/age';
import { guests } from '../auth/schema';
import { asLanguage } from '../auth/guests';
import type { Auth, ModuleContext } from '../module';
import { balanceOf, pushBalance } from '../wallet/service';
import { chatVoucherMinutes, pushGuestVouchers, takeChatVoucher } from '../account/vouchers';
import { nextDue, refillHold, secondsLeft, settle, takeFirstHold, type ChatRow, type Settled } from './billing';
import { botGreeting, botReply, botReplyDelayMs } from './bot';
import { liveStreamUrls } from './live/playout';
import { chatExitSurveys, chatMessages, chatSessions, chatStartSequences } from './schema';
import { findPerformer, livePreviewDisabled, performerCards, type Performer } from '../performers/catalogue';
import { hasShowAccess } from './tickets';

/**
 * Live chat sessions: the start rules and errors, the end of a chat with its exit code and the
 * chatEnd push, the chat's text messages with the demo performer answering, and the exit survey. Money is in
 * billing.ts; every end goes through `endChat`.
 */

/** The demo performer takes a chat after this pause; if she goes off line or gets busy meanwhile, it fails. */
export const CHAT_ACCEPT_DELAY_MS = { min: 300, max: 800 } as const;
/** Previews of one performer a guest may start within an hour; the next one ends at once (previewHourLimit). */
export const PREVIEW_HOUR_LIMIT = 3;

/** Chat types in which the performer is with one guest alone. */
const SINGLE_TYPES = (Object.keys(CHAT_TYPE_ABILITIES) as ChatType[]).filter((type) =>
  CHAT_TYPE_ABILITIES[type].includes('single'),
);
/** Types a running ticket show replaces (the show ends them with liveShowStarted). */
const PRIVATE_TYPES: readonly ChatType[] = ['LIVECHAT', ...SINGLE_TYPES];

const PRICE_COLUMN: Record<keyof ChatPrices, (actor: Performer) => number> = {
  videoChat: (actor) => actor.priceVideoChat,
  voyeurChat: (actor) => actor.priceVoyeurChat,
  ticketShow: (actor) => actor.priceTicketShow,
  singleChat: (actor) => actor.priceSingleChat,
  singleC2CChat: (actor) => actor.priceSingleC2C,
};

const priceOf = (actor: Performer, type: ChatType) => {
  const column = CHAT_TYPE_PRICE[type];
  return column ? PRICE_COLUMN[column](actor) : 0;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// --- The agreed seams: who is in a chat with a performer, and ending a chat. ---

/** The running chats of a performer. */
export async function activeChatsOfActor(
  db: Database,
  actorId: number,
): Promise<{ id: string; guestId: string; chatType: string }[]> {
  return db
    .select({ id: chatSessions.id, guestId: chatSessions.guestId, chatType: chatSessions.chatType })
    .from(chatSessions)
    .where(and(eq(chatSessions.actorId, actorId), eq(chatSessions.status, 'active')));
}

/**
 * A toy control bought while the guest's chat with the performer runs is part of that chat: its end reports the
 * purchase category toy_control. Answers the chat's id, or null when none runs.
 */
export async function markToyControlUsed(db: Database, guestId: string, actorId: number): Promise<string | null> {
  const [chat] = await db
    .update(chatSessions)
    .set({ usedToyControl: true })
    .where(and(eq(chatSessions.guestId, guestId), eq(chatSessions.actorId, actorId), eq(chatSessions.status, 'active')))
    .returning({ id: chatSessions.id });
  return chat?.id ?? null;
}

/** The chatEnd of an ended chat, as pushed and as `chat/stop` answers it. */
export function chatEndOf(chat: ChatRow, actorName: string): ChatEnd {
  const durationSeconds = Math.max(
    0,
    Math.floor(((chat.endedAt ?? chat.startedAt).getTime() - chat.startedAt.getTime()) / 1000),
  );
  const type = chat.chatType as ChatType;
  return {
    chatId: chat.id,
    actorId: chat.actorId,
    actorName,
    chatType: type,
    exitCode: chat.exitCode ?? CHAT_EXIT_CODES.clientStop,
    category: chatPurchaseCategory(type, chat.usedToyControl),
    durationSeconds,
    billedAmount: chat.billedAmount,
    surveyEligible: type !== 'LIVE_PREVIEW' && durationSeconds >= CHAT_EXIT_SURVEY_MIN_SECONDS,
  };
}

async function actorNameOf(db: Database, actorId: number): Promise<string> {
  return (await performerCards(db, [actorId])).get(actorId)?.name ?? '';
}

/** Tells the guest's tabs what a settlement changed: the chat's end, or its billing state, and the balance. */
async function publish(ctx: ModuleContext, settled: Settled): Promise<ChatEnd | null> {
  const { chat } = settled;
  let end: ChatEnd | null = null;
  if (settled.endedNow) {
    end = chatEndOf(chat, await actorNameOf(ctx.db, chat.actorId));
    ctx.hub.sendToGuest(chat.guestId, { type: 'chatEnd', ...end });
    if (end.chatType !== 'LIVE_PREVIEW')
      await ctx.hooks.chatJournal?.({
        type: 'chat_end',
        guestId: chat.guestId,
        actorId: chat.actorId,
        chatType: end.chatType,
        durationSeconds: end.durationSeconds,
        billedAmount: end.billedAmount,
      });
  } else if (settled.slicesBilled > 0) {
    await pushChatState(ctx, chat);
  }
  if (settled.balanceMoved) await pushBalance(ctx, chat.guestId);
  // Voucher minutes the chat did not reach went back: the benefits page and the chat buttons count them again.
  if (settled.endedNow && chat.voucherId !== null) await pushGuestVouchers(ctx, chat.guestId);
  return end;
}

async function pushChatState(ctx: ModuleContext, chat: ChatRow): Promise<void> {
  const balance = await balanceOf(ctx.db, chat.guestId);
  ctx.hub.sendToGuest(chat.guestId, {
    type: 'chatState',
    chatId: chat.id,
    heldAmount: chat.heldAmount,
    billedSeconds: chat.billedSeconds,
    billedAmount: chat.billedAmount,
    secondsLeft: secondsLeft(chat, balance, ctx.now()),
  });
}

/**
 * Ends a running chat now with the reason's exit code: bills it up to now (by the second), releases the rest of
 * the hold, pushes chatEnd (and the balance) to the guest. Idempotent: a chat that has ended already answers
 * null. When the chat's money had run out before now it ends as out of money at the second it was covered.
 */
export async function endChat(ctx: ModuleContext, chatId: string, reason: ChatExitReason): Promise<ChatEnd | null> {
  const settled = await settle(ctx.db, chatId, ctx.now(), reason);
  if (!settled?.endedNow) return null;
  return publish(ctx, settled);
}

// --- Scheduler: slices from the clock, time limits, guests gone, a restart. ---

/**
 * How long a chat waits for a guest whose last socket closed before it ends as clientConnectionLost (previews
 * previewGuestOffline): long enough for a page reload or a network change to reconnect, short enough that a
 * guest who closed the tab pays nothing for it. The rule: a chat is billed up to the moment its guest left,
 * never through the grace; a guest back within the grace is billed on as if never away.
 */
export const GUEST_GONE_GRACE_SECONDS = 30;

/** When each guest's last socket closed, by the server's clock; per hub, so test apps in one process stay apart. */
const goneSince = new WeakMap<ModuleContext['hub'], Map<string, Date>>();

/** Notes when a guest's last socket closes, for runDueChats. */
export function watchGuestsGone(ctx: ModuleContext): void {
  const gone = new Map<string, Date>();
  goneSince.set(ctx.hub, gone);
  ctx.hub.onGuestGone((guestId) => gone.set(guestId, ctx.now()));
}

/** How often every process notes the guests of running chats that hold a socket on it (`guestSeenAt`). */
export const PRESENCE_TICK_MS = 1000;
/** A note older than this: no process holds a socket of the guest any more (or her process died). */
export const PRESENCE_STALE_MS = 3 * PRESENCE_TICK_MS;

/**
 * Notes on the running chats whose guest has a socket on this process that she is here now: the process billing
 * the chat (the billing lease's holder) may hold none of her sockets. Answers how many chats it noted.
 */
export async function noteGuestsPresent(ctx: ModuleContext): Promise<number> {
  const active = await ctx.db
    .select({ id: chatSessions.id, guestId: chatSessions.guestId })
    .from(chatSessions)
    .where(eq(chatSessions.status, 'active'));
  const here = active.filter((chat) => ctx.hub.isGuestConnected(chat.guestId)).map((chat) => chat.id);
  if (here.length === 0) return 0;
  // Rows locked in one order, so that two processes noting the same chats never deadlock.
  await ctx.db.execute(sql`update ${chatSessions} set guest_seen_at = ${ctx.now()}
    from (select id from ${chatSessions} where ${inArray(chatSessions.id, here)} order by id for update) as noted
    where ${chatSessions.id} = noted.id`);
  return here.length;
}

/** Notes the present guests every PRESENCE_TICK_MS in every process (each for its own sockets: no lease). */
export function startPresenceNotes(ctx: ModuleContext): () => void {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    running ??= noteGuestsPresent(ctx)
      .catch((error: unknown) => ctx.log.error({ err: error }, 'chat: noting present guests failed'))
      .finally(() => (running = null));
  }, PRESENCE_TICK_MS).unref();
  return () => clearInterval(timer);
}

/** Whether another process noted a socket of the chat's guest within PRESENCE_STALE_MS. */
const seenElsewhere = (chat: ChatRow, now: Date) =>
  chat.guestSeenAt !== null && now.getTime() - chat.guestSeenAt.getTime() < PRESENCE_STALE_MS;

/**
 * The running chats whose guest has no socket on any process, with the moment the guest left: the later of her
 * last socket closing here and the last note of another process. Forgets the absences of guests who came back
 * or have no running chat; a guest missing without either (she went before anything was noted) counts from now.
 */
function guestsAway(ctx: ModuleContext, active: ChatRow[], now: Date): Map<string, Date> {
  let gone = goneSince.get(ctx.hub);
  if (!gone) goneSince.set(ctx.hub, (gone = new Map()));
  const running = new Set(active.map((chat) => chat.guestId));
  for (const guestId of gone.keys())
    if (!running.has(guestId) || ctx.hub.isGuestConnected(guestId)) gone.delete(guestId);
  const away = new Map<string, Date>();
  for (const chat of active) {
    if (ctx.hub.isGuestConnected(chat.guestId) || seenElsewhere(chat, now)) continue;
    if (!gone.has(chat.guestId) && !chat.guestSeenAt) gone.set(chat.guestId, now);
    const here = gone.get(chat.guestId)?.getTime() ?? 0;
    const leftAt = new Date(Math.max(here, chat.guestSeenAt?.getTime() ?? 0));
    away.set(chat.id, leftAt < chat.startedAt ? chat.startedAt : leftAt);
  }
  return away;
}

const guestGoneReason = (chat: ChatRow): ChatExitReason =>
  chat.chatType === 'LIVE_PREVIEW' ? 'previewGuestOffline' : 'clientConnectionLost';

/**
 * Bills every chat whose slice ended, ends chats whose money or time ran out, chats whose guest has been gone
 * longer than GUEST_GONE_GRACE_SECONDS (at the moment the guest left; while the guest is away, slices are billed
 * only up to then) and previews of performers who switched their preview off. Runs every second. Answers how
 * many chats it settled.
 */
export async function runDueChats(ctx: ModuleContext): Promise<number> {
  const now = ctx.now();
  const active = await ctx.db.select().from(chatSessions).where(eq(chatSessions.status, 'active'));
  const away = guestsAway(ctx, active, now);
  let settledCount = 0;
  for (const chat of active) {
    const leftAt = away.get(chat.id);
    const until = leftAt ?? now;
    const ends = leftAt !== undefined && now.getTime() - leftAt.getTime() >= GUEST_GONE_GRACE_SECONDS * 1000;
    if (!ends && (nextDue(chat) ?? Infinity) > until.getTime()) continue;
    const settled = await settle(ctx.db, chat.id, until, ends ? guestGoneReason(chat) : null);
    if (settled) await publish(ctx, settled);
    settledCount++;
  }
  const previews = await ctx.db
    .select({ id: chatSessions.id, actorId: chatSessions.actorId })
    .from(chatSessions)
    .where(and(eq(chatSessions.status, 'active'), eq(chatSessions.chatType, 'LIVE_PREVIEW')));
  const switchedOff = await livePreviewDisabled(
    ctx.db,
    previews.map((preview) => preview.actorId),
  );
  const disabled = previews.filter((preview) => switchedOff.has(preview.actorId));
  for (const preview of disabled) await endChat(ctx, preview.id, 'previewDisabled');
  return settledCount + disabled.length;
}

/**
 * Runs at a start with no other server process running, before any route: the chats still running were open when
 * the server stopped (a crash or kill leaves them so), and their guests' sockets went with it. Each ends at its last billed moment, the end of its
 * last billed slice, as clientConnectionLost (previews previewGuestOffline): the time the server was down is never
 * billed, and neither is the part of the slice the server could not bill any more. Answers how many ended.
 */
export async function endChatsOfStoppedServer(ctx: ModuleContext): Promise<number> {
  const running = await ctx.db.select().from(chatSessions).where(eq(chatSessions.status, 'active'));
  for (const chat of running) {
    const lastBilled = new Date(chat.startedAt.getTime() + chat.billedSeconds * 1000);
    const settled = await settle(ctx.db, chat.id, lastBilled, guestGoneReason(chat));
    if (settled) await publish(ctx, settled);
  }
  return running.length;
}

/** How often the billing scheduler looks for due chats. */
export const BILLING_TICK_MS = 1000;

/** The lease of the billing job (one process bills every running chat). */
export const BILLING_LEASE = 'chat: billing due chats';

/** Bills the running chats as a job, every BILLING_TICK_MS. */
export const startBillingJob = (ctx: ModuleContext) =>
  ctx.leases.repeat(BILLING_LEASE, BILLING_TICK_MS, () => runDueChats(ctx));

// --- Start ---

export interface StartRequest {
  actorId: number;
  chatType: ChatType;
  sequenceNumber: number;
  /** The visitor's country (CDN header), for the performer's banned countries. */
  country: string | null;
}

/** Each start attempt of a guest carries a higher number than the last (else WRONG_SEQUENCE_NUMBER). */
async function claimSequence(db: Database, guestId: string, sequenceNumber: number): Promise<void> {
  const claimed = await db
    .insert(chatStartSequences)
    .values({ guestId, lastSequence: sequenceNumber })
    .onConflictDoUpdate({
      target: chatStartSequences.guestId,
      set: { lastSequence: sequenceNumber },
      setWhere: sql`${chatStartSequences.lastSequence} < ${sequenceNumber}`,
    })
    .returning({ lastSequence: chatStartSequences.lastSequence });
  if (claimed.length === 0)
    throw new HttpError(409, 'WRONG_SEQUENCE_NUMBER', 'This start attempt is older than the last one; try again');
}

/** Whether the chat type is offered by this performer right now (else 409 CHAT_TYPE_UNAVAILABLE). */
function typeAvailable(actor: Performer, type: ChatType): boolean {
  switch (type) {
    case 'LIVE_PREVIEW':
      return actor.isLivePreviewEnabled;
    case 'FREECHAT':
      return actor.freeChat;
    case 'VOYEUR_CHAT':
      return actor.isVoyeurChatAvailable;
    case 'VOYEUR_PRIVATE_CHAT':
      return actor.isVoyeurInSingleChatAllowed;
    case 'STARTMOBILECALLCHAT':
      return actor.isOnlineMobileVideocall;
    case 'LIVESHOW':
      return actor.isCurrentlyTicketShow;
    default:
      return true;
  }
}

/** Whether the performer cannot take a chat of this type now: she is alone with someone, or in a show. */
async function isBusy(db: Database, actor: Performer, type: ChatType): Promise<boolean> {
  if (actor.isCurrentlyTicketShow && PRIVATE_TYPES.includes(type)) return true;
  const running = await db
    .select({ chatType: chatSessions.chatType })
    .from(chatSessions)
    .where(and(eq(chatSessions.actorId, actor.id), eq(chatSessions.status, 'active')));
  if (running.some((chat) => SINGLE_TYPES.includes(chat.chatType as ChatType))) return true;
  return SINGLE_TYPES.includes(type) && running.some((chat) => chat.chatType !== 'LIVE_PREVIEW');
}

/** Whether a chat with the performer needs the age check: her cam is rated above the free rating of videos. */
const ageRated = (actor: Pick<Performer, 'ageRating'>) => needsAgeCheck('video', actor.ageRating);

const ageCheckRequired = () =>
  new HttpError(403, 'AGE_CHECK_REQUIRED', 'Chats with this performer need an age verification');

async function findActor(db: Database, actorId: number): Promise<Performer> {
  const actor = await findPerformer(db, actorId);
  if (!actor) throw new HttpError(404, 'NOT_FOUND', 'No such performer');
  return actor;
}

/**
 * Starts a chat after the spec's rules, in this order: who may (LIVE_PREVIEW also anonymous visitors), the
 * attempt's sequence number, an open socket session, the performer (exists, on line, not banning the country,
 * offering the type, a ticket for a show), no other running chat of the guest, the balance for a billed type,
 * the performer free. Then the performer takes the chat after a short pause, checked again under her row lock
 * (gone off line: ACTOR_OFFLINE, taken meanwhile: CHAT_START_TIMEOUT); the chat row (one running per guest, by a
 * unique index, so concurrent starts cannot both win) and the first hold commit together.
 */
export async function startChat(ctx: ModuleContext, auth: Auth | null, request: StartRequest): Promise<ChatSession> {
  const { db } = ctx;
  const type = request.chatType;
  if (!auth) throw new HttpError(401, 'UNAUTHORIZED', 'An access token is required');
  if (type !== 'LIVE_PREVIEW' && !auth.loggedIn) throw new HttpError(401, 'LOGIN_REQUIRED', 'Please log in first');
  const guestId = auth.guestId;
  await claimSequence(db, guestId, request.sequenceNumber);
  if (!(await ctx.hub.isGuestConnectedAnywhere(guestId)))
    throw new HttpError(409, 'GUEST_OFFLINE', 'Open the site in a browser tab (socket connection) to chat');

  const actor = await findActor(db, request.actorId);
  if (!actor.isOnline) throw new HttpError(409, 'ACTOR_OFFLINE', 'The performer is not on line');
  if (request.country && actor.bannedCountryCodes.includes(request.country))
    throw new HttpError(403, 'COUNTRY_BANNED', 'The performer does not chat with visitors from your country');
  if (!typeAvailable(actor, type))
    throw new HttpError(409, 'CHAT_TYPE_UNAVAILABLE', 'The performer does not offer this chat now');
  if (type === 'LIVESHOW' && !(await hasShowAccess(db, guestId, actor.id, ctx.now())))
    throw new HttpError(403, 'TICKET_REQUIRED', 'This show needs a ticket');
  if (ageRated(actor) && !(await isAgeVerified(db, auth))) throw ageCheckRequired();
  const [running] = await db
    .select({ id: chatSessions.id })
    .from(chatSessions)
    .where(and(eq(chatSessions.guestId, guestId), eq(chatSessions.status, 'active')));
  if (running) throw new HttpError(409, 'CHAT_IN_PROGRESS', 'You are in a chat already');
  const price = priceOf(actor, type);
  // A videochat voucher for her pays the first minutes: the chat starts without coins.
  const voucherMinutes =
    price > 0
      ? (await chatVoucherMinutes(db, guestId, ctx.now()))
          .filter((voucher) => voucher.actorIds.length === 0 || voucher.actorIds.includes(actor.id))
          .reduce((sum, voucher) => sum + voucher.minutes, 0)
      : 0;
  if (price > 0 && voucherMinutes === 0 && (await balanceOf(db, guestId)) < MIN_CHAT_BALANCE)
    throw new HttpError(402, 'BALANCE_TOO_LOW', 'Your balance is too low to start this chat');
  if (await isBusy(db, actor, type)) throw new HttpError(409, 'ACTOR_BUSY', 'The performer is in a private chat');

  const [guest] = await db.select().from(guests).where(eq(guests.id, guestId));
  await sleep(CHAT_ACCEPT_DELAY_MS.min + Math.random() * (CHAT_ACCEPT_DELAY_MS.max - CHAT_ACCEPT_DELAY_MS.min));

  const chat = await db.transaction(async (tx) => {
    const now = await findPerformer(tx, actor.id, { lock: true });
    if (!now?.isOnline) throw new HttpError(409, 'ACTOR_OFFLINE', 'The performer went off line');
    if (await isBusy(tx, now, type))
      throw new HttpError(409, 'CHAT_START_TIMEOUT', 'The performer did not take the chat in time');
    // Read again under a lock: a revocation meanwhile refuses the chat, a later one waits and then ends it.
    if (ageRated(now) && !(await isAgeVerified(tx, auth, { lock: true }))) throw ageCheckRequired();
    const startedAt = ctx.now();
    const limitSeconds =
      type === 'LIVE_PREVIEW'
        ? guest?.vip
          ? VIP_LIVE_PREVIEW_SECONDS
          : LIVE_PREVIEW_SECONDS
        : type === 'FREECHAT'
          ? TEXT_CHAT_COUNTDOWN_SECONDS
          : null;
    const [created] = await tx
      .insert(chatSessions)
      .values({
        id: crypto.randomUUID(),
        guestId,
        actorId: actor.id,
        chatType: type,
        sequenceNumber: request.sequenceNumber,
        pricePerMinute: priceOf(now, type),
        startedAt,
        endsAt: limitSeconds === null ? null : new Date(startedAt.getTime() + limitSeconds * 1000),
      })
      .onConflictDoNothing()
      .returning();
    if (!created) throw new HttpError(409, 'CHAT_IN_PROGRESS', 'You are in a chat already');
    // Only the start that got the chat row reaches the voucher, so parallel starts take its minutes once.
    const voucher =
      created.pricePerMinute > 0 ? await takeChatVoucher(tx, { guestId, actorId: actor.id, now: startedAt }) : null;
    if (!voucher) return takeFirstHold(tx, created, startedAt);
    const [paid] = await tx
      .update(chatSessions)
      .set({ voucherId: voucher.voucherId, voucherMinutes: voucher.minutes })
      .where(eq(chatSessions.id, created.id))
      .returning();
    return takeFirstHold(tx, paid!, startedAt);
  });
  if (chat.pricePerMinute > 0) await pushBalance(ctx, guestId);
  if (chat.voucherId !== null) await pushGuestVouchers(ctx, guestId);

  if (SINGLE_TYPES.includes(type)) {
    const previews = await db
      .select({ id: chatSessions.id })
      .from(chatSessions)
      .where(
        and(
          eq(chatSessions.actorId, actor.id),
          eq(chatSessions.status, 'active'),
          eq(chatSessions.chatType, 'LIVE_PREVIEW'),
        ),
      );
    for (const preview of previews) await endChat(ctx, preview.id, 'previewSingle');
  }
  const view = await sessionView(ctx, chat, actor.name);
  if (type === 'LIVE_PREVIEW' && (await previewsWithinHour(db, guestId, actor.id, chat)) > PREVIEW_HOUR_LIMIT) {
    await endChat(ctx, chat.id, 'previewHourLimit');
    return view;
  }
  if (type !== 'LIVE_PREVIEW')
    await ctx.hooks.chatJournal?.({
      type: type === 'VOYEUR_CHAT' || type === 'VOYEUR_PRIVATE_CHAT' ? 'voyeur_info' : 'chat_start',
      guestId,
      actorId: actor.id,
      chatType: type,
    });
  if (CHAT_TYPE_ABILITIES[type].includes('text'))
    await postChatMessage(ctx, chat, 'actor', botGreeting(asLanguage(guest?.language ?? 'en')));
  return view;
}

async function previewsWithinHour(db: Database, guestId: string, actorId: number, chat: ChatRow): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(chatSessions)
    .where(
      and(
        eq(chatSessions.guestId, guestId),
        eq(chatSessions.actorId, actorId),
        eq(chatSessions.chatType, 'LIVE_PREVIEW'),
        gte(chatSessions.startedAt, new Date(chat.startedAt.getTime() - 3_600_000)),
      ),
    );
  return row?.n ?? 0;
}

async function sessionView(ctx: ModuleContext, chat: ChatRow, actorName: string): Promise<ChatSession> {
  const type = chat.chatType as ChatType;
  return {
    chatId: chat.id,
    actorId: chat.actorId,
    actorName,
    chatType: type,
    abilities: [...CHAT_TYPE_ABILITIES[type]],
    pricePerMinute: chat.pricePerMinute,
    startedAt: chat.startedAt.toISOString(),
    endsAt: chat.endsAt?.toISOString() ?? null,
    heldAmount: chat.heldAmount,
    billedSeconds: chat.billedSeconds,
    billedAmount: chat.billedAmount,
    secondsLeft: secondsLeft(chat, await balanceOf(ctx.db, chat.guestId), ctx.now()),
    sequenceNumber: chat.sequenceNumber,
    stream: liveStreamUrls(ctx.config.jwtSecret, chat, ctx.now()),
  };
}

// --- Stop, kick, the running chat ---

async function findChat(db: Database, chatId: string, guestId: string | null): Promise<ChatRow> {
  const [chat] = await db
    .select()
    .from(chatSessions)
    .where(and(eq(chatSessions.id, chatId), guestId === null ? undefined : eq(chatSessions.guestId, guestId)));
  if (!chat) throw new HttpError(404, 'CHAT_NOT_FOUND', 'No such chat');
  return chat;
}

/** Ends a chat with the reason, or answers the end it had already. */
async function endOrAnswer(ctx: ModuleContext, chat: ChatRow, reason: ChatExitReason): Promise<ChatEnd> {
  const ended = await endChat(ctx, chat.id, reason);
  if (ended) return ended;
  return chatEndOf(await findChat(ctx.db, chat.id, null), await actorNameOf(ctx.db, chat.actorId));
}

/** `chat/stop`: the caller ends their own chat (clientStop). */
export async function stopChat(ctx: ModuleContext, guestId: string, chatId: string): Promise<ChatEnd> {
  return endOrAnswer(ctx, await findChat(ctx.db, chatId, guestId), 'clientStop');
}

/** `chat/kick`: an operator ends anyone's chat (adminKick). */
export async function kickChat(ctx: ModuleContext, chatId: string): Promise<ChatEnd> {
  return endOrAnswer(ctx, await findChat(ctx.db, chatId, null), 'adminKick');
}

/** The guest's running chat, billed up to now, with its messages (to resume after a reload), or null. */
export async function activeChat(
  ctx: ModuleContext,
  guestId: string,
): Promise<{ chat: ChatSession | null; messages: ChatMessage[] }> {
  const [running] = await ctx.db
    .select()
    .from(chatSessions)
    .where(and(eq(chatSessions.guestId, guestId), eq(chatSessions.status, 'active')));
  if (!running) return { chat: null, messages: [] };
  const settled = await settle(ctx.db, running.id, ctx.now(), null);
  if (settled) await publish(ctx, settled);
  if (!settled || settled.chat.status !== 'active') return { chat: null, messages: [] };
  const rows = await ctx.db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.chatId, running.id))
    .orderBy(asc(chatMessages.id));
  return {
    chat: await sessionView(ctx, settled.chat, await actorNameOf(ctx.db, running.actorId)),
    messages: rows.map(messageView),
  };
}

/** After a top-up: the running chat's hold is filled up again, so it goes on; pushes its new state. */
export async function refillRunningChat(ctx: ModuleContext, guestId: string): Promise<void> {
  const [running] = await ctx.db
    .select({ id: chatSessions.id })
    .from(chatSessions)
    .where(
      and(eq(chatSessions.guestId, guestId), eq(chatSessions.status, 'active'), ne(chatSessions.pricePerMinute, 0)),
    );
  if (!running) return;
  const chat = await refillHold(ctx.db, running.id, ctx.now());
  if (!chat) return;
  await pushChatState(ctx, chat);
  // The refill took coins from the balance the top-up had just pushed: every open page shows what is left.
  await pushBalance(ctx, guestId);
}

// --- Messages ---

const messageView = (row: typeof chatMessages.$inferSelect): ChatMessage => ({
  id: row.id,
  chatId: row.chatId,
  senderType: row.senderType as ChatMessage['senderType'],
  text: row.text,
  at: row.at.toISOString(),
});

/** Stores a line of the chat and sends it to every tab of the guest. */
async function postChatMessage(
  ctx: ModuleContext,
  chat: Pick<ChatRow, 'id' | 'guestId'>,
  senderType: ChatMessage['senderType'],
  text: string,
): Promise<ChatMessage> {
  const [row] = await ctx.db
    .insert(chatMessages)
    .values({ chatId: chat.id, senderType, text, at: ctx.now() })
    .returning();
  const message = messageView(row!);
  ctx.hub.sendToGuest(chat.guestId, { type: 'chatMessage', ...message });
  return message;
}

/**
 * `sendChatMessage`: a line of the guest in their own running chat that has the text ability; the performer
 * answers after a pause in the guest's language. Anything else is ignored (answers null).
 */
export async function sendGuestMessage(
  ctx: ModuleContext,
  guestId: string,
  chatId: string,
  text: string,
): Promise<ChatMessage | null> {
  const [chat] = await ctx.db
    .select()
    .from(chatSessions)
    .where(and(eq(chatSessions.id, chatId), eq(chatSessions.guestId, guestId), eq(chatSessions.status, 'active')));
  if (!chat || !CHAT_TYPE_ABILITIES[chat.chatType as ChatType].includes('text')) return null;
  const message = await postChatMessage(ctx, chat, 'guest', text);
  const [guest] = await ctx.db.select({ language: guests.language }).from(guests).where(eq(guests.id, guestId));
  const language = asLanguage(guest?.language ?? 'en');
  setTimeout(() => {
    void answerAsPerformer(ctx, chat.id, language).catch((error: unknown) =>
      ctx.log.warn({ err: error }, 'chat: the performer could not answer'),
    );
  }, botReplyDelayMs()).unref();
  return message;
}

async function answerAsPerformer(ctx: ModuleContext, chatId: string, language: ReturnType<typeof asLanguage>) {
  const [chat] = await ctx.db.select().from(chatSessions).where(eq(chatSessions.id, chatId));
  if (!chat || chat.status !== 'active') return;
  const [previous] = await ctx.db
    .select({ text: chatMessages.text })
    .from(chatMessages)
    .where(and(eq(chatMessages.chatId, chatId), eq(chatMessages.senderType, 'actor')))
    .orderBy(sql`${chatMessages.id} desc`)
    .limit(1);
  await postChatMessage(ctx, chat, 'actor', botReply(language, previous?.text ?? null));
}

// --- Exit survey ---

export interface ChatExitSurveyInput {
  chatId: string;
  actorId: number;
  chatType: ChatType;
  rating: number;
  feedback: string;
  currentUrl: string;
  mobile: boolean;
  isAnonymousVoicecall: boolean;
}

/**
 * `survey/chatexit`: the guest's own ended chat of at least CHAT_EXIT_SURVEY_MIN_SECONDS, answered once
 * (409 CHAT_TOO_SHORT for a shorter or running chat, 409 SURVEY_ALREADY_STORED for a second answer).
 */
export async function storeChatExitSurvey(db: Database, guestId: string, input: ChatExitSurveyInput) {
  const chat = await findChat(db, input.chatId, guestId);
  if (chat.actorId !== input.actorId || chat.chatType !== input.chatType)
    throw new HttpError(404, 'CHAT_NOT_FOUND', 'No such chat with this performer and type');
  if (chat.status === 'active') throw new HttpError(409, 'CHAT_TOO_SHORT', 'The chat is still running');
  if (!chatEndOf(chat, '').surveyEligible)
    throw new HttpError(409, 'CHAT_TOO_SHORT', `Only chats of at least ${CHAT_EXIT_SURVEY_MIN_SECONDS} s are surveyed`);
  const stored = await db
    .insert(chatExitSurveys)
    .values({ ...input, guestId })
    .onConflictDoNothing()
    .returning({ chatId: chatExitSurveys.chatId });
  if (stored.length === 0) throw new HttpError(409, 'SURVEY_ALREADY_STORED', 'This chat has been rated already');
  return { stored: true as const };
}

/**
 * Ends the running chats of performers who went off line: previews as previewOffline, the others as hostOffline
 * (hostStop is a performer ending one chat).
 */
export async function endChatsOfActors(ctx: ModuleContext, actorIds: number[]): Promise<number> {
  if (actorIds.length === 0) return 0;
  const running = await ctx.db
    .select({ id: chatSessions.id, chatType: chatSessions.chatType })
    .from(chatSessions)
    .where(and(inArray(chatSessions.actorId, actorIds), eq(chatSessions.status, 'active')));
  for (const chat of running)
    await endChat(ctx, chat.id, chat.chatType === 'LIVE_PREVIEW' ? 'previewOffline' : 'hostOffline');
  return running.length;
}

/**
 * Ends the guest's running chats that need the age check (an operator withdrew her verification): previews as
 * previewAgeRatingDenied, the others as ageRatingDenied.
 */
export async function endAgeRatedChatsOfGuest(ctx: ModuleContext, guestId: string): Promise<number> {
  const running = await ctx.db
    .select({ id: chatSessions.id, chatType: chatSessions.chatType, actorId: chatSessions.actorId })
    .from(chatSessions)
    .where(and(eq(chatSessions.guestId, guestId), eq(chatSessions.status, 'active')));
  let ended = 0;
  for (const chat of running) {
    const actor = await findPerformer(ctx.db, chat.actorId);
    if (!actor || !ageRated(actor)) continue;
    await endChat(ctx, chat.id, chat.chatType === 'LIVE_PREVIEW' ? 'previewAgeRatingDenied' : 'ageRatingDenied');
    ended += 1;
  }
  return ended;
}
