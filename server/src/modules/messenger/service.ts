import { and, desc, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import type { Channel, ChannelFilter, Conversation, Language, Message } from '@velvet/contracts';
import type { Database } from '../../db/database';
import { HttpError } from '../../http/endpoint';
import type { ModuleContext } from '../module';
import type { AgeGate } from '../auth/age';
import { asLanguage, KEPT_GUEST_CHANGED, keptGuest } from '../auth/guests';
import { GuestMemory } from '../../cluster/guest-memory';
import { performerAvatar } from '../performers/age';
import { findPerformer, performerCard, type PerformerCard } from '../performers/catalogue';
import { giftsById, toMessageGift } from './gifts';
import { imageUrl } from './images';
import { saleProceeds } from '../wallet/money';
import { pushBalance, transfer } from '../wallet/service';
import { actorTerms, channels, messages } from './schema';

type ChannelRow = typeof channels.$inferSelect;
type ActorRow = Pick<PerformerCard, 'displayName' | 'age' | 'isOnline' | 'avatarUrl' | 'ageRating'>;
type MessageRow = typeof messages.$inferSelect;

/** What a channel shows of its performer, from `performerCard` joined on the channel's actorId. */
export const channelActorColumns = {
  displayName: performerCard.displayName,
  age: performerCard.age,
  isOnline: performerCard.isOnline,
  avatarUrl: performerCard.avatarUrl,
  ageRating: performerCard.ageRating,
};

const channelColumns = {
  channel: channels,
  actor: channelActorColumns,
  lastMessage: messages.text,
};

export function toChannel(
  gate: AgeGate,
  {
    channel,
    actor,
    lastMessage,
  }: {
    channel: ChannelRow;
    actor: ActorRow;
    lastMessage: string | null;
  },
): Channel {
  return {
    id: channel.id,
    actorId: channel.actorId,
    actorName: actor.displayName,
    actorAge: actor.age,
    unreadCount: channel.unreadCount,
    archived: channel.archived,
    blocked: channel.blocked,
    isActorOnline: actor.isOnline,
    messageTimestamp: channel.messageTimestamp.toISOString(),
    lastMessage,
    freeMessagesAmount: channel.freeMessagesAmount,
    messagePrice: channel.messagePrice,
    isMessagingFree: channel.isMessagingFree,
    previewPictureUrl: performerAvatar(gate, actor),
  };
}

/** What a guest's view of messages needs: her language (gift names) and the gifts and picture addresses. */
export interface MessageView {
  guestId: string;
  language: Language;
  gifts: Awaited<ReturnType<typeof giftsById>>;
  secret: string;
  now: Date;
}

/**
 * The view of `rows` for the guest in the language of the call or socket that asks (`language`); without one (a job
 * pushing to all her tabs), in her own language. One read of the gifts they carry.
 */
export async function messageView(
  ctx: Pick<ModuleContext, 'db' | 'config' | 'now'>,
  guestId: string,
  rows: readonly MessageRow[],
  language?: Language,
): Promise<MessageView> {
  const [shownIn, gifts] = await Promise.all([
    language ?? keptGuest(ctx, guestId).then((guest) => guest.language),
    giftsById(
      ctx.db,
      rows.flatMap((row) => row.giftIds),
    ),
  ]);
  return viewOf(ctx, guestId, shownIn, gifts);
}

/** The view for a caller that has read the guest's language and the gifts already. */
export const viewOf = (
  ctx: Pick<ModuleContext, 'config' | 'now'>,
  guestId: string,
  language: string,
  gifts: MessageView['gifts'],
): MessageView => ({ guestId, language: asLanguage(language), gifts, secret: ctx.config.jwtSecret, now: ctx.now() });

/** A performer's media paid to open that the guest has not opened: shown without its address. */
const locked = (row: MessageRow) => row.openPrice > 0 && !row.opened;

export function toMessage(row: MessageRow, view: MessageView): Message {
  return {
    id: row.id,
    channelId: row.channelId,
    senderType: row.senderType,
    messageType: row.messageType as Message['messageType'],
    text: row.text,
    created: row.created.toISOString(),
    clientMessageId: row.clientMessageId,
    gifts: row.giftIds.flatMap((id) => {
      const gift = view.gifts.get(id);
      return gift ? [toMessageGift(gift, view.language)] : [];
    }),
    imageUrl: row.imageFile && !locked(row) ? imageUrl(view.secret, row, view.guestId, view.now) : null,
    mediaType: row.imageFile ? (row.mediaType ?? 'bitmap') : null,
    durationSeconds: row.durationSeconds,
    price: row.price,
    openPrice: locked(row) ? row.openPrice : 0,
    data: row.data ?? null,
  };
}

function selectChannels(db: Database) {
  return db
    .select(channelColumns)
    .from(channels)
    .innerJoin(performerCard, eq(performerCard.id, channels.actorId))
    .leftJoin(messages, eq(messages.id, channels.lastMessageId));
}

/** Whether the online-only switch applies to a list: the archived and unread lists show offline performers too. */
export const hidesOffline = (filter: ChannelFilter, onlineOnly: boolean) =>
  onlineOnly && filter !== 'archived' && filter !== 'unread';

/**
 * Which channels a filter shows: archived and blocked ones only in their own lists; with the online-only switch,
 * only performers on line where it applies.
 */
function filterCondition(guestId: string, filter: ChannelFilter, onlineOnly: boolean): SQL {
  const ofGuest = eq(channels.guestId, guestId);
  const online = hidesOffline(filter, onlineOnly) ? eq(performerCard.isOnline, true) : undefined;
  switch (filter) {
    case 'archived':
      return and(ofGuest, eq(channels.archived, true), eq(channels.blocked, false))!;
    case 'blocked':
      return and(ofGuest, eq(channels.blocked, true), online)!;
    case 'newest':
    case 'unread':
      return and(ofGuest, eq(channels.archived, false), eq(channels.blocked, false), online)!;
  }
}

/** The unread filter puts unread channels first; every list is newest first within that. */
function filterOrder(filter: ChannelFilter): SQL[] {
  const newest = [desc(channels.messageTimestamp), desc(channels.id)];
  return filter === 'unread' ? [desc(gt(channels.unreadCount, 0)), ...newest] : newest;
}

/** Unread messages over all the guest's channels (blocked ones do not count). */
function unreadTotalOf(guestId: string) {
  return sql<number>`coalesce(sum(${channels.unreadCount}) filter (where ${channels.guestId} = ${guestId} and not ${channels.blocked}), 0)`.mapWith(
    Number,
  );
}

export async function unreadMessageCount(db: Database, guestId: string): Promise<number> {
  const [row] = await db
    .select({ unreadTotal: unreadTotalOf(guestId) })
    .from(channels)
    .where(eq(channels.guestId, guestId));
  return row?.unreadTotal ?? 0;
}

export async function listChannels(
  db: Database,
  guestId: string,
  gate: AgeGate,
  list: { filter: ChannelFilter; onlineOnly: boolean },
  offset: number,
  limit: number,
): Promise<{ channels: Channel[]; total: number; unreadTotal: number }> {
  const { filter } = list;
  const where = filterCondition(guestId, filter, list.onlineOnly);
  const [rows, [counts]] = await Promise.all([
    selectChannels(db)
      .where(where)
      .orderBy(...filterOrder(filter))
      .offset(offset)
      .limit(limit),
    db
      .select({
        total: sql<number>`count(*) filter (where ${where})`.mapWith(Number),
        unreadTotal: unreadTotalOf(guestId),
      })
      .from(channels)
      .innerJoin(performerCard, eq(performerCard.id, channels.actorId))
      .where(eq(channels.guestId, guestId)),
  ]);
  return {
    channels: rows.map((row) => toChannel(gate, row)),
    total: counts?.total ?? 0,
    unreadTotal: counts?.unreadTotal ?? 0,
  };
}

export async function getChannel(db: Database, guestId: string, gate: AgeGate, channelId: number): Promise<Channel> {
  const [row] = await selectChannels(db).where(and(eq(channels.id, channelId), eq(channels.guestId, guestId)));
  if (!row) throw new HttpError(404, 'NOT_FOUND', `No channel ${channelId}`);
  return toChannel(gate, row);
}

async function channelIdOfActor(db: Database, guestId: string, actorId: number): Promise<number> {
  const [row] = await db
    .select({ id: channels.id })
    .from(channels)
    .where(and(eq(channels.guestId, guestId), eq(channels.actorId, actorId)));
  if (!row) throw new HttpError(404, 'NOT_FOUND', `No channel with performer ${actorId}`);
  return row.id;
}

/** A second viewing of a read channel within this long leaves its last viewing as it was (no write). */
const VIEWED_PRECISION_MS = 60_000;

/** The bus topic on which a process tells the others whose conversations changed. */
export const CONVERSATIONS_CHANGED = 'conversations';

/**
 * Pages of guests' conversations, kept for a second at most: every message stored in her channels (hers, her
 * performers', the site's), every change of her channels and of a message (opened), and any change of her row (age
 * gate) forget hers. A kept page is one that has been read, so it shows her channel read; a performer's profile
 * (name, online, picture) shows within the second.
 */
export const keptConversations = new GuestMemory<Conversation>(CONVERSATIONS_CHANGED, 1_000, [KEPT_GUEST_CHANGED]);

/** `openConversation` kept for the guest (`keptConversations`): her open conversation is read again and again. */
export const keptConversation: typeof openConversation = (ctx, guestId, gate, target, page, language) =>
  keptConversations.read(ctx, guestId, JSON.stringify([target, page, language]), () =>
    openConversation(ctx, guestId, gate, target, page, language),
  );

/** A page of a conversation, oldest first, in the call's language; reading it marks the channel read. */
export async function openConversation(
  ctx: Pick<ModuleContext, 'db' | 'config' | 'now' | 'hub'>,
  guestId: string,
  gate: AgeGate,
  target: { channelId: number } | { actorId: number },
  page: { before?: number | undefined; limit: number },
  language: Language,
): Promise<Conversation> {
  const { db } = ctx;
  const now = ctx.now();
  const channelId = 'channelId' in target ? target.channelId : await channelIdOfActor(db, guestId, target.actorId);
  const owned = and(eq(channels.id, channelId), eq(channels.guestId, guestId));
  // The page is read beside the channel and shown only once the channel proved hers.
  const [[card], rows] = await Promise.all([
    selectChannels(db).where(owned),
    db
      .select()
      .from(messages)
      .where(and(eq(messages.channelId, channelId), page.before ? lt(messages.id, page.before) : undefined))
      .orderBy(desc(messages.id))
      .limit(page.limit + 1),
  ]);
  if (!card) throw new HttpError(404, 'NOT_FOUND', `No channel ${channelId}`);
  const { unreadCount, lastViewedTimestamp } = card.channel;
  // A guest rereading a read conversation (every open of the messenger) writes nothing.
  const marks =
    unreadCount > 0 || !lastViewedTimestamp || now.getTime() - lastViewedTimestamp.getTime() >= VIEWED_PRECISION_MS;
  const hasMore = rows.length > page.limit;
  const shown = rows.slice(0, page.limit).reverse();
  const [view] = await Promise.all([
    messageView(ctx, guestId, shown, language),
    marks && db.update(channels).set({ unreadCount: 0, lastViewedTimestamp: now }).where(owned),
  ]);
  const channel = toChannel(gate, { ...card, channel: { ...card.channel, unreadCount: 0 } });
  // Her other tabs and the navbar's unread count follow what this reading marked read.
  if (unreadCount > 0) ctx.hub.sendToGuest(guestId, { type: 'channel', channel });
  return { channel, messages: shown.map((row) => toMessage(row, view)), hasMore };
}

/** Terms of a performer who has set none: a few free messages, then this price per message (hundredths). */
export const NEW_CHANNEL_FREE_MESSAGES = 3;
export const DEFAULT_MESSAGE_PRICE = 100;

/** Opens (creating on first contact, on the performer's terms) the channel of a guest with a performer. */
export async function touchChannel(db: Database, guestId: string, gate: AgeGate, actorId: number): Promise<Channel> {
  if (!(await findPerformer(db, actorId))) throw new HttpError(404, 'NOT_FOUND', `No performer ${actorId}`);
  const [terms] = await db.select().from(actorTerms).where(eq(actorTerms.actorId, actorId));
  await db
    .insert(channels)
    .values({
      guestId,
      actorId,
      freeMessagesAmount: terms?.freeMessagesAmount ?? NEW_CHANNEL_FREE_MESSAGES,
      messagePrice: terms?.messagePrice ?? DEFAULT_MESSAGE_PRICE,
      isMessagingFree: terms?.isMessagingFree ?? false,
    })
    .onConflictDoNothing();
  return getChannel(db, guestId, gate, await channelIdOfActor(db, guestId, actorId));
}

/** Archives or unarchives, blocks or unblocks one of the guest's channels; 404 for any other channel. */
export async function markChannel(
  db: Database,
  guestId: string,
  gate: AgeGate,
  channelId: number,
  change: { archived: boolean } | { blocked: boolean },
): Promise<Channel> {
  const [row] = await db
    .update(channels)
    .set(change)
    .where(and(eq(channels.id, channelId), eq(channels.guestId, guestId)))
    .returning({ id: channels.id });
  if (!row) throw new HttpError(404, 'NOT_FOUND', `No channel ${channelId}`);
  keptConversations.forget(guestId);
  return getChannel(db, guestId, gate, channelId);
}

/** Marks every channel of the guest read; answers how many had unread messages. */
export async function markAllChannelsSeen(db: Database, guestId: string, now: Date): Promise<number> {
  const read = await db
    .update(channels)
    .set({ unreadCount: 0, lastViewedTimestamp: now })
    .where(and(eq(channels.guestId, guestId), gt(channels.unreadCount, 0)))
    .returning({ id: channels.id });
  return read.length;
}

/** The media file of a message in the guest's channel; 404 for any other message, channel or guest, 403 while locked. */
export async function imageOfChannel(db: Database, guestId: string, channelId: number, messageId: number) {
  const [row] = await db
    .select({ message: messages })
    .from(messages)
    .innerJoin(channels, eq(channels.id, messages.channelId))
    .where(and(eq(messages.id, messageId), eq(channels.id, channelId), eq(channels.guestId, guestId)));
  if (!row?.message.imageFile) throw new HttpError(404, 'NOT_FOUND', `No media ${messageId}`);
  if (locked(row.message)) throw new HttpError(403, 'NOT_OWNED', 'Open this message first');
  return row.message.imageFile;
}

/**
 * Opens a performer's media paid to open (a picture, clip or audio message) in the guest's channel: one transfer
 * guest → performer (her share) and platform, keyed by the message, under the message's row lock, so opening it
 * again (or many times at once) charges once; 402 when the balance is short, 404 for another guest's message.
 * Media that is free or open is answered as it is.
 */
export async function openMedia(
  ctx: Pick<ModuleContext, 'db' | 'config' | 'now' | 'hub' | 'statusBar' | 'hooks'>,
  guestId: string,
  messageId: number,
  language: Language,
): Promise<Message> {
  const charged = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ message: messages, actorId: channels.actorId })
      .from(messages)
      .innerJoin(channels, eq(channels.id, messages.channelId))
      .where(and(eq(messages.id, messageId), eq(channels.guestId, guestId)))
      .for('update', { of: messages });
    if (!row) throw new HttpError(404, 'NOT_FOUND', `No message ${messageId}`);
    if (!locked(row.message)) return { row: row.message, charged: false };
    await transfer(tx as Database, {
      reason: 'messenger.picture',
      at: ctx.now(),
      legs: [
        { account: { kind: 'guest', id: guestId }, amount: -row.message.openPrice },
        ...saleProceeds(row.actorId, row.message.openPrice),
      ],
      idempotency: { scope: `messenger.picture:${guestId}`, key: String(messageId) },
      metadata: { messageId, price: row.message.openPrice },
    });
    const [opened] = await tx.update(messages).set({ opened: true }).where(eq(messages.id, messageId)).returning();
    keptConversations.forget(guestId);
    return { row: opened!, charged: true };
  });
  if (charged.charged) await pushBalance(ctx, guestId);
  return toMessage(charged.row, await messageView(ctx, guestId, [charged.row], language));
}
