import { z } from 'zod';
import { dbId, dbInt, dbIntParam, idParam } from '../input';
import { LANGUAGES } from '../routes';
import { defineEndpoint } from '../endpoint';
import { defineOperation } from '../graphql';

/** Messenger constants of the spec. */
export const MESSENGER_CHANNELS_PAGE_SIZE = 10;
/** Loading more channels is throttled to one request per 500 ms. */
export const LOAD_CHANNELS_THROTTLE_MS = 500;
export const RECOMMENDATIONS_PER_GRID = 8;
export const RECOMMENDATIONS_PER_SLIDER = 5;
/** Local storage keys of the last selected channel and actor (restored for logged-in guests only). */
export const CHANNEL_STORAGE_KEY = 'channelId';
export const ACTOR_STORAGE_KEY = 'actorId';
/** Local storage key of a note's unsaved draft: this prefix and the performer's id (`Note<actorId>`). */
export const NOTE_STORAGE_PREFIX = 'Note';
export const MESSAGE_MAX_LENGTH = 2000;
/** A picture a guest sends is a JPEG, PNG or WebP (by its bytes) of at most this size. */
export const MESSENGER_IMAGE_MAX_BYTES = 8 * 1024 * 1024;
/** Gifts in one message, at most. */
export const MESSAGE_GIFTS_MAX = 10;
/** The spec's messenger content page: the first 10. */
export const MESSENGER_CONTENT_PAGE_SIZE = 10;
/** The client's id of a message it sends: sending it again (a reconnect, a top-up) never stores or charges twice. */
export const clientMessageId = z
  .string()
  .min(8)
  .max(100)
  .regex(/^[\w-]+$/);

export const CHANNEL_FILTERS = ['newest', 'archived', 'unread', 'blocked'] as const;
export const channelFilter = z.enum(CHANNEL_FILTERS);
export type ChannelFilter = z.infer<typeof channelFilter>;

export const MESSAGE_TYPES = [
  'gift',
  'new_gift',
  'image',
  'system',
  'text',
  'notification',
  'image_sent',
  'image_received',
  'charge_success',
  'charge_failure',
  'chat_start',
  'chat_end',
  'voyeur_info',
  'toy_control',
] as const;
export const messageType = z.enum(MESSAGE_TYPES);
export type MessageType = z.infer<typeof messageType>;

/** What a message's media is (the spec's messenger content types): a picture, a clip or an audio message. */
export const MESSENGER_MEDIA_TYPES = ['video', 'bitmap', 'audio'] as const;
export const messengerMediaType = z.enum(MESSENGER_MEDIA_TYPES);
export type MessengerMediaType = z.infer<typeof messengerMediaType>;

export const SENDER_TYPES = ['actor', 'guest', 'system'] as const;
export const senderType = z.enum(SENDER_TYPES);
export type SenderType = z.infer<typeof senderType>;

/** A conversation between the guest and one performer. Prices in hundredths of a coin. */
export const channel = z.object({
  id: z.number().int(),
  actorId: z.number().int(),
  actorName: z.string(),
  actorAge: z.number().int(),
  unreadCount: z.number().int().min(0),
  archived: z.boolean(),
  blocked: z.boolean(),
  isActorOnline: z.boolean(),
  /** ISO time of the newest message. */
  messageTimestamp: z.string(),
  /** Text of the newest message, null when the channel has none yet. */
  lastMessage: z.string().nullable(),
  freeMessagesAmount: z.number().int().min(0),
  messagePrice: z.number().int().min(0),
  isMessagingFree: z.boolean(),
  previewPictureUrl: z.string(),
});
export type Channel = z.infer<typeof channel>;

/** A gift as a message shows it. */
export const messageGift = z.object({ id: z.number().int(), name: z.string(), imageUrl: z.string() });
export type MessageGift = z.infer<typeof messageGift>;

