import { z } from 'zod';
import { dbId, dbInt } from '../../input';
import { defineEndpoint } from '../../endpoint';
import { CHAT_TYPES, type ChatPrices, type ChatType } from './actors';

/**
 * Live chats: start and stop over REST, messages and state over the socket.
 * A paid chat holds coins ahead, bills each slice from the server's clock and releases the rest at its end.
 */

export const chatType = z.enum(CHAT_TYPES);
export const CHAT_ABILITIES = ['audio', 'charge', 'single', 'text', 'tip', 'upstream', 'video'] as const;
export type ChatAbility = (typeof CHAT_ABILITIES)[number];

/** What a guest can do in each chat type. */
export const CHAT_TYPE_ABILITIES: Record<ChatType, readonly ChatAbility[]> = {
  LIVECHAT: ['video', 'audio', 'text', 'charge', 'tip'],
  VOYEUR_CHAT: ['video', 'charge'],
  FREECHAT: ['video', 'text'],
  LIVE_PREVIEW: ['video'],
  VOYEUR_PRIVATE_CHAT: ['video', 'audio', 'text', 'charge', 'single', 'tip'],
  STARTMOBILECALLCHAT: ['audio', 'charge', 'single'],
  VIDEO_CALL: ['video', 'audio', 'upstream', 'text', 'charge', 'single'],
  LIVESHOW: ['video', 'text', 'tip'],
};

/** The performer's price a chat type bills per minute; null: not billed by the minute (free, preview, ticket). */
export const CHAT_TYPE_PRICE: Record<ChatType, keyof ChatPrices | null> = {
  LIVECHAT: 'videoChat',
  VOYEUR_CHAT: 'voyeurChat',
  FREECHAT: null,
  LIVE_PREVIEW: null,
  VOYEUR_PRIVATE_CHAT: 'singleChat',
  STARTMOBILECALLCHAT: 'singleChat',
  VIDEO_CALL: 'singleC2CChat',
  LIVESHOW: null,
};

/** Spec constants (section "Chat"), amounts in hundredths of a coin. */
export const MIN_CHAT_BALANCE = 50;
export const LIVE_PREVIEW_SECONDS = 5;
export const VIP_LIVE_PREVIEW_SECONDS = 20;
export const CHAT_EXIT_SURVEY_MIN_SECONDS = 30;
/** The in-chat one-click top-up offer stays this long. */
export const ONE_CLICK_OFFER_SECONDS = 60;
/** A text (free) chat runs this long before it ends with the text time limit. */
export const TEXT_CHAT_COUNTDOWN_SECONDS = 60;
export const CHAT_START_ATTEMPTS = 2;
export const PREVIEW_START_ATTEMPTS = 1;
export const RETRY_CHAT_START_MS = 3000;
export const RETRY_STREAM_START_MS = 5000;
/** A paid chat is billed in slices of this length; the last slice is billed by the second. */
export const BILLING_SLICE_SECONDS = 60;

/**
 * Spec exit reason codes of chats and live previews. The spec names the ranges (client 100-108, 198, 199;
 * host 201-208; preview 401-408, 498, 499; 9xx) and these meanings; the names within a range are ours.
 */
export const CHAT_EXIT_CODES = {
  clientStop: 100,
  clientLogout: 101,
  clientRelogin: 102,
  clientStartTimeout: 103,
  clientConnectionLost: 104,
  hostStop: 201,
  hostOffline: 202,
  hostKick: 203,
  adminKick: 301,
  previewAccessDenied: 401,
  previewAgeRatingDenied: 402,
  previewHostLimit: 403,
  previewHourLimit: 404,
  previewOffline: 405,
  previewSingle: 406,
  previewDisabled: 407,
  previewGuestOffline: 408,
  previewStartOffline: 498,
  previewStartTimeout: 499,
  outOfMoney: 501,
  textTimeLimit: 502,
  timeLimit: 503,
  ageRatingDenied: 601,
  liveShowStarted: 908,
} as const;
export type ChatExitReason = keyof typeof CHAT_EXIT_CODES;
export type ChatExitCode = (typeof CHAT_EXIT_CODES)[ChatExitReason];

/** The purchase analytics category a chat's end reports. */
export const CHAT_PURCHASE_CATEGORIES = ['live_chat', 'voyeur_cam', 'toy_control'] as const;
export type ChatPurchaseCategory = (typeof CHAT_PURCHASE_CATEGORIES)[number];
export const chatPurchaseCategory = (type: ChatType, usedToyControl: boolean): ChatPurchaseCategory =>
  usedToyControl
    ? 'toy_control'
    : type === 'VOYEUR_CHAT' || type === 'VOYEUR_PRIVATE_CHAT'
      ? 'voyeur_cam'
      : 'live_chat';

