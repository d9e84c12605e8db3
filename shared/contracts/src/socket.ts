import { z } from 'zod';
import { ERROR_CODES } from './endpoint';
import { dbId, dbInt, refuseUnsafeText } from './input';
import { lazyRecord, once } from './lazy';
import { coinBalance } from './money';
import { LANGUAGES } from './routes';
import { STATUS_BAR_TYPES, statusBarEntry } from './statusBar';
import {
  boughtGift,
  channel,
  channelFilter,
  clientMessageId,
  message,
  messageType,
  senderType,
  MESSAGE_GIFTS_MAX,
  MESSAGE_MAX_LENGTH,
  toyRun,
} from './domains/messenger';
import { MEDIATHEK_MEDIA_TYPES } from './domains/media';
import { CHAT_MESSAGE_MAX_LENGTH, chatEnd, chatMessage, chatSession } from './domains/chat';
import { subscriptionPush } from './domains/subscriptions';
import { clashVotingPush } from './domains/specials';
import { bonusCodeRedeemedPush } from './domains/codes';
import { guestBenefits } from './domains/account';

/** Socket constants of the spec. */
export const SOCKET_PATH = '/ws';
export const PING_INTERVAL_MS = 50_000;
export const RECONNECT_DELAY_MS = 1_000;
export const CLOSE_PROTOCOL_ERROR = 1002;
export const CLOSE_PONG_MISSING = 4000;
/** A server process that stops (a restart, a scale-down) closes its sockets so: the client reconnects at once. */
export const CLOSE_SERVICE_RESTART = 1012;
/** The server closes a socket that sends more messages than its rate allows (a client may reconnect later). */
export const CLOSE_RATE_LIMITED = 4008;

/** Every message carries its type, and the client's carry the access token and guest id. */
const fromClient = () => ({ accessToken: z.string().optional(), guestId: z.string().optional() });