export const message = z.object({
  id: z.number().int(),
  channelId: z.number().int(),
  senderType,
  messageType,
  text: z.string(),
  /** ISO time. */
  created: z.string(),
  /** The id the guest's client gave the message (null for the performer's and older messages). */
  clientMessageId: z.string().nullable(),
  /** Gifts the message carries, in the guest's language. */
  gifts: z.array(messageGift),
  /**
   * The address of the message's media (a picture, clip or audio message), signed for the guest it is shown to
   * (image_sent, image_received); null without media and while it is paid to open.
   */
  imageUrl: z.string().nullable(),
  /** What the media is; null for a message without media. A performer's clip or audio comes as image_received. */
  mediaType: messengerMediaType.nullable(),
  /** A clip's or audio message's length in seconds; null for pictures and messages without media. */
  durationSeconds: z.number().int().min(0).nullable(),
  /** Hundredths of a coin the message cost (0: free, a free message or a voucher). */
  price: z.number().int().min(0),
  /** A performer's media paid to open: its price until opened (imageUrl is null until then); 0 otherwise. */
  openPrice: z.number().int().min(0),
  /**
   * What a system message is about, filling its text in the guest's language: a chat's type, length and cost
   * (chat_start, chat_end, voyeur_info), a top-up's amount (charge_success, charge_failure); null for others.
   */
  data: z.record(z.string(), z.union([z.string(), z.number()])).nullable(),
});
export type Message = z.infer<typeof message>;

/** A performer offered to start a conversation with. */
export const recommendedActor = z.object({
  id: z.number().int(),
  name: z.string(),
  displayName: z.string(),
  age: z.number().int(),
  avatarUrl: z.string(),
  isOnline: z.boolean(),
});
export type RecommendedActor = z.infer<typeof recommendedActor>;

/** A performer the guest pinned, with online state. */
export const favoriteActor = recommendedActor;
export type FavoriteActor = RecommendedActor;

export const conversation = z.object({
  channel,
  /** Oldest first. */
  messages: z.array(message),
  /** Whether older messages exist before the first one. */
  hasMore: z.boolean(),
});
export type Conversation = z.infer<typeof conversation>;

/** A gift of the catalogue, named in the caller's language; the price in hundredths of a coin. */
export const messengerGift = z.object({
  id: z.number().int(),
  name: z.string(),
  price: z.object({ value: z.number().int(), currency: z.literal('VXC'), symbol: z.string() }),
  imageUrl: z.string(),
  active: z.boolean(),
  /** Only VIP members may send it. */
  vip: z.boolean(),
  categoryId: z.number().int(),
  translations: z.array(z.object({ language: z.enum(LANGUAGES), name: z.string(), value: z.string() })),
});
export type MessengerGift = z.infer<typeof messengerGift>;

/** The toy controls' gift ids: intensity 1 to 4 (the highest in random mode). */
export const TOY_CONTROL_GIFT_IDS = [96481, 96482, 96483, 96484] as const;
/** A toy control's intensity is its place among TOY_CONTROL_GIFT_IDS, softest first. */
export const toyIntensityOf = (giftId: number) =>
  Math.max(1, (TOY_CONTROL_GIFT_IDS as readonly number[]).indexOf(giftId) + 1);
/** A toy control: a gift of the catalogue that runs the performer's toy for `duration` seconds. */
export const toyControl = messengerGift.extend({
  duration: z.number().int().min(1),
  /** The name shown on the control, in the caller's language. */
  displayName: z.string(),
  random: z.boolean(),
  /** 1 (soft) to 4 (strongest). */
  intensity: z.number().int().min(1).max(4),
});
export type ToyControl = z.infer<typeof toyControl>;

/**
 * A bought toy control's run on the performer's toy: `available` (waiting in her toy's queue), `active` (her toy
 * took it and connects), `started` (running for its duration), then `finished` (ran its whole time) or `completed`
 * (ended early because she left; the part not run goes back to the guest).
 */
export const TOY_CONTROL_STATES = ['available', 'active', 'started', 'finished', 'completed'] as const;
export type ToyControlState = (typeof TOY_CONTROL_STATES)[number];
export const toyRun = z.object({
  id: z.number().int(),
  actorId: z.number().int(),
  channelId: z.number().int(),
  giftId: z.number().int(),
  intensity: z.number().int().min(1).max(4),
  random: z.boolean(),
  /** Seconds it runs once started. */
  duration: z.number().int().min(1),
  state: z.enum(TOY_CONTROL_STATES),
  /** The live chat it runs in (a chat with the performer running when it was bought), else null. */
  chatId: z.string().nullable(),
  /** ISO times from the server clock, null until started. */
  startedAt: z.string().nullable(),
  endsAt: z.string().nullable(),
});
export type ToyRun = z.infer<typeof toyRun>;

/** In random mode the intensity changes every this many seconds. */
export const TOY_RANDOM_STEP_SECONDS = 3;
/**
 * The intensity a run drives the toy at `at`: its own, or in random mode a level from 1 to 4 drawn anew every
 * TOY_RANDOM_STEP_SECONDS from the run's id and the step, so both sides (performer and guest) agree without a push.
 */
