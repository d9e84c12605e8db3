import { and, eq, getTableColumns, gt, or, sql } from 'drizzle-orm';
import type { Channel, Language, Message } from '@velvet/contracts';
import type { Database } from '../../db/database';
import { HttpError } from '../../http/endpoint';
import type { Auth, ModuleContext } from '../module';
import { ageGate, ageGateOf, ageVerifiedBy } from '../auth/age';
import { guestCard } from '../auth/guests';
import { spendVoucher } from '../account/service';
import { pushGuestVouchers } from '../account/vouchers';
import { botReplyDelayMs } from '../chat/bot';
import { performerShare, saleProceeds } from '../wallet/money';
import { pushBalance, transfer } from '../wallet/service';
import { boughtGiftsOf, takeGifts } from './gifts';
import { channels, messages, actorTerms } from './schema';
import {
  channelActorColumns,
  getChannel,
  messageView,
  toChannel,
  toMessage,
  viewOf,
  keptConversations,
} from './service';
import { performerCard } from '../performers/catalogue';

/** The voucher type of free messages (the spec's voucher types by number). */
const FREE_MESSAGE_VOUCHER = 5;

type MessageRow = typeof messages.$inferSelect;
type ChannelRow = typeof channels.$inferSelect;

export interface GuestMessage {
  channelId: number;
  clientMessageId: string;
  text: string;
  giftIds: readonly number[];
  /** A stored picture's file name (see images.ts). */
  imageFile?: string;
  /** The language of the page that sends it: the answer's gift names are in it. */
  language: Language;
}

export type SendResult =
  /** `replayed`: the client's message id had been sent before; this is that message, nothing stored or charged. */
  | { sent: true; replayed: boolean; channel: Channel; message: Message }
  /** The balance does not cover the price: nothing stored, nothing charged; the client sends it again after a top-up. */
  | { sent: false; reason: 'insufficientFunds'; channel: Channel }
  | { sent: false; reason: 'refused'; error: HttpError };

/**
 * What a message costs, in the order the rules use them up: free while messaging with her is free, then the
 * channel's free messages, then a free-message voucher that holds for her, then her price through the ledger.
 */
async function payForMessage(
  tx: Database,
  guestId: string,
  channel: ChannelRow,
  clientMessageId: string,
  now: Date,
): Promise<{ price: number; freeMessagesAmount: number; voucher: boolean }> {
  const { freeMessagesAmount } = channel;
  if (channel.isMessagingFree) return { price: 0, freeMessagesAmount, voucher: false };
  if (freeMessagesAmount > 0) return { price: 0, freeMessagesAmount: freeMessagesAmount - 1, voucher: false };
  if ((await spendVoucher(tx, guestId, FREE_MESSAGE_VOUCHER, channel.actorId, now)) !== null)
    return { price: 0, freeMessagesAmount, voucher: true };
  const price = channel.messagePrice;
  if (price > 0) {
    // Keyed by the client's message id: a resent message finds its transfer made and moves nothing.
    await transfer(tx, {
      reason: 'messenger.message',
      at: now,
      legs: [{ account: { kind: 'guest', id: guestId }, amount: -price }, ...saleProceeds(channel.actorId, price)],
      idempotency: { scope: `messenger.message:${guestId}`, key: clientMessageId },
      metadata: { channelId: channel.id, actorId: channel.actorId, price },
    });
  }
  return { price, freeMessagesAmount, voucher: false };
}

/**
 * A message without gifts in a channel where it is free (messaging with her is free, or a free message is left),
 * as one statement: the insert locks the channel (`for update`: her messages are counted one after the other, and
 * a block or the last free message taken meanwhile is seen), the unique client id makes a message sent again
 * insert nothing, and the channel takes the message and its free message in the same statement. Built once per
 * database and run with its values: a message's cost is this one round trip.
 */