/** Client to server. */
export const outgoingMessages = lazyRecord({
  requestSession: () => z.object({ type: z.literal('requestSession'), ...fromClient(), language: z.enum(LANGUAGES) }),
  ping: () => z.object({ type: z.literal('ping'), ...fromClient() }),
  /** The guest closed the status bar's message: it stays away until what it says changes. */
  removeStatusBar: () =>
    z.object({ type: z.literal('removeStatusBar'), ...fromClient(), statusBarType: z.enum(STATUS_BAR_TYPES) }),
  requestNavbarNotifications: () =>
    z.object({
      type: z.literal('requestNavbarNotifications'),
      ...fromClient(),
      newest: dbInt(0),
    }),
  /** Marks one notification (all of the guest's without an id) read; the server answers only for her own. */
  markNotificationRead: () =>
    z.object({
      type: z.literal('markNotificationRead'),
      ...fromClient(),
      notificationId: z.string().uuid().optional(),
    }),
  /** Marks one notification (all of the guest's without an id) seen. */
  markNotificationSeen: () =>
    z.object({
      type: z.literal('markNotificationSeen'),
      ...fromClient(),
      notificationId: z.string().uuid().optional(),
    }),
  removeNotification: () =>
    z.object({ type: z.literal('removeNotification'), ...fromClient(), notificationId: z.string().uuid() }),
  favoritePinActor: () => z.object({ type: z.literal('favoritePinActor'), ...fromClient(), actorId: dbId }),
  favoriteUnpinActor: () => z.object({ type: z.literal('favoriteUnpinActor'), ...fromClient(), actorId: dbId }),
  favoriteRequestActors: () => z.object({ type: z.literal('favoriteRequestActors'), ...fromClient() }),
  /** Pins a photo album or (mediaType VIDEO) a video to the guest's media library. */
  favoritePinAlbum: () =>
    z.object({
      type: z.literal('favoritePinAlbum'),
      ...fromClient(),
      albumId: dbId,
      mediaType: z.enum(MEDIATHEK_MEDIA_TYPES).default('PHOTO'),
    }),
  favoriteUnpinAlbum: () =>
    z.object({
      type: z.literal('favoriteUnpinAlbum'),
      ...fromClient(),
      albumId: dbId,
      mediaType: z.enum(MEDIATHEK_MEDIA_TYPES).default('PHOTO'),
    }),
  /** Pins a single album picture. */
  favoritePinPicture: () => z.object({ type: z.literal('favoritePinPicture'), ...fromClient(), pictureId: dbId }),
  favoriteUnpinPicture: () =>
    z.object({
      type: z.literal('favoriteUnpinPicture'),
      ...fromClient(),
      pictureId: dbId,
    }),
  // Messenger (sent only when logged in). offset equals the number of channels already loaded.
  loadChannels: () =>
    z.object({
      type: z.literal('loadChannels'),
      ...fromClient(),
      offset: dbInt(0),
      limit: dbInt(1, 50),
      /** The list being paged; newest when absent. */
      filterType: channelFilter.optional(),
      /** Only channels of performers on line (not applied to the archived and unread lists). */
      online: z.boolean().optional(),
    }),
  filterChannels: () =>
    z.object({
      type: z.literal('filterChannels'),
      ...fromClient(),
      filterType: channelFilter,
      online: z.boolean().optional(),
    }),
  /** The online-only switch: the first page of the list again, with or without offline performers. */
  loadOnlineChannels: () =>
    z.object({
      type: z.literal('loadOnlineChannels'),
      ...fromClient(),
      online: z.boolean(),
      filterType: channelFilter.optional(),
    }),
  archiveChannel: () =>
    z.object({
      type: z.literal('archiveChannel'),
      ...fromClient(),
      channelId: dbId,
      status: z.boolean(),
    }),
  /** Blocks (status true) or unblocks a channel: a blocked one takes no messages and counts no unread ones. */
  blockChannel: () =>
    z.object({
      type: z.literal('blockChannel'),
      ...fromClient(),
      channelId: dbId,
      status: z.boolean(),
    }),
  /** Marks every channel of the guest read (answered by `allChannelsSeen` to all her tabs). */
  allChannelsSeen: () => z.object({ type: z.literal('allChannelsSeen'), ...fromClient() }),
  sendMessage: () =>
    z.object({
      type: z.literal('sendMessage'),
      ...fromClient(),
      channelId: dbId,
      messageType,
      senderType,
      isVideochat: z.boolean().default(false),
      isFreechat: z.boolean().default(false),
      /** Text of the message; may be empty only when the message carries gifts. */
      data: z.object({ text: z.string().trim().max(MESSAGE_MAX_LENGTH) }),
      /** Gift ids of the catalogue, each one of the guest's bought gifts (an id twice sends two). */
      includedGifts: z.array(dbId).max(MESSAGE_GIFTS_MAX).default([]),
      chatId: z.string().nullable().default(null),
      /** Sending the same id again answers the stored message: never stored or charged twice. */
      clientMessageId,
    }),
  // Live chat (the chat is started over REST; its text goes over the socket).
  sendChatMessage: () =>
    z.object({
      type: z.literal('sendChatMessage'),
      ...fromClient(),
      chatId: z.string().min(1).max(100),
      text: z.string().trim().min(1).max(CHAT_MESSAGE_MAX_LENGTH),
    }),
  /** Asks for the one-click payment offer (answered by `oneClick`). */
  canOneClick: () => z.object({ type: z.literal('canOneClick'), ...fromClient() }),
  /**
   * Tops up with the payment method of the guest's last successful payment, in EUR cents; requestId is the
   * idempotency key (a repeat answers the first result, never charges twice).
   */
  chargeOneClick: () =>
    z.object({
      type: z.literal('chargeOneClick'),
      ...fromClient(),
      amount: z.number().int().min(100).max(100_000),
      channelId: dbId.nullable().default(null),
      requestId: z.string().min(8).max(100),
    }),
  /** Asks for the guest's address and whether it is verified (answered by `emailProperties`). */
  refreshEmailProperties: () => z.object({ type: z.literal('refreshEmailProperties'), ...fromClient() }),
  /**
   * Sends the verification mail again, to `email` when given: a guest who mistyped the address at signup corrects
   * it here (answered by `emailProperties`).
   */
  sendSignupEmail: () =>
    z.object({
      type: z.literal('sendSignupEmail'),
      ...fromClient(),
      email: z.object({ email: z.string().max(254) }).optional(),
    }),
  /** The guest changed the password in this tab: every other session of the guest ends. */
  passwordChanged: () => z.object({ type: z.literal('passwordChanged'), ...fromClient() }),
});