export function toyLevelAt(run: Pick<ToyRun, 'id' | 'intensity' | 'random' | 'startedAt'>, at: Date): number {
  if (!run.random || !run.startedAt) return run.intensity;
  const step = Math.max(0, Math.floor((at.getTime() - Date.parse(run.startedAt)) / 1000 / TOY_RANDOM_STEP_SECONDS));
  // A multiplicative hash (Knuth's) of id and step spreads neighbouring steps over the four levels.
  return ((Math.imul(run.id * 31 + step, 2654435761) >>> 0) % 4) + 1;
}

/** How many of a gift the guest owns (bought, not yet sent). */
export const boughtGift = z.object({ giftId: z.number().int(), count: z.number().int().min(0) });
export type BoughtGift = z.infer<typeof boughtGift>;

/** A stored message of the guest with its channel as it is now (free messages left, last message). */
export const sentMessage = z.object({ channel, message });

const conversationQuery = z.object({
  /** Answer messages older than this message id (history paging). */
  before: idParam.optional(),
  limit: dbIntParam(1, 100).default(30),
  /** The page's language: gift names are answered in it. */
  language: z.enum(LANGUAGES).optional(),
});
const id = idParam;

export const messengerEndpoints = {
  recommendations: defineEndpoint({
    method: 'GET',
    path: '/messenger/recommendations',
    schemas: () => ({
      query: z.object({
        currentActorId: idParam.optional(),
        /** true: a grid of 8; otherwise a slider of 5. */
        useGrid: z.union([z.boolean(), z.stringbool()]).optional(),
        fsk: dbIntParam(0, 100).optional(),
      }),
      response: z.object({ actors: z.array(recommendedActor) }),
    }),
  }),
  /** Opening a conversation marks its messages read. */
  channel: defineEndpoint({
    method: 'GET',
    path: '/messenger/channel/:channelId',
    needsGuest: true,
    schemas: () => ({ params: z.object({ channelId: id }), query: conversationQuery, response: conversation }),
  }),
  channelByActor: defineEndpoint({
    method: 'GET',
    path: '/messenger/channel/actor/:actorId',
    needsGuest: true,
    schemas: () => ({ params: z.object({ actorId: id }), query: conversationQuery, response: conversation }),
  }),
  /** Opens the conversation with a performer, creating the channel on first contact (the spec's touch). */
  touchChannel: defineEndpoint({
    method: 'POST',
    path: '/messenger/channel/touch',
    needsGuest: true,
    schemas: () => ({ body: z.object({ actorId: dbId }), response: z.object({ channel }) }),
  }),
  /**
   * A picture into the conversation: a multipart upload (field `file`, JPEG, PNG or WebP by content, at most
   * MESSENGER_IMAGE_MAX_BYTES), stored re-encoded and shown only to the guest and the performer. It is a message
   * and costs what a message costs; the Idempotency-Key is its client message id (a retry stores and charges once).
   */
  sendImage: defineEndpoint({
    method: 'POST',
    path: '/messenger/channel/:channelId/image',
    needsGuest: true,
    schemas: () => ({ params: z.object({ channelId: id }), response: sentMessage }),
  }),
  /**
   * Opens a performer's media paid to open, a picture, clip or audio message (Idempotency-Key required): charged
   * once, then shown or played; 404 for a message of another guest's conversation.
   */
  openMessage: defineEndpoint({
    method: 'POST',
    path: '/messenger/message/:messageId/open',
    needsGuest: true,
    schemas: () => ({ params: z.object({ messageId: id }), response: z.object({ message }) }),
  }),
  /** Buys gifts to send later (Idempotency-Key required); answers what the guest owns now. */
  buyGift: defineEndpoint({
    method: 'POST',
    path: '/messenger/gifts/:giftId/buy',
    needsGuest: true,
    schemas: () => ({
      params: z.object({ giftId: id }),
      body: z.object({ count: dbInt(1, 20).default(1) }),
      response: z.object({ boughtGifts: z.array(boughtGift) }),
    }),
  }),
  /** The performer's toy for the guest: whether it takes toy controls now, and the guest's runs on it not ended. */
  toy: defineEndpoint({
    method: 'GET',
    path: '/messenger/toy/:actorId',
    needsGuest: true,
    schemas: () => ({
      params: z.object({ actorId: id }),
      response: z.object({ available: z.boolean(), runs: z.array(toyRun) }),
    }),
  }),
  /**
   * Buys a toy control for the performer's toy (Idempotency-Key required): one the guest owns is used first,
   * otherwise its price is charged; it then runs on her toy and its state is pushed (`toyControl`).
   */
  buyToyControl: defineEndpoint({
    method: 'POST',
    path: '/messenger/toy/:actorId',
    needsGuest: true,
    schemas: () => ({
      params: z.object({ actorId: id }),
      body: z.object({ giftId: dbId }),
      response: z.object({ run: toyRun }),
    }),
  }),
  /**
   * Operators set a performer's messaging terms: her price per message (hundredths), the free messages a new
   * conversation starts with, and whether writing to her is free. Every guest writing to her gets `messagePrice`.
   */
  actorTerms: defineEndpoint({
    method: 'POST',
    path: '/messenger/actor/:actorId/terms',
    schemas: () => ({
      params: z.object({ actorId: id }),
      body: z.object({
        messagePrice: dbInt(0, 100_000),
        freeMessagesAmount: dbInt(0, 100),
        isMessagingFree: z.boolean(),
      }),
      response: z.object({ channels: dbInt(0) }),
    }),
  }),
  /** The guest's pinned performers with online state (home Favorite block). */
  favorites: defineEndpoint({
    method: 'GET',
    path: '/messenger/favorites',
    needsGuest: true,
    schemas: () => ({
      query: z.object({ limit: dbIntParam(1, 50).default(10) }),
      response: z.object({ actors: z.array(favoriteActor), onlineCount: z.number().int() }),
    }),
  }),
};

