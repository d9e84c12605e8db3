import { rm } from 'node:fs/promises';
import path from 'node:path';
import { and, asc, desc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { Language, MessengerMediaType } from '@velvet/contracts';
import type { Database } from '../../db/database';
import type { ModuleContext } from '../module';
import { ageGate } from '../auth/age';
import { botReply } from '../chat/bot';
import { notify } from '../notifications/service';
import { giftsById } from './gifts';
import { messengerImagesDir } from './images';
import { MEDIA_OPEN_PRICES, storePerformerMedia } from './media';
import { channels, messages } from './schema';
import { getChannel, messageView, toMessage, keptConversations } from './service';

/** A performer thanks for a gift by its name, in the guest's language. */
const GIFT_THANKS: Record<Language, (gift: string) => string> = {
  de: (gift) => `Danke für ${gift}! Du bist ein Schatz 😘`,
  en: (gift) => `Thank you for the ${gift}! You are a sweetheart 😘`,
  nl: (gift) => `Dank je voor ${gift}! Je bent een schat 😘`,
  es: (gift) => `¡Gracias por ${gift}! Eres un encanto 😘`,
};

/** The guest's age gate decides her channel's avatar, as her own requests see it. */
const guestAuth = (guestId: string) => ({ guestId, loggedIn: true, operator: false, sid: '' });

/** Every third answer of a performer carries media: a picture, then a clip, then an audio message, in turn. */
const MEDIA_EVERY = 3;
const MEDIA_TURN: readonly MessengerMediaType[] = ['bitmap', 'video', 'audio'];
/** The notification's wording of each media (its text's context). */
const NOTIFIED_AS: Record<MessengerMediaType, string> = { bitmap: 'picture', video: 'clip', audio: 'audio' };

/** Channels answered per pass, so one pass stays short; the rest wait for the next. */
const REPLIES_PER_PASS = 50;
/** How often the job looks for due answers. */
export const REPLY_TICK_MS = 1000;

/**
 * The demo performers answer in the messenger as they do in the live chat (the chat's lines, in the guest's
 * language): once the pause after the guest's latest message is over by the server clock. A gift message is
 * thanked for by the gift's name (`new_gift`), and every third answer brings media (`image_received`): a picture
 * or a clip paid to open, or a free audio message, each in a file of its own. Each due channel is claimed by clearing its due time, so two
 * passes never answer it twice. Answers how many channels were answered.
 */
export async function answerDueReplies(ctx: ModuleContext): Promise<number> {
  const due = await ctx.db
    .select({ id: channels.id })
    .from(channels)
    .where(and(isNotNull(channels.replyDueAt), lte(channels.replyDueAt, ctx.now())))
    .orderBy(asc(channels.replyDueAt))
    .limit(REPLIES_PER_PASS);
  let answered = 0;
  for (const { id } of due) if (await answerChannel(ctx, id)) answered++;
  return answered;
}

async function answerChannel(ctx: ModuleContext, channelId: number): Promise<boolean> {
  const { db } = ctx;
  const now = ctx.now();
  // The answer's media file is written before its message row: a transaction that rolls back takes the file too.
  let mediaFile: string | null = null;
  const stored = await db
    .transaction(async (tx) => {
      const [channel] = await tx
        .update(channels)
        .set({ replyDueAt: null })
        .where(and(eq(channels.id, channelId), isNotNull(channels.replyDueAt), lte(channels.replyDueAt, now)))
        .returning({ guestId: channels.guestId, blocked: channels.blocked });
      if (!channel || channel.blocked) return null;
      const [lastOfGuest] = await tx
        .select({ giftIds: messages.giftIds })
        .from(messages)
        .where(and(eq(messages.channelId, channelId), eq(messages.senderType, 'guest')))
        .orderBy(desc(messages.id))
        .limit(1);
      const [previous] = await tx
        .select({ text: messages.text })
        .from(messages)
        .where(and(eq(messages.channelId, channelId), eq(messages.senderType, 'actor')))
        .orderBy(desc(messages.id))
        .limit(1);
      const [{ answers } = { answers: 0 }] = await tx
        .select({ answers: sql<number>`count(*)`.mapWith(Number) })
        .from(messages)
        .where(and(eq(messages.channelId, channelId), eq(messages.senderType, 'actor')));
      const view = await messageView({ ...ctx, db: tx as Database }, channel.guestId, []);
      const giftId = lastOfGuest?.giftIds[0];
      const gift = giftId === undefined ? undefined : (await giftsById(tx, [giftId])).get(giftId);
      const text = gift
        ? GIFT_THANKS[view.language](gift.names[view.language])
        : botReply(view.language, previous?.text ?? null);
      const turn = (answers + 1) / MEDIA_EVERY;
      const mediaType = !gift && Number.isInteger(turn) ? MEDIA_TURN[(turn - 1) % MEDIA_TURN.length]! : null;
      const media = mediaType && (await storePerformerMedia(ctx.config.dataDir, mediaType, channelId * 31 + answers));
      if (media) mediaFile = media.file;
      const [row] = await tx
        .insert(messages)
        .values({
          channelId,
          senderType: 'actor',
          messageType: gift ? 'new_gift' : media ? 'image_received' : 'text',
          text,
          created: now,
          ...(mediaType && media
            ? {
                imageFile: media.file,
                mediaType,
                durationSeconds: media.durationSeconds,
                openPrice: MEDIA_OPEN_PRICES[mediaType],
              }
            : {}),
        })
        .returning();
      await tx
        .update(channels)
        .set({ lastMessageId: row!.id, messageTimestamp: now, unreadCount: sql`${channels.unreadCount} + 1` })
        .where(eq(channels.id, channelId));
      keptConversations.forget(channel.guestId);
      return { guestId: channel.guestId, row: row! };
    })
    .catch(async (error: unknown) => {
      if (mediaFile) await rm(path.join(messengerImagesDir(ctx.config.dataDir), mediaFile), { force: true });
      throw error;
    });
  if (!stored) return false;
  const view = await messageView(ctx, stored.guestId, [stored.row]);
  const channel = await getChannel(db, stored.guestId, await ageGate(ctx, guestAuth(stored.guestId)), channelId);
  ctx.hub.sendToGuest(stored.guestId, { type: 'channel', channel, message: toMessage(stored.row, view) });
  const params: Record<string, string> = { name: channel.actorName };
  if (stored.row.mediaType) params.context = NOTIFIED_AS[stored.row.mediaType];
  await notify(ctx, stored.guestId, 'message', params);
  return true;
}

/** The performers' answers as a job, every REPLY_TICK_MS. */
export const startReplyJob = (ctx: ModuleContext) =>
  ctx.leases.repeat('messenger: performers answering', REPLY_TICK_MS, () => answerDueReplies(ctx));
