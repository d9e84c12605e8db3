import { z } from 'zod';
import { dbIntParam, idParam } from '../../input';
import { defineEndpoint, pageOf, pageQuery } from '../../endpoint';
import { defineOperation } from '../../graphql';
import { LANGUAGES } from '../../routes';

/**
 * Performers (actors, models): lists, profile, online state and the chat button. Prices are integers in
 * hundredths of a coin (VXC) per minute, like every amount of the platform.
 */

/** Performers per page of every performer list (the search's default page size). */
export const ACTOR_LIST_PAGE_SIZE = 30;
/** The default performer category (every performer is in it) and the one of newly registered performers. */
export const DEFAULT_ACTOR_CATEGORY_ID = 3;
export const NEW_ACTOR_CATEGORY_ID = 88;
/** Performers registered this many days ago or less are in the new-registrations category. */
export const NEW_ACTOR_DAYS = 30;
/** A performer's rating is shown only with at least 10 ratings. */
export const MIN_RATINGS_TO_SHOW = 10;
/** Ratings are 1 to 5 stars. */
export const RATING_MAX = 5;
/** Sizes the seed generates and tiles reserve (the image sizes w320 and w640). */
export const ACTOR_AVATAR_SIZE = { width: 320, height: 320 } as const;
export const SEDCARD_SIZE = { width: 640, height: 480 } as const;
/** Currency of every chat price. */
export const CHAT_CURRENCY = 'VXC';

export const ACTOR_GENDER_CODES = ['N', 'M', 'F', 'C'] as const;
/** F, M, FM, FF, MM, S (transsexual), T (transvestite). */
export const ACTOR_GENDER_TYPES = ['F', 'M', 'FM', 'FF', 'MM', 'S', 'T'] as const;
export const actorGenderType = z.enum(ACTOR_GENDER_TYPES);

/** Chat types and abilities (used by the live chat). */
export const CHAT_TYPES = [
  'LIVECHAT',
  'VOYEUR_CHAT',
  'FREECHAT',
  'LIVE_PREVIEW',
  'VOYEUR_PRIVATE_CHAT',
  'STARTMOBILECALLCHAT',
  'VIDEO_CALL',
  'LIVESHOW',
] as const;
export type ChatType = (typeof CHAT_TYPES)[number];