/** A guest's private note on a performer: only she reads and changes it. */
export const ACTOR_NOTE_MAX_LENGTH = 2000;
export const actorNote = z.object({
  actorId: z.number().int(),
  /** The note's text; null when the guest has written none (an empty text stored deletes it). */
  comment: z.string().nullable(),
  /** ISO time of the last change, null without a note. */
  updatedAt: z.string().nullable(),
});
export type ActorNote = z.infer<typeof actorNote>;

/** What a performer offers in the messenger: her terms, her toy and the guest's channel with her. */
export const messengerActor = z.object({
  actor: recommendedActor,
  messagePrice: z.number().int().min(0),
  freeMessagesAmount: z.number().int().min(0),
  isMessagingFree: z.boolean(),
  /** The guest's channel with her, null before the first contact. */
  channelId: z.number().int().nullable(),
  blocked: z.boolean(),
});
export type MessengerActor = z.infer<typeof messengerActor>;

/**
 * Relations between a guest (the subject: always the caller herself) and a performer (the object). The ids are
 * the wire's numbers; only these kinds exist.
 */
export const RELATION_SUBJECT_TYPES = { guest: 1 } as const;
export const RELATION_OBJECT_TYPES = { actor: 2 } as const;
export const RELATION_TYPES = {
  /** The guest visited the performer's profile. */
  profileVisited: 1,
  /** The guest does not want the performer among her messenger recommendations. */
  recommendationHidden: 2,
} as const;
export const relation = z.object({
  subjectTypeId: z.literal(RELATION_SUBJECT_TYPES.guest),
  /** The guest's id: another guest's is refused. */
  subjectId: z.string().uuid(),
  relationTypeId: z.union([z.literal(RELATION_TYPES.profileVisited), z.literal(RELATION_TYPES.recommendationHidden)]),
  objectTypeId: z.literal(RELATION_OBJECT_TYPES.actor),
  objectId: dbId,
});
export type Relation = z.infer<typeof relation>;

export const actorNoteEndpoints = {
  getActorNote: defineEndpoint({
    method: 'GET',
    path: '/actor/getActorNoteById/:actorId',
    needsGuest: true,
    schemas: () => ({ params: z.object({ actorId: id }), response: actorNote }),
  }),
  storeActorNote: defineEndpoint({
    method: 'POST',
    path: '/actor/storeActorNote',
    needsGuest: true,
    schemas: () => ({
      body: z.object({ actorId: dbId, comment: z.string().trim().max(ACTOR_NOTE_MAX_LENGTH) }),
      response: actorNote,
    }),
  }),
  /** The performer's messenger offer to the guest. */
  messengerActor: defineEndpoint({
    method: 'GET',
    path: '/messenger/actor/:actorId',
    needsGuest: true,
    schemas: () => ({ params: z.object({ actorId: id }), response: messengerActor }),
  }),
  /** Stores a relation of the guest (storing it again changes nothing). */
  addRelation: defineEndpoint({
    method: 'POST',
    path: '/utility/relation/addRelation',
    needsGuest: true,
    schemas: () => ({ body: relation, response: z.object({ success: z.literal(true) }) }),
  }),
  hasRelation: defineEndpoint({
    method: 'POST',
    path: '/utility/relation/hasRelation',
    needsGuest: true,
    schemas: () => ({ body: relation, response: z.object({ hasRelation: z.boolean() }) }),
  }),
};