function buildFreeSend(db: Database) {
  const value = <T>(name: string, type: string) => sql<T>`${sql.placeholder(name)}::${sql.raw(type)}`;
  const sent = db.$with('sent').as(
    db
      .insert(messages)
      .select((qb) =>
        qb
          .select({
            id: sql<number>`nextval(pg_get_serial_sequence('messenger_messages', 'id'))`.as('id'),
            channelId: channels.id,
            senderType: sql<'guest'>`'guest'`.as('sender_type'),
            messageType: value<string>('messageType', 'text').as('message_type'),
            text: value<string>('text', 'text').as('text'),
            created: value<Date>('now', 'timestamptz').as('created'),
            clientMessageId: value<string>('clientMessageId', 'text').as('client_message_id'),
            giftIds: sql<number[]>`'{}'::integer[]`.as('gift_ids'),
            imageFile: value<string | null>('imageFile', 'text').as('image_file'),
            mediaType: value<'bitmap' | null>('mediaType', 'text').as('media_type'),
            durationSeconds: sql<number | null>`null::integer`.as('duration_seconds'),
            price: sql<number>`0`.as('price'),
            openPrice: sql<number>`0`.as('open_price'),
            opened: sql<boolean>`false`.as('opened'),
            data: sql<null>`null::jsonb`.as('data'),
          })
          .from(channels)
          .where(
            and(
              eq(channels.id, sql.placeholder('channelId')),
              eq(channels.guestId, sql.placeholder('guestId')),
              eq(channels.blocked, false),
              or(eq(channels.isMessagingFree, true), gt(channels.freeMessagesAmount, 0)),
            ),
          )
          .for('update'),
      )
      .onConflictDoNothing({ target: [messages.channelId, messages.clientMessageId] })
      .returning(),
  );
  const changed = db.$with('changed').as(
    db
      .update(channels)
      .set({
        lastMessageId: sql`${sent.id}`,
        messageTimestamp: sql`${sent.created}`,
        archived: false,
        freeMessagesAmount: sql`case when ${channels.isMessagingFree} then ${channels.freeMessagesAmount} else ${channels.freeMessagesAmount} - 1 end`,
        // The performer answers the guest's latest lines once, after a pause a person would need to type.
        replyDueAt: sql`coalesce(${channels.replyDueAt}, ${value<Date>('replyDueAt', 'timestamptz')})`,
      })
      .from(sent)
      .where(eq(channels.id, sent.channelId))
      .returning(getTableColumns(channels)),
  );
  return db
    .with(sent, changed)
    .select({
      channel: changed._.selectedFields,
      message: sent._.selectedFields,
      actor: channelActorColumns,
      guest: { language: guestCard.language, avsStatus: guestCard.avsStatus },
    })
    .from(changed)
    .innerJoin(sent, eq(sent.channelId, changed.id))
    .innerJoin(performerCard, eq(performerCard.id, changed.actorId))
    .innerJoin(guestCard, eq(guestCard.id, changed.guestId))
    .prepare('messenger_free_send');
}

const freeSends = new WeakMap<Database, ReturnType<typeof buildFreeSend>>();

/** Sends the message if it is free and new (see buildFreeSend); null when the full path must decide. */
async function sendFreeMessage(
  ctx: Pick<ModuleContext, 'db' | 'config' | 'now' | 'images'>,
  auth: Pick<Auth, 'guestId' | 'loggedIn'>,
  input: GuestMessage,
  now: Date,
): Promise<{ channel: Channel; message: Message } | null> {
  let freeSend = freeSends.get(ctx.db);
  if (!freeSend) freeSends.set(ctx.db, (freeSend = buildFreeSend(ctx.db)));
  const [found] = await freeSend.execute({
    channelId: input.channelId,
    guestId: auth.guestId,
    messageType: input.imageFile ? 'image_sent' : 'text',
    text: input.text,
    now: now.toISOString(),
    clientMessageId: input.clientMessageId,
    imageFile: input.imageFile ?? null,
    mediaType: input.imageFile ? 'bitmap' : null,
    replyDueAt: new Date(now.getTime() + botReplyDelayMs()).toISOString(),
  });
  if (!found) return null;
  keptConversations.forget(auth.guestId);
  const gate = ageGateOf(ctx, ageVerifiedBy(auth, found.guest.avsStatus));
  const { channel, message, actor } = found;
  return {
    channel: toChannel(gate, { channel, actor, lastMessage: message.text }),
    message: toMessage(message, viewOf(ctx, auth.guestId, input.language, new Map())),
  };
}