/**
 * The only messages an anonymous session may send: every other one needs a logged-in guest. One list for both sides: the server drops anything else from an
 * anonymous session, and the client refuses to send it (showing the login flow) instead of losing it unseen.
 */
export const ANONYMOUS_MESSAGES = ['requestSession', 'ping'] as const satisfies readonly OutgoingType[];
export const mayAnonymousSend = (type: OutgoingType): boolean =>
  (ANONYMOUS_MESSAGES as readonly string[]).includes(type);

/** Server to client. */
export const incomingMessages = lazyRecord({
  ackSession: () => z.object({ type: z.literal('ackSession'), guestId: z.string(), loggedIn: z.boolean() }),
  pong: () => z.object({ type: z.literal('pong'), ttl: z.number().int() }),
  /** The message the guest's status bar shows now; null clears it. */
  statusBar: () => z.object({ type: z.literal('statusBar'), statusBar: statusBarEntry().nullable() }),
  sessionExpired: () => z.object({ type: z.literal('sessionExpired') }),
  /** The guest's balance in coins and its shown text (balanceOnWire), after every change of it. */
  guestBalance: () => z.object({ type: z.literal('guestBalance'), balance: coinBalance, balanceFormatted: z.string() }),
  actorOnline: () => z.object({ type: z.literal('actorOnline'), actorId: z.number().int(), actorName: z.string() }),
  actorOffline: () => z.object({ type: z.literal('actorOffline'), actorId: z.number().int(), actorName: z.string() }),
  notifications: () =>
    z.object({
      type: z.literal('notifications'),
      notifications: z.array(
        z.object({ id: z.string(), text: z.string(), unread: z.boolean(), unseen: z.boolean(), created: z.string() }),
      ),
      removedIds: z.array(z.string()),
      markedAsReadIds: z.array(z.string()),
    }),
  favoriteActors: () => z.object({ type: z.literal('favoriteActors'), actorIds: z.array(z.number().int()) }),
  /** A feed post's tipping goal after a committed tip, to every open page (sums only grow: a smaller one is older). */
  feedTippingGoal: () =>
    z.object({
      type: z.literal('feedTippingGoal'),
      postId: z.string(),
      tippingGoal: z.object({
        goalCoins: z.number().int(),
        tipsSumCoins: z.number().int(),
        progressPercent: z.number().int(),
        achieved: z.boolean(),
      }),
    }),
  /** A video or album was pinned or unpinned (answering favoritePinAlbum / favoriteUnpinAlbum, to every tab). */
  favoriteAlbum: () =>
    z.object({
      type: z.literal('favoriteAlbum'),
      albumId: z.number().int(),
      mediaType: z.enum(MEDIATHEK_MEDIA_TYPES),
      pinned: z.boolean(),
    }),
  /** A picture was pinned or unpinned (answering favoritePinPicture / favoriteUnpinPicture, to every tab). */
  favoritePicture: () =>
    z.object({ type: z.literal('favoritePicture'), pictureId: z.number().int(), pinned: z.boolean() }),
  pageReload: () => z.object({ type: z.literal('pageReload') }),
  /** An operator locked the guest: her sessions end right after this message. */
  guestLocked: () => z.object({ type: z.literal('guestLocked'), reason: z.string() }),
  /**
   * The guest's conversion chat countdown was enabled (its new end) or disabled (null): every tab shows it or takes
   * it away at once, as her profile would at the next load.
   */
  conversionChat: () => z.object({ type: z.literal('conversionChat'), countdownEnds: z.string().nullable() }),
  /** The guest's profile picture changed (or was removed): every tab shows the new one. */
  guestAvatar: () => z.object({ type: z.literal('guestAvatar'), avatarUrl: z.string().nullable() }),
  /** Whether the guest has to see the data protection notice (after the session starts and when she accepts). */
  dataProtection: () => z.object({ type: z.literal('dataProtection'), show: z.boolean(), version: z.string() }),
  // Age verification: the guest's status changed (accepted, pending, rejected with the provider's message, or
  // withdrawn by an operator: back to unknown).
  avsSet: () => z.object({ type: z.literal('avsSet') }),
  avsPending: () => z.object({ type: z.literal('avsPending') }),
  avsRejected: () => z.object({ type: z.literal('avsRejected'), message: z.string() }),
  avsRevoked: () => z.object({ type: z.literal('avsRevoked') }),
  /** A page of the guest's channels, answering loadChannels and filterChannels. */
  channels: () =>
    z.object({
      type: z.literal('channels'),
      filterType: channelFilter,
      /** Whether offline performers were left out (the online-only switch). */
      onlineOnly: z.boolean(),
      offset: z.number().int(),
      channels: z.array(channel),
      total: z.number().int(),
      /** Unread messages over all channels. */
      unreadTotal: z.number().int(),
    }),
  /** Every channel of the guest was marked read (in this tab or another). */
  allChannelsSeen: () => z.object({ type: z.literal('allChannelsSeen') }),
  /** One channel changed (archived, blocked, read, new message); carries the message when one arrived. */
  channel: () => z.object({ type: z.literal('channel'), channel, message: message.optional() }),
  /**
   * A channel's terms: after the performer's price changed (clientMessageId null), or to the tab whose message
   * was not sent because the balance does not cover the price (its clientMessageId): the message waits for a top-up.
   */
  messagePrice: () =>
    z.object({
      type: z.literal('messagePrice'),
      channelId: z.number().int(),
      messagePrice: z.number().int(),
      freeMessagesAmount: z.number().int(),
      isMessagingFree: z.boolean(),
      clientMessageId: z.string().nullable(),
    }),
  /** A message refused for bad input (unknown channel, gift not in the catalogue or not owned, VIP gift): nothing charged. */
  messageRefused: () =>
    z.object({
      type: z.literal('messageRefused'),
      channelId: z.number().int(),
      clientMessageId: z.string(),
      errorCode: z.enum(ERROR_CODES),
    }),
  /** What the guest owns of each gift, after a purchase and after a gift was sent. */
  boughtGifts: () => z.object({ type: z.literal('boughtGifts'), boughtGifts: z.array(boughtGift) }),
  /** A toy control of the guest changed state on the performer's toy (also while a live chat with her runs). */
  toyControl: () => z.object({ type: z.literal('toyControl'), run: toyRun }),
  // Live chat.
  chatMessage: () => chatMessage.extend({ type: z.literal('chatMessage') }),
  /** The chat's billing moved on (a slice billed, coins held, the guest topped up). */
  chatState: () =>
    chatSession
      .pick({ chatId: true, heldAmount: true, billedSeconds: true, billedAmount: true, secondsLeft: true })
      .extend({ type: z.literal('chatState') }),
  /** Spec chatEnd push: every end of a chat, whoever ended it, with its exit code and purchase category. */
  chatEnd: () => chatEnd.extend({ type: z.literal('chatEnd') }),
  /** Spec private ticket show invitation: a show the guest holds a ticket for has started. */
  privateTicketShowInvitation: () =>
    z.object({
      type: z.literal('privateTicketShowInvitation'),
      actorName: z.string(),
      profilePicture: z.string(),
      actorId: z.number().int(),
      ticketId: z.number().int(),
    }),
  freeShowStart: () => z.object({ type: z.literal('freeShowStart'), actorId: z.number().int() }),
  freeShowStop: () => z.object({ type: z.literal('freeShowStop'), actorId: z.number().int() }),
  /** The guest's address and whether it is verified; `errorCode` when a sendSignupEmail was refused. */
  emailProperties: () =>
    z.object({
      type: z.literal('emailProperties'),
      email: z.string().nullable(),
      verified: z.boolean(),
      errorCode: z.enum(ERROR_CODES).nullable(),
    }),
  /** The guest followed the verification link (in any browser). */
  onGuestEmailVerified: () => z.object({ type: z.literal('onGuestEmailVerified'), email: z.string() }),
  /** A VIP or TV subscription started, ended or changed: the guest's flags follow it. */
  subscription: () => subscriptionPush.extend({ type: z.literal('subscription') }),
  /** The guest's loyalty points or spins changed (a spin, a redeemed reward). */
  loyaltyPointsChanged: () =>
    z.object({ type: z.literal('loyaltyPointsChanged'), points: z.number().int(), spins: z.number().int() }),
  /** The guest redeemed a bonus code, promo code or scratch card (in any of her tabs): what it gave. */
  bonusCodeRedeemed: () => bonusCodeRedeemedPush.extend({ type: z.literal('bonusCodeRedeemed') }),
  /** The code she redeemed was her welcome bonus (a guest gets one). */
  welcomeBonusRedeemed: () => z.object({ type: z.literal('welcomeBonusRedeemed') }),
  /** The guest's vouchers changed (granted, used, run out): the benefits page's counts and list, as they are now. */
  guestVouchers: () => guestBenefits.extend({ type: z.literal('guestVouchers') }),
  /** A clash challenge's team votes changed by a guest's vote or revoke. */
  clashVoting: () => clashVotingPush.extend({ type: z.literal('clashVoting') }),
  /** Spec one-click result: the offer (amounts in EUR cents) and, after a charge, its outcome. */
  oneClick: () =>
    z.object({
      type: z.literal('oneClick'),
      isPaying: z.boolean(),
      amounts: z.array(z.number().int()),
      autoRechargeAllowed: z.boolean(),
      result: z
        .object({
          requestId: z.string(),
          success: z.boolean(),
          errorCode: z.enum(ERROR_CODES).nullable(),
          coins: z.number().int(),
        })
        .nullable(),
    }),
});