/** Structured query: unread messages over all the guest's channels (navbar badge); needs a logged-in guest. */
export const messengerGraphqlSchema = /* GraphQL */ `
  type MessengerGiftPrice {
    value: Int!
    currency: String!
    symbol: String!
  }
  type MessengerGiftTranslation {
    language: String!
    name: String!
    value: String!
  }
  type MessengerGift {
    id: Int!
    name: String!
    price: MessengerGiftPrice!
    imageUrl: String!
    active: Boolean!
    vip: Boolean!
    categoryId: Int!
    translations: [MessengerGiftTranslation!]!
  }
  type ToyControl {
    id: Int!
    name: String!
    displayName: String!
    price: MessengerGiftPrice!
    imageUrl: String!
    active: Boolean!
    vip: Boolean!
    categoryId: Int!
    translations: [MessengerGiftTranslation!]!
    "Seconds the toy runs."
    duration: Int!
    random: Boolean!
    intensity: Int!
  }
  type BoughtGift {
    giftId: Int!
    count: Int!
  }
  enum MessengerMediaType {
    video
    bitmap
    audio
  }
  input MessengerContentFilter {
    mediaTypes: [MessengerMediaType!]
    "Part of the performer's name."
    searchString: String
  }
  type MessengerContentItem {
    messageId: Int!
    channelId: Int!
    actorId: Int!
    actorName: String!
    mediaType: MessengerMediaType!
    senderType: String!
    text: String!
    "The media's signed address; null while it is paid to open."
    url: String
    openPrice: Int!
    "A clip's or audio message's length in seconds; null for pictures."
    durationSeconds: Int
    created: String!
  }
  type MessengerContent {
    total: Int!
    items: [MessengerContentItem!]!
  }
  extend type Query {
    unreadMessageCount: Int!
    "The media of the guest's conversations, newest first (first 10 by default); needs a logged-in guest."
    messengerContent(first: Int = 10, offset: Int = 0, filter: MessengerContentFilter): MessengerContent!
    "The active gift catalogue, named in the language asked (en when none)."
    messengerGifts(language: String): [MessengerGift!]!
    "The toy controls (gifts that run the performer's toy), named in the language asked (en when none)."
    messengerToyControls(language: String): [ToyControl!]!
    "What the guest owns of each gift; needs a logged-in guest."
    boughtGifts: [BoughtGift!]!
  }
`;
export const unreadMessageCountQuery = defineOperation<{ unreadMessageCount: number }>(
  `query UnreadMessageCount { unreadMessageCount }`,
  { needsGuest: true },
);

export const messengerGiftsQuery = defineOperation<{ messengerGifts: MessengerGift[] }, { language: string }>(
  `query MessengerGifts($language: String) { messengerGifts(language: $language) { id name price { value currency symbol } imageUrl active vip categoryId translations { language name value } } }`,
);
export const messengerToyControlsQuery = defineOperation<{ messengerToyControls: ToyControl[] }, { language: string }>(
  `query MessengerToyControls($language: String) { messengerToyControls(language: $language) { id name displayName price { value currency symbol } imageUrl active vip categoryId translations { language name value } duration random intensity } }`,
);
export const boughtGiftsQuery = defineOperation<{ boughtGifts: BoughtGift[] }>(
  `query BoughtGifts { boughtGifts { giftId count } }`,
  { needsGuest: true },
);

export interface MessengerContentItem {
  messageId: number;
  channelId: number;
  actorId: number;
  actorName: string;
  mediaType: MessengerMediaType;
  senderType: SenderType;
  /** The message's text (a performer's line with her clip); may be empty. */
  text: string;
  /** The media's signed address; null while it is paid to open. */
  url: string | null;
  openPrice: number;
  /** A clip's or audio message's length in seconds; null for pictures. */
  durationSeconds: number | null;
  created: string;
}
export const messengerContentQuery = defineOperation<
  { messengerContent: { total: number; items: MessengerContentItem[] } },
  { first?: number; offset?: number; filter?: { mediaTypes?: MessengerMediaType[]; searchString?: string } }
>(
  `query MessengerContent($first: Int, $offset: Int, $filter: MessengerContentFilter) { messengerContent(first: $first, offset: $offset, filter: $filter) { total items { messageId channelId actorId actorName mediaType senderType text url openPrice durationSeconds created } } }`,
  { needsGuest: true },
);