export const chatStream = z.object({
  /** A live HLS playlist for hls.js, signed for the chat's guest (it lists segments signed for minutes). */
  url: z.string(),
  /** Poster shown until the first frame. */
  posterUrl: z.string(),
});

export const chatSession = z.object({
  chatId: z.string(),
  actorId: z.number().int(),
  actorName: z.string(),
  chatType,
  abilities: z.array(z.enum(CHAT_ABILITIES)),
  /** Hundredths of a coin per minute; 0 for chats not billed by the minute. */
  pricePerMinute: z.number().int(),
  /** ISO date-time, from the server's clock. */
  startedAt: z.string(),
  /** When the chat ends by itself (preview time, text countdown), else null. */
  endsAt: z.string().nullable(),
  /** Coins held ahead for the coming slice. */
  heldAmount: z.number().int(),
  billedSeconds: z.number().int(),
  billedAmount: z.number().int(),
  /** How many more seconds the guest's held and free coins pay for; null when not billed. */
  secondsLeft: z.number().int().nullable(),
  sequenceNumber: z.number().int(),
  stream: chatStream,
});
export type ChatSession = z.infer<typeof chatSession>;

export const chatEnd = z.object({
  chatId: z.string(),
  actorId: z.number().int(),
  actorName: z.string(),
  chatType,
  exitCode: z.number().int(),
  category: z.enum(CHAT_PURCHASE_CATEGORIES),
  durationSeconds: z.number().int(),
  billedAmount: z.number().int(),
  /** Spec: the chat exit survey follows chats of at least CHAT_EXIT_SURVEY_MIN_SECONDS. */
  surveyEligible: z.boolean(),
});
export type ChatEnd = z.infer<typeof chatEnd>;

export const chatMessage = z.object({
  id: z.number().int(),
  chatId: z.string(),
  senderType: z.enum(['actor', 'guest', 'system']),
  text: z.string(),
  at: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessage>;
export const CHAT_MESSAGE_MAX_LENGTH = 500;

export const chatSessionEndpoints = {
  /**
   * Starts a chat, refusing with: 402 BALANCE_TOO_LOW below MIN_CHAT_BALANCE for a billed chat,
   * 409 CHAT_IN_PROGRESS (the guest already has one), 409 GUEST_OFFLINE (no open socket session),
   * 409 WRONG_SEQUENCE_NUMBER (not above the guest's last one), 409 CHAT_START_TIMEOUT (the performer did not
   * take the chat in time), 409 ACTOR_OFFLINE, 409 ACTOR_BUSY (in a single chat), 409 CHAT_TYPE_UNAVAILABLE,
   * 403 COUNTRY_BANNED, 403 TICKET_REQUIRED (a live show without a ticket). LIVE_PREVIEW is open to anonymous
   * visitors; every other type needs a guest.
   */
  start: defineEndpoint({
    method: 'POST',
    path: '/chat/start',
    schemas: () => ({
      body: z.object({
        actorId: dbId,
        chatType,
        /** Rises with every start attempt of this browser; a repeated or older one is refused. */
        sequenceNumber: dbInt(1),
      }),
      response: chatSession,
    }),
  }),
  /** Ends the caller's chat (exit code clientStop); a chat already ended answers its end again. */
  stop: defineEndpoint({
    method: 'POST',
    path: '/chat/stop',
    schemas: () => ({ body: z.object({ chatId: z.string().min(1).max(100) }), response: chatEnd }),
  }),
  /** Operators end anyone's chat (exit code adminKick); a chat already ended answers its end again. */
  kick: defineEndpoint({
    method: 'POST',
    path: '/chat/kick',
    schemas: () => ({ body: z.object({ chatId: z.string().min(1).max(100) }), response: chatEnd }),
  }),
  /** The caller's running chat, to resume after a reload, or null. */
  active: defineEndpoint({
    method: 'GET',
    path: '/chat/active',
    schemas: () => ({ response: z.object({ chat: chatSession.nullable(), messages: z.array(chatMessage) }) }),
  }),
  /**
   * Spec `survey/chatexit`: only for the guest's own ended chat of at least 30 s (409 CHAT_TOO_SHORT), once
   * (409 SURVEY_ALREADY_STORED).
   */
  chatExitSurvey: defineEndpoint({
    method: 'POST',
    path: '/survey/chatexit',
    needsGuest: true,
    schemas: () => ({
      body: z.object({
        currentUrl: z.string().max(2000),
        chatId: z.string().min(1).max(100),
        actorId: dbId,
        mobile: z.boolean().default(false),
        feedback: z.string().trim().max(2000).default(''),
        rating: z.number().int().min(1).max(5),
        isAnonymousVoicecall: z.boolean().default(false),
        chatType,
      }),
      response: z.object({ stored: z.literal(true) }),
    }),
  }),
};