export type OutgoingType = keyof typeof outgoingMessages;
export type IncomingType = keyof typeof incomingMessages;
export type OutgoingMessage<T extends OutgoingType = OutgoingType> = {
  [K in T]: z.infer<(typeof outgoingMessages)[K]>;
}[T];
export type IncomingMessage<T extends IncomingType = IncomingType> = {
  [K in T]: z.infer<(typeof incomingMessages)[K]>;
}[T];
/** What a caller hands to `bus.send`: the transport adds access token and guest id. */
export type OutgoingPayload<T extends OutgoingType = OutgoingType> = {
  [K in T]: Omit<OutgoingMessage<K>, 'accessToken' | 'guestId'>;
}[T];

/** The unions are built on the first frame parsed: the server's first message, a page's first socket push. */
const incomingMessage = once(() =>
  z.discriminatedUnion(
    'type',
    Object.values(incomingMessages) as unknown as [
      z.ZodObject<{ type: z.ZodLiteral<string> }>,
      ...z.ZodObject<{ type: z.ZodLiteral<string> }>[],
    ],
  ),
);
/** What the server accepts from a client: a known message whose text the database can keep. */
const checkedOutgoingMessage = once(() =>
  refuseUnsafeText(
    z.discriminatedUnion(
      'type',
      Object.values(outgoingMessages) as unknown as [
        z.ZodObject<{ type: z.ZodLiteral<string> }>,
        ...z.ZodObject<{ type: z.ZodLiteral<string> }>[],
      ],
    ),
  ),
);

/** The type of every message the server sends, as data: what a browser checks a frame against (see below). */
export const INCOMING_MESSAGE_TYPES = Object.keys(incomingMessages) as IncomingType[];

/**
 * A push checked against its contract: the message as parsed (unknown members dropped, defaults filled), or null
 * when it fails. The server checks every push with it before sending, as it checks every REST answer, so a browser
 * only needs to know the frame's type.
 */
export function checkIncoming(value: unknown): IncomingMessage | null {
  const result = incomingMessage().safeParse(value);
  return result.success ? (result.data as IncomingMessage) : null;
}
/** Parses a raw frame; answers null for anything unknown or malformed, so nothing invalid reaches a listener. */
export function parseIncoming(raw: string): IncomingMessage | null {
  try {
    return checkIncoming(JSON.parse(raw));
  } catch {
    return null;
  }
}
export function parseOutgoing(raw: string): OutgoingMessage | null {
  try {
    const result = checkedOutgoingMessage().safeParse(JSON.parse(raw));
    return result.success ? (result.data as OutgoingMessage) : null;
  } catch {
    return null;
  }
}