/**
 * Stores a guest's message (text, gifts, a picture) in her channel and charges it, in one transaction under the
 * channel's row lock, so her messages to one performer are priced one after the other and a free message is used
 * once. The client's message id makes it idempotent: the same id again answers the stored message and charges
 * nothing. Bad input (an unknown or foreign channel, a blocked one, a gift not in the catalogue, not owned or
 * VIP-only) is refused with its code and charges nothing; too little money stores nothing.
 * The server's time per message bounds the messages it takes a second: a free message without gifts is one
 * statement (sendFreeMessage); any other is the channel read under its lock with what its answer shows (its
 * performer, the guest's language and age check), the look for a message sent before under its id, its charge, its
 * rows and the commit, and its answer is made from what the transaction read and wrote.
 */
export async function sendGuestMessage(
  ctx: Pick<ModuleContext, 'db' | 'hub' | 'now' | 'statusBar' | 'config' | 'hooks' | 'images'>,
  auth: Pick<Auth, 'guestId' | 'loggedIn'>,
  input: GuestMessage,
): Promise<SendResult> {
  const { db } = ctx;
  const { guestId } = auth;
  const now = ctx.now();
  if (!input.text && input.giftIds.length === 0 && !input.imageFile)
    return { sent: false, reason: 'refused', error: new HttpError(400, 'VALIDATION_FAILED', 'A message needs a text') };
  if (input.giftIds.length === 0) {
    const free = await sendFreeMessage(ctx, auth, input, now);
    if (free) return { sent: true, replayed: false, ...free };
  }
  let outcome: {
    row: MessageRow;
    replayed: boolean;
    charged: boolean;
    gifts: boolean;
    vouchers: boolean;
    view: { channel: Channel; message: Message } | null;
  };
  try {
    outcome = await db.transaction(async (tx) => {
      const [found] = await tx
        .select({
          channel: channels,
          actor: channelActorColumns,
          guest: { language: guestCard.language, avsStatus: guestCard.avsStatus },
        })
        .from(channels)
        .innerJoin(performerCard, eq(performerCard.id, channels.actorId))
        .innerJoin(guestCard, eq(guestCard.id, channels.guestId))
        .where(and(eq(channels.id, input.channelId), eq(channels.guestId, guestId)))
        .for('update', { of: channels });
      if (!found) throw new HttpError(404, 'NOT_FOUND', `No channel ${input.channelId}`);
      const { channel } = found;
      // Its own statement, after the lock: one read with the lock would not see a message that the transaction it
      // waited for stored (PostgreSQL reads the other tables as they were when the statement began).
      const [earlier] = await tx
        .select()
        .from(messages)
        .where(and(eq(messages.channelId, channel.id), eq(messages.clientMessageId, input.clientMessageId)));
      if (earlier) return { row: earlier, replayed: true, charged: false, gifts: false, vouchers: false, view: null };
      if (channel.blocked) throw new HttpError(403, 'FORBIDDEN', 'This conversation is blocked');
      const { gifts, vouchersUsed } = await takeGifts(tx as Database, guestId, input.giftIds, {
        actorId: channel.actorId,
        now,
      });
      const { price, freeMessagesAmount, voucher } = await payForMessage(
        tx as Database,
        guestId,
        channel,
        input.clientMessageId,
        now,
      );
      // The performer earns her share of the gifts she is given; the platform sold them.
      const giftsShare = gifts.reduce((sum, gift) => sum + performerShare(gift.price), 0);
      if (giftsShare > 0) {
        await transfer(tx as Database, {
          reason: 'messenger.giftSent',
          at: now,
          legs: [
            { account: { kind: 'system', id: 'platform' }, amount: -giftsShare },
            { account: { kind: 'performer', id: channel.actorId }, amount: giftsShare },
          ],
          idempotency: { scope: `messenger.giftSent:${guestId}`, key: input.clientMessageId },
        });
      }
      const [stored] = await tx
        .insert(messages)
        .values({
          channelId: channel.id,
          senderType: 'guest',
          messageType: input.imageFile ? 'image_sent' : gifts.length > 0 ? 'gift' : 'text',
          text: input.text,
          created: now,
          clientMessageId: input.clientMessageId,
          giftIds: gifts.map((gift) => gift.id),
          imageFile: input.imageFile ?? null,
          mediaType: input.imageFile ? 'bitmap' : null,
          price,
        })
        .returning();
      const [changed] = await tx
        .update(channels)
        .set({
          lastMessageId: stored!.id,
          messageTimestamp: now,
          archived: false,
          freeMessagesAmount,
          // The performer answers the guest's latest lines once, after a pause a person would need to type.
          replyDueAt: sql`coalesce(${channels.replyDueAt}, ${new Date(now.getTime() + botReplyDelayMs()).toISOString()}::timestamptz)`,
        })
        .where(eq(channels.id, channel.id))
        .returning();
      keptConversations.forget(guestId);
      const gate = ageGateOf(ctx, ageVerifiedBy(auth, found.guest.avsStatus));
      const view = viewOf(ctx, guestId, input.language, new Map(gifts.map((gift) => [gift.id, gift])));
      return {
        row: stored!,
        replayed: false,
        charged: price > 0,
        gifts: gifts.length > 0,
        vouchers: voucher || vouchersUsed > 0,
        view: {
          channel: toChannel(gate, { channel: changed!, actor: found.actor, lastMessage: stored!.text }),
          message: toMessage(stored!, view),
        },
      };
    });
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    if (error.code === 'INSUFFICIENT_FUNDS')
      return {
        sent: false,
        reason: 'insufficientFunds',
        channel: await getChannel(db, guestId, await ageGate(ctx, auth), input.channelId),
      };
    return { sent: false, reason: 'refused', error };
  }
  if (outcome.charged) await pushBalance(ctx, guestId);
  if (outcome.gifts)
    ctx.hub.sendToGuest(guestId, { type: 'boughtGifts', boughtGifts: await boughtGiftsOf(db, guestId) });
  if (outcome.vouchers) await pushGuestVouchers(ctx, guestId);
  if (outcome.view) return { sent: true, replayed: false, ...outcome.view };
  // A message sent again: the stored one, as the channel shows it now.
  return {
    sent: true,
    replayed: true,
    channel: await getChannel(db, guestId, await ageGate(ctx, auth), input.channelId),
    message: toMessage(outcome.row, await messageView(ctx, guestId, [outcome.row], input.language)),
  };
}