export const actorImage = z.object({
  id: z.number().int(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type ActorImage = z.infer<typeof actorImage>;

/** A performer's prices as her data lists them. */
export const actorPrices = z.object({
  video: z.number().int(),
  singlec2c: z.number().int(),
  /** Free chat minutes the calling guest holds as vouchers for this performer. */
  voucherChatMinutes: z.number().int(),
});

/** Chat prices, per minute. */
export const chatPrices = z.object({
  videoChat: z.number().int(),
  voyeurChat: z.number().int(),
  ticketShow: z.number().int(),
  singleChat: z.number().int(),
  singleC2CChat: z.number().int(),
});
export type ChatPrices = z.infer<typeof chatPrices>;

/** What a performer's chat offers. */
export const chatFeatures = z.object({
  livePreview: z.boolean(),
  hd: z.boolean(),
  audio: z.boolean(),
  dildocontrol: z.boolean(),
});

/** The chat button config of one performer: everything the chat button on a card or profile needs. */
export const chatButtonConfig = z.object({
  actorId: z.number().int(),
  isActorOnline: z.boolean(),
  freeChat: z.boolean(),
  voucherChatMinutes: z.number().int(),
  isVoyeurMode: z.boolean(),
  guestHasTicket: z.boolean(),
  isCurrentlyTicketShow: z.boolean(),
  isLivePreviewEnabled: z.boolean(),
  /** The calling guest's country is on the performer's banned list. */
  isBannedCountryCode: z.boolean(),
  prices: z.object({
    freeMessages: z.number().int(),
    message: z.number().int(),
    single: z.number().int(),
    singlec2c: z.number().int(),
    video: z.number().int(),
    voucherChatMinutes: z.number().int(),
    voyeur: z.number().int(),
  }),
});
export type ChatButtonConfig = z.infer<typeof chatButtonConfig>;

/** What a chat button shows: the price per minute, or free for a free chat or a zero price. */
export function chatButtonPrice(config: ChatButtonConfig): number {
  return config.freeChat ? 0 : config.prices.video;
}

export const actorCategory = z.object({
  id: z.number().int(),
  /** URL slug (route `category`). */
  slug: z.string(),
  /** In the language of the request. */
  name: z.string(),
  actorCount: z.number().int(),
  onlineCount: z.number().int(),
  preview: actorImage,
});
export type ActorCategory = z.infer<typeof actorCategory>;

/** One performer card of a list. */
export const actorListItem = z.object({
  id: z.number().int(),
  /** Lower-cased URL name: route `actorProfile` with { actorName: name }. */
  name: z.string(),
  displayName: z.string(),
  /** ACTOR_AVATAR_SIZE. */
  avatarUrl: z.string(),
  isOnline: z.boolean(),
  freeChat: z.boolean(),
  age: z.number().int(),
  gender: actorGenderType,
  /** ISO 3166 alpha-2. */
  country: z.string(),
  /** Spoken languages, ISO 639-1. */
  languages: z.array(z.string()),
  threeWords: z.string(),
  isTopAmateur: z.boolean(),
  /** Registered within NEW_ACTOR_DAYS (category 88). */
  isNew: z.boolean(),
  isCurrentlyTicketShow: z.boolean(),
  prices: actorPrices,
  chatButton: chatButtonConfig,
});
export type ActorListItem = z.infer<typeof actorListItem>;

/** The performer lists of mf-chat; `category` needs a category slug. */
export const ACTOR_LIST_KINDS = ['free-chat', 'cams', 'new-girls', 'category', 'top-cams', 'cam-shows'] as const;
export const actorListKind = z.enum(ACTOR_LIST_KINDS);
export type ActorListKind = z.infer<typeof actorListKind>;

export const actorListPage = pageOf(actorListItem).extend({
  kind: actorListKind,
  /** The category of a `category` list, else null. */
  category: actorCategory.nullable(),
});
export type ActorListPage = z.infer<typeof actorListPage>;

/** A rating is present only with at least MIN_RATINGS_TO_SHOW ratings. */
export const actorRating = z.object({
  /** Stars out of RATING_MAX, one decimal. */
  average: z.number(),
  count: z.number().int(),
  /** Share of good ratings (4 or 5 stars), percent. */
  satisfactionRate: z.number().int(),
});
export type ActorRating = z.infer<typeof actorRating>;

/** A performer's data and profile fields, plus the chat button, for the profile page and its sub-pages. */
export const actorProfile = z.object({
  id: z.number().int(),
  name: z.string(),
  displayName: z.string(),
  isOnline: z.boolean(),
  freeChat: z.boolean(),
  bannedCountryCodes: z.array(z.string()),
  isActorAvailableForConversionChat: z.boolean(),
  isOnlineMobileVideocall: z.boolean(),
  isCurrentlyTicketShow: z.boolean(),
  prices: actorPrices,
  isLivePreviewEnabled: z.boolean(),
  isVoyeurChatAvailable: z.boolean(),
  guestHasTicket: z.boolean(),
  isFavoriteAlbum: z.boolean(),

  star: z.boolean(),
  /** ISO date-time. */
  registeredSince: z.string(),
  isTopAmateur: z.boolean(),
  isNew: z.boolean(),
  /** Sedcard pictures, SEDCARD_SIZE. */
  sedcards: z.array(actorImage),
  avatar: actorImage,
  profile: z.object({
    age: z.number().int(),
    threeWords: z.string(),
    languages: z.array(z.string()),
    country: z.string(),
    gender: actorGenderType,
    /** In the language of the request when the performer wrote one, else in her own language. */
    aboutMe: z.string(),
  }),
  modelGuestRelation: z.object({ isFavorite: z.boolean() }),
  favoriteCount: z.number().int(),
  /** Set on the performer's birthday, in the language of the request. */
  birthdayText: z.string().nullable(),
  rating: actorRating.nullable(),
  categories: z.array(actorCategory.pick({ id: true, slug: true, name: true })),
  chatPrices,
  chatFeatures,
  isToyControlAvailable: z.boolean(),
  isVoyeurInSingleChatAllowed: z.boolean(),
  chatButton: chatButtonConfig,
  /** Place in the top cams ranking (1 is best), or null without enough ratings. */
  topCamRank: z.number().int().nullable(),
});
export type ActorProfile = z.infer<typeof actorProfile>;

/** The live state of one performer: polled by the profile, pushed as actorOnline / actorOffline. */
export const actorState = z.object({
  actorId: z.number().int(),
  isOnline: z.boolean(),
  isCurrentlyTicketShow: z.boolean(),
  isOnlineMobileVideocall: z.boolean(),
  chatButton: chatButtonConfig,
});
export type ActorState = z.infer<typeof actorState>;

/** Sedcard pictures a profile preview (the hover card of a performer tile) shows. */
export const PROFILE_PREVIEW_SEDCARDS = 3;
/** The hover card of a performer tile (`phoenix/get_profile_preview`): a small part of her profile. */
export const profilePreview = actorProfile
  .pick({ id: true, name: true, displayName: true, isOnline: true, freeChat: true, isNew: true, rating: true })
  .extend({
    avatar: actorImage,
    sedcards: z.array(actorImage),
    age: z.number().int(),
    country: z.string(),
    threeWords: z.string(),
    /** The chat's price per minute in hundredths of a coin. */
    videoChatPrice: z.number().int(),
  });
export type ProfilePreview = z.infer<typeof profilePreview>;

const language = z.enum(LANGUAGES).optional();

export const chatEndpoints = {
  /** Spec `actor/getActorPreviewImage/{actorIdOrName}`: her avatar as the caller's age gate shows it. */
  actorPreviewImage: defineEndpoint({
    method: 'GET',
    path: '/actor/getActorPreviewImage/:actorIdOrName',
    schemas: () => ({
      params: z.object({ actorIdOrName: z.string().min(1).max(60) }),
      response: z.object({ actorId: z.number().int(), image: actorImage }),
    }),
  }),
  /** Spec `phoenix/get_profile_preview/{actorId}`: the hover card of a performer tile. */
  profilePreview: defineEndpoint({
    method: 'GET',
    path: '/phoenix/get_profile_preview/:actorId',
    schemas: () => ({
      params: z.object({ actorId: idParam }),
      query: z.object({ language }),
      response: profilePreview,
    }),
  }),
  /** Spec `favorite/actors`: the ids of the guest's favourite performers, in the order she pinned them. */
  favoriteActors: defineEndpoint({
    method: 'GET',
    path: '/favorite/actors',
    needsGuest: true,
    schemas: () => ({ response: z.object({ actorIds: z.array(z.number().int()) }) }),
  }),
  /** Spec `monitoringActors/onlineActorsAmount`: how many performers are on line now. */
  onlineActorsAmount: defineEndpoint({
    method: 'GET',
    path: '/monitoringActors/onlineActorsAmount',
    schemas: () => ({ response: z.object({ amount: z.number().int() }) }),
  }),
  /** One page of a performer list; `category` (a slug) is required for the kind `category`. */
  actorList: defineEndpoint({
    method: 'GET',
    path: '/actors/list/:kind',
    schemas: () => ({
      params: z.object({ kind: actorListKind }),
      query: pageQuery.extend({
        pageSize: dbIntParam(1, 100).default(ACTOR_LIST_PAGE_SIZE),
        category: z.string().max(60).optional(),
        language,
      }),
      response: actorListPage,
    }),
  }),
  /** Spec `actor/getActorDataByIdOrName/{actorIdOrName}`: a numeric id or a (case-insensitive) name. */
  actorData: defineEndpoint({
    method: 'GET',
    path: '/actor/getActorDataByIdOrName/:actorIdOrName',
    schemas: () => ({
      params: z.object({ actorIdOrName: z.string().min(1).max(60) }),
      query: z.object({ qmday: z.string().max(10).optional(), language }),
      response: actorProfile,
    }),
  }),
  /** Spec `actor/getActorStateById/{actorId}`. */
  actorState: defineEndpoint({
    method: 'GET',
    path: '/actor/getActorStateById/:actorId',
    schemas: () => ({ params: z.object({ actorId: idParam }), response: actorState }),
  }),
  categories: defineEndpoint({
    method: 'GET',
    path: '/actor/categories',
    schemas: () => ({ query: z.object({ language }), response: z.object({ categories: z.array(actorCategory) }) }),
  }),
};

// --- Structured query: online and filtered models ---

export const onlineModel = actorListItem
  .pick({
    id: true,
    name: true,
    displayName: true,
    avatarUrl: true,
    isOnline: true,
    freeChat: true,
    age: true,
    country: true,
    languages: true,
    isTopAmateur: true,
    isNew: true,
  })
  .extend({ videoChatPrice: z.number().int() });
export type OnlineModel = z.infer<typeof onlineModel>;
export interface OnlineModelsResult {
  onlineModels: { total: number; items: OnlineModel[] };
}
export interface OnlineModelsVariables extends Record<string, unknown> {
  first?: number;
  offset?: number;
  freeChat?: boolean;
  categoryId?: number;
}

export const chatGraphqlSchema = /* GraphQL */ `
  type OnlineModel {
    id: Int!
    name: String!
    displayName: String!
    avatarUrl: String!
    isOnline: Boolean!
    freeChat: Boolean!
    age: Int!
    country: String!
    languages: [String!]!
    isTopAmateur: Boolean!
    isNew: Boolean!
    videoChatPrice: Int!
  }
  type OnlineModels { total: Int!, items: [OnlineModel!]! }
  extend type Query {
    "Online performers, top amateurs first; filtered by free chat and category."
    onlineModels(first: Int = ${ACTOR_LIST_PAGE_SIZE}, offset: Int = 0, freeChat: Boolean, categoryId: Int): OnlineModels!
  }
`;

export const onlineModelsQuery = defineOperation<OnlineModelsResult, OnlineModelsVariables>(
  `query OnlineModels($first: Int, $offset: Int, $freeChat: Boolean, $categoryId: Int) {
    onlineModels(first: $first, offset: $offset, freeChat: $freeChat, categoryId: $categoryId) {
      total
      items { id name displayName avatarUrl isOnline freeChat age country languages isTopAmateur isNew videoChatPrice }
    }
  }`,
);
