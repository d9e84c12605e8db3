import { z } from 'zod';
import { dbId, dbIntParam, idParam } from '../input';
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
export const MESSAGE_MAX_LENGTH = 2000;

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
] as const;
export const messageType = z.enum(MESSAGE_TYPES);
export type MessageType = z.infer<typeof messageType>;

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

export const message = z.object({
  id: z.number().int(),
  channelId: z.number().int(),
  senderType,
  messageType,
  text: z.string(),
  /** ISO time. */
  created: z.string(),
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

const conversationQuery = z.object({
  /** Answer messages older than this message id (history paging). */
  before: idParam.optional(),
  limit: dbIntParam(1, 100).default(30),
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

/** Structured query: unread messages over all the guest's channels (navbar badge); needs a logged-in guest. */
export const messengerGraphqlSchema = /* GraphQL */ `
  extend type Query {
    unreadMessageCount: Int!
  }
`;
export const unreadMessageCountQuery = defineOperation<{ unreadMessageCount: number }>(
  `query UnreadMessageCount { unreadMessageCount }`,
);