/**
 * An operator sets a performer's terms: new conversations start with them, and her conversations take the new
 * price and free messaging (their free messages stay what each guest has left). Every guest writing to her is
 * told (`messagePrice`). Answers how many conversations changed.
 */
export async function setActorTerms(
  ctx: Pick<ModuleContext, 'db' | 'hub'>,
  actorId: number,
  terms: { messagePrice: number; freeMessagesAmount: number; isMessagingFree: boolean },
): Promise<number> {
  const changed = await ctx.db.transaction(async (tx) => {
    await tx
      .insert(actorTerms)
      .values({ actorId, ...terms })
      .onConflictDoUpdate({ target: actorTerms.actorId, set: terms });
    return tx
      .update(channels)
      .set({ messagePrice: terms.messagePrice, isMessagingFree: terms.isMessagingFree })
      .where(eq(channels.actorId, actorId))
      .returning({ id: channels.id, guestId: channels.guestId, freeMessagesAmount: channels.freeMessagesAmount });
  });
  for (const channel of changed) {
    keptConversations.forget(channel.guestId);
    ctx.hub.sendToGuest(channel.guestId, {
      type: 'messagePrice',
      channelId: channel.id,
      messagePrice: terms.messagePrice,
      freeMessagesAmount: channel.freeMessagesAmount,
      isMessagingFree: terms.isMessagingFree,
      clientMessageId: null,
    });
  }
  return changed.length;
}
