import { z } from 'zod';
import { dbId, dbInt, dbIntParam, idParam } from '../input';
import { defineEndpoint, pageOf, pageQuery } from '../endpoint';
import { defineOperation } from '../graphql';
import { coinBalance } from '../money';
import { BLOG_CACHE_MAX_AGE_SECONDS } from './specials';

/** Video and photo shop: videos, their grid filter and sorts, photo albums and the guest's media library. */

/** Items per video grid page. */
export const VIDEO_GRID_PAGE_SIZE = 16;
/** The page sizes a guest picks from in a video grid's filter bar. */
export const VIDEO_GRID_PAGE_SIZES = [VIDEO_GRID_PAGE_SIZE, 32, 48] as const;

/** Spelled as formatCurrency knows them. */
export const MEDIA_CURRENCIES = ['VXC', 'EUR', 'CHF', 'credits', 'voucher'] as const;
export const mediaMoney = z.object({
  /** Hundredths of the currency's unit. */
  value: z.number().int(),
  currency: z.enum(MEDIA_CURRENCIES),
});
export type MediaMoney = z.infer<typeof mediaMoney>;

export const mediaImage = z.object({ url: z.string(), width: z.number().int(), height: z.number().int() });
export type MediaImage = z.infer<typeof mediaImage>;

/** The performer of a video or album: `name` is the lower-cased one of URLs, `displayName` the one to show. */
export const mediaActor = z.object({ id: z.number().int(), name: z.string(), displayName: z.string() });

/** What the calling guest has of a video; all false for anonymous visitors. */
export const videoGuestInfo = z.object({
  bought: z.boolean(),
  gifted: z.boolean(),
  flatrate: z.boolean(),
  liked: z.boolean(),
  /** Pinned to the guest's media library (socket favoritePinAlbum). */
  pinned: z.boolean(),
});

/**
 * A video's clip: the preview plays for everyone (a public file); the full clip streams from `streamUrl` (with the
 * accessToken query parameter, as every REST call has it) only to guests who own the video, or to everyone when
 * it is free.
 */
export const videoClip = z.object({ previewUrl: z.string(), streamUrl: z.string() });
export type VideoClip = z.infer<typeof videoClip>;

export const video = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  /** Seconds. */
  duration: z.number().int(),
  ageRating: z.number().int(),
  /** Rated above its free age rating and the caller is not verified: previews are blurred, the clip is refused. */
  needAgeCheck: z.boolean(),
  vip: z.boolean(),
  /** Among this month's VIP30 offers, which VIP members watch for free. */
  isVip30Offer: z.boolean(),
  free: z.boolean(),
  new: z.boolean(),
  classic: z.boolean(),
  camRecording: z.boolean(),
  guestInfo: videoGuestInfo,
  /** What the guest pays; below basePrice when the video is on sale. */
  price: mediaMoney,
  basePrice: mediaMoney,
  preview: mediaImage,
  previewThumbnails: z.array(z.string()),
  rating: z.object({ likes: z.number().int() }),
  model: mediaActor,
  contestInfo: z.object({ place: z.number().int() }).nullable(),
  tags: z.array(z.string()),
  releasedAt: z.string(),
  clip: videoClip.nullable(),
  /** The video page, language-neutral (`amateur/{actorName}/videos/{id}`); remotes link with router.href. */
  url: z.string(),
});
export type Video = z.infer<typeof video>;

/** The seven sort orders a guest can pick. */
export const VIDEO_SORT_ORDERS = [
  'newest',
  'mostExpensive',
  'cheapest',
  'longest',
  'shortest',
  'bestSelling',
  'topRated',
] as const;
/** Plus the trending category's own default: sales and likes per day since release. */
export const videoSort = z.enum([...VIDEO_SORT_ORDERS, 'topTrending']);
export type VideoSort = z.infer<typeof videoSort>;

/** The tag vocabulary of the video catalogue (tags filter). */
export const VIDEO_TAGS = [
  'blonde',
  'brunette',
  'redhead',
  'lingerie',
  'stockings',
  'outdoor',
  'beach',
  'shower',
  'solo',
  'couple',
  'pov',
  'massage',
  'cosplay',
  'striptease',
  'dance',
  'roleplay',
  'office',
  'latex',
  'feet',
  'toys',
] as const;

/** Spec gender types; NONE means "no gender filter" (what an emptied selection falls back to). */
export const VIDEO_ACTOR_GENDERS = ['NONE', 'F', 'M', 'FM', 'FF', 'MM', 'S', 'T'] as const;
export type VideoActorGender = (typeof VIDEO_ACTOR_GENDERS)[number];

/** Video categories (the filter's `type`) with their default sort and release window. */
export const VIDEO_CATEGORIES = {
  all: { sort: 'topRated' },
  new: { sort: 'newest' },
  discounted: { sort: 'newest' },
  trending: { sort: 'topTrending', releasedWithinDays: 8 },
  free: { sort: 'newest', actorGenders: ['F'] },
  top: { sort: 'bestSelling', releasedWithinDays: 274 /* 9 months */ },
  vip30: { sort: 'topRated' },
  bought: { sort: 'newest' },
} as const satisfies Record<
  string,
  { sort: VideoSort; releasedWithinDays?: number; actorGenders?: VideoActorGender[] }
>;
export type VideoCategory = keyof typeof VIDEO_CATEGORIES;
export type VideoCategoryDefaults = (typeof VIDEO_CATEGORIES)[VideoCategory];

export const UNMAPPED_CATEGORY_MESSAGE = 'Unmapped category';
export class UnmappedCategoryError extends Error {
  constructor(readonly category: string) {
    super(`${UNMAPPED_CATEGORY_MESSAGE}: ${category}`);
  }
}
export const isVideoCategory = (value: string): value is VideoCategory => Object.hasOwn(VIDEO_CATEGORIES, value);
/** The defaults of a category; an unknown one is the spec's error "Unmapped category". */
export function videoCategoryDefaults(category: string): VideoCategoryDefaults {
  if (!isVideoCategory(category)) throw new UnmappedCategoryError(category);
  return VIDEO_CATEGORIES[category];
}

/** -1 means unset at either end. Seconds. */
export const durationRange = z.object({
  from: z.number().int().min(-1).default(-1),
  to: z.number().int().min(-1).default(-1),
});

/**
 * The video filter of one grid (each grid keeps its own). `type` is the category; it stays a free string so
 * that an unknown one reaches the category mapping and answers "Unmapped category" rather than a schema error.
 */
/** A video filter's values where the guest chose none: one table for the schema and the pages. */
export const VIDEO_FILTER_DEFAULTS = {
  type: 'all',
  tags: [],
  actorGenders: ['NONE'],
  duration: { from: -1, to: -1 },
  isRecommended: false,
  includeBoughtVideos: true,
  includeContestVideos: true,
  freeVideosOnly: false,
  includeFreeVideos: true,
  includeOnSaleVideos: true,
  includeVIPVideos: true,
  page: 1,
  pageSize: VIDEO_GRID_PAGE_SIZE,
  showFilter: true,
} as const;

export const videoFilter = z.object({
  type: z.string().max(40).default(VIDEO_FILTER_DEFAULTS.type),
  /** Unset: the category's default sort. */
  sort: videoSort.optional(),
  tags: z
    .array(z.string().max(40))
    .max(20)
    .default(() => [...VIDEO_FILTER_DEFAULTS.tags]),
  actorGenders: z.array(z.enum(VIDEO_ACTOR_GENDERS)).default(() => [...VIDEO_FILTER_DEFAULTS.actorGenders]),
  duration: durationRange.default(() => ({ ...VIDEO_FILTER_DEFAULTS.duration })),
  isRecommended: z.boolean().default(VIDEO_FILTER_DEFAULTS.isRecommended),
  includeBoughtVideos: z.boolean().default(VIDEO_FILTER_DEFAULTS.includeBoughtVideos),
  includeContestVideos: z.boolean().default(VIDEO_FILTER_DEFAULTS.includeContestVideos),
  freeVideosOnly: z.boolean().default(VIDEO_FILTER_DEFAULTS.freeVideosOnly),
  includeFreeVideos: z.boolean().default(VIDEO_FILTER_DEFAULTS.includeFreeVideos),
  includeOnSaleVideos: z.boolean().default(VIDEO_FILTER_DEFAULTS.includeOnSaleVideos),
  includeVIPVideos: z.boolean().default(VIDEO_FILTER_DEFAULTS.includeVIPVideos),
  page: z.number().int().min(1).default(VIDEO_FILTER_DEFAULTS.page),
  pageSize: z.number().int().min(1).max(100).default(VIDEO_FILTER_DEFAULTS.pageSize),
  /** Whether the grid shows its filter bar; the server ignores it. */
  showFilter: z.boolean().default(VIDEO_FILTER_DEFAULTS.showFilter),
});
export type VideoFilter = z.infer<typeof videoFilter>;
export type VideoFilterInput = z.input<typeof videoFilter>;

/** The filter a grid starts with: the defaults, with what its page sets (its category, page size, filter bar). */
export const initialVideoFilter = (values: Pick<VideoFilter, 'type'> & Partial<VideoFilter>): VideoFilter => ({
  ...VIDEO_FILTER_DEFAULTS,
  tags: [],
  actorGenders: [...VIDEO_FILTER_DEFAULTS.actorGenders],
  duration: { ...VIDEO_FILTER_DEFAULTS.duration },
  ...values,
});

/** Spec state "Video filters": any change resets page to 1 except page and page size; no gender means NONE. */
export function updateVideoFilter(filter: VideoFilter, change: Partial<VideoFilter>): VideoFilter {
  const next = { ...filter, ...change };
  if (next.actorGenders.length === 0) next.actorGenders = ['NONE'];
  const pagingOnly = Object.keys(change).every((key) => key === 'page' || key === 'pageSize');
  return pagingOnly ? next : { ...next, page: 1 };
}

/** The tile-grid payload for videos: the filter plus an optional search pattern. */
export const videoGridRequest = videoFilter.extend({ searchPattern: z.string().trim().max(100).optional() });
export type VideoGridRequest = z.input<typeof videoGridRequest>;
export const encodeTileGridPayload = (request: VideoGridRequest) => JSON.stringify(request);
/** The spec's error marker of a tile grid whose load failed (the grid carries it as `data-error`). */
export const TILE_GRID_ERROR_MARKER = 'rest-error';

export const videoPage = pageOf(video).extend({ category: z.string(), sort: videoSort });
export type VideoPage = z.infer<typeof videoPage>;

// --- Photo albums ---

export const ALBUM_RATING = { dislike: 1, like: 5 } as const;
export const albumPreview = mediaImage.extend({ orientation: z.enum(['landscape', 'portrait', 'square']) });
const ratingFields = {
  guestRatingLikes: z.number().int(),
  guestRatingDislikes: z.number().int(),
  isLiked: z.boolean(),
  isDisliked: z.boolean(),
};
export const albumSummary = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  ageRating: z.number().int(),
  /** Rated above the free age rating of images and the caller is not verified: previews and pictures are blurred. */
  needAgeCheck: z.boolean(),
  free: z.boolean(),
  isVipContent: z.boolean(),
  type: z.enum(['image', 'video']),
  actor: mediaActor,
  guestInfo: z.object({ bought: z.boolean(), pinned: z.boolean() }),
  prices: z.object({ price: mediaMoney, basePrice: mediaMoney }),
  previews: z.array(albumPreview),
  pictureCount: z.number().int(),
  albumTotalViews: z.number().int(),
  releasedAt: z.string(),
  ...ratingFields,
});
export type AlbumSummary = z.infer<typeof albumSummary>;
export const albumPicture = mediaImage.extend({
  id: z.number().int(),
  ...ratingFields,
  /** Pinned by the calling guest (socket favoritePinPicture). */
  pinned: z.boolean(),
});
export type AlbumPicture = z.infer<typeof albumPicture>;
export const album = albumSummary.extend({
  pictures: z.array(albumPicture),
  commentsTotal: z.number().int(),
  isGuestAllowedToCommentAlbum: z.boolean(),
});
export type Album = z.infer<typeof album>;

/** What a like or dislike answers: the album's new counters and the guest's own rating. */
export const albumRatingResult = z.object({
  success: z.literal(true),
  albumTotalViews: z.number().int(),
  ...ratingFields,
});
export type AlbumRatingResult = z.infer<typeof albumRatingResult>;

/** A performer's sedcard pictures, rated as one album: the album rating fields. */
export const sedcards = z.object({
  actor: mediaActor,
  pictures: z.array(mediaImage.extend({ id: z.number().int() })),
  albumTotalViews: z.number().int(),
  ...ratingFields,
});
export type Sedcards = z.infer<typeof sedcards>;

/** A single album picture pinned by the guest, with the album it belongs to. */
export const pinnedPhoto = mediaImage.extend({
  id: z.number().int(),
  albumId: z.number().int(),
  albumTitle: z.string(),
  actor: mediaActor,
  pinnedAt: z.string(),
});
export type PinnedPhoto = z.infer<typeof pinnedPhoto>;

/** Spec: the comment call asks for up to 500; the page shows them 5 at a time. */
export const ALBUM_COMMENTS_LIMIT = 500;
export const ALBUM_COMMENTS_SHOWN = 5;
export const ALBUM_COMMENT_MAX_LENGTH = 1000;
export const albumComment = z.object({
  id: z.number().int(),
  text: z.string(),
  created: z.string(),
  guestName: z.string(),
});
export type AlbumComment = z.infer<typeof albumComment>;
export const albumComments = z.object({
  comments: z.array(albumComment),
  total: z.number().int(),
  isGuestAllowedToCommentAlbum: z.boolean(),
});
export type AlbumComments = z.infer<typeof albumComments>;

// --- Media library (mediathek) ---

export const MEDIATHEK_MEDIA_TYPES = ['VIDEO', 'PHOTO'] as const;
export const MEDIATHEK_SOURCES = ['PURCHASED', 'PINNED', 'ARCHIVED'] as const;
export const MEDIATHEK_ORIGINS = ['SHOP', 'CHATCLIP'] as const;
export type MediathekMediaType = (typeof MEDIATHEK_MEDIA_TYPES)[number];
export type MediathekSource = (typeof MEDIATHEK_SOURCES)[number];
export const mediathekItem = z.object({
  /** The video's or album's id (the two id spaces are told apart by mediaType). */
  mediaId: z.number().int(),
  mediaType: z.enum(MEDIATHEK_MEDIA_TYPES),
  source: z.enum(MEDIATHEK_SOURCES),
  origin: z.enum(MEDIATHEK_ORIGINS),
  addedAt: z.string(),
  video: video.nullable(),
  album: albumSummary.nullable(),
});
export type MediathekItem = z.infer<typeof mediathekItem>;

/** Counts of the guest's library per tab: purchased (not archived), pinned and archived, per media type. */
export const mediathekTotals = z.object({
  VIDEO: z.object({ PURCHASED: z.number().int(), PINNED: z.number().int(), ARCHIVED: z.number().int() }),
  PHOTO: z.object({ PURCHASED: z.number().int(), PINNED: z.number().int(), ARCHIVED: z.number().int() }),
  chatClips: z.number().int(),
});
export type MediathekTotals = z.infer<typeof mediathekTotals>;

/** The personal sidebar's counts; the balance comes with the session and its push. */
export const sidebarCounts = z.object({
  boughtVideos: z.number().int(),
  boughtPhotos: z.number().int(),
  /** Clips bought in chat or messenger (origin CHATCLIP). */
  privateCollection: z.number().int(),
  /** Videos and albums pinned to the library. */
  pinnedFavorites: z.number().int(),
});
export type SidebarCounts = z.infer<typeof sidebarCounts>;

/**
 * What a purchase answers. Videos and photo albums have separate id spaces, so `album/{albumId}/buy` takes the
 * media type in its query (PHOTO unless told VIDEO).
 */
export const buyResult = z.object({
  success: z.literal(true),
  /** False when the guest already owned it: nothing was charged. */
  charged: z.boolean(),
  /** The balance after the purchase, in coins. */
  guestBalance: coinBalance,
  guestBalanceFormatted: z.string(),
});
export type BuyResult = z.infer<typeof buyResult>;

/** The full clip of a video: GET, answers video/mp4 (with ranges) to owners, 403 NOT_OWNED to anyone else. */
export const VIDEO_STREAM_PATH = '/video/:videoId/stream';
export const videoStreamUrl = (videoId: number) => `/rest/v1${VIDEO_STREAM_PATH.replace(':videoId', String(videoId))}`;
const gridPageQuery = pageQuery.extend({
  pageSize: dbIntParam(1, 100).default(VIDEO_GRID_PAGE_SIZE),
});

/** The VIP30 value history: per month of VIP membership (newest first), the VIP30 offers and their base prices. */
export const vip30History = z.object({
  months: z.array(
    z.object({
      /** UTC month, YYYY-MM. */
      month: z.string(),
      offers: z.number().int(),
      value: mediaMoney,
    }),
  ),
});
export type Vip30History = z.infer<typeof vip30History>;

// --- Gallery extras, video stills, tile grid settings, the jumbotron and watching ---

/** How many videos `gallery/getTopVideos` answers: a performer's best liked. */
export const TOP_VIDEOS_COUNT = 4;
/** How many stills `getVideoPictures` takes from a video, spread evenly over its clip. */
export const VIDEO_STILLS_COUNT = 6;
/** How many videos the jumbotron rotates through. */
export const JUMBOTRON_SLIDES = 5;
/** The spec gives jumbotron calls the cache time of the blog calls: one rule, one name. */
export const JUMBOTRON_CACHE_MAX_AGE_SECONDS = BLOG_CACHE_MAX_AGE_SECONDS;

/** A picture's like (5) or dislike (1), toggled like an album's; the answer carries the picture's counters. */
export const pictureRatingResult = z.object({
  success: z.literal(true),
  pictureId: z.number().int(),
  ...ratingFields,
});
export type PictureRatingResult = z.infer<typeof pictureRatingResult>;

/** `gallery/getPreview`: the spec's answer `data` is a JSON string of this. */
export const galleryPreview = z.object({
  context: z.enum(['video']),
  previewTitle: z.string(),
  urls: z.object({ poster: z.string(), clip: z.string().nullable() }),
});
export type GalleryPreview = z.infer<typeof galleryPreview>;
export const parseGalleryPreview = (data: string): GalleryPreview => galleryPreview.parse(JSON.parse(data));

/** One still of a video, taken from its clip at `second`. */
export const videoStill = mediaImage.extend({ second: z.number() });
export type VideoStill = z.infer<typeof videoStill>;

/**
 * What a guest keeps of a tile grid's look per grid type (`storeTileGridSettings`): the page size, the sort and
 * whether the filter bar shows. The video grid starts from them; the payload of a request still wins.
 */
export const TILE_GRID_TYPES = ['videos'] as const;
export const tileGridSettings = z
  .object({
    pageSize: z.number().int().min(1).max(100).optional(),
    sort: videoSort.optional(),
    showFilter: z.boolean().optional(),
  })
  .strict();
export type TileGridSettings = z.infer<typeof tileGridSettings>;

/** How the jumbotron plays: its slides rotate every `rotationSeconds`, muted autoplay of the preview clips. */
export const jumbotronConfig = z.object({
  enabled: z.boolean(),
  autoplay: z.boolean(),
  rotationSeconds: z.number().int(),
  slides: z.number().int(),
});
export type JumbotronConfig = z.infer<typeof jumbotronConfig>;

/** What `watch/start` answers: where the player plays, the whole clip or only its preview. */
export const watchStart = z.object({
  videoId: z.number().int(),
  full: z.boolean(),
  url: z.string(),
  /** Why only the preview plays: nothing to say when the full clip does. */
  reason: z.enum(['NOT_OWNED', 'AGE_CHECK_REQUIRED']).nullable(),
});
export type WatchStart = z.infer<typeof watchStart>;

export const mediaEndpoints = {
  /** Spec `sales/actor/{actorId}`: her videos on sale now, biggest discount first, with the biggest discount. */
  actorSales: defineEndpoint({
    method: 'GET',
    path: '/sales/actor/:actorId',
    schemas: () => ({
      params: z.object({ actorId: idParam }),
      query: gridPageQuery,
      response: pageOf(video).extend({ actorId: z.number().int(), maxDiscountPercent: z.number().int() }),
    }),
  }),
  /** The performer's promoted video: her best selling one, or null when she has none. */
  promotedVideo: defineEndpoint({
    method: 'GET',
    path: '/gallery/getpromotedvideo/:actorId',
    schemas: () => ({ params: z.object({ actorId: idParam }), response: z.object({ video: video.nullable() }) }),
  }),
  /** The performer's TOP_VIDEOS_COUNT best liked videos. */
  topVideos: defineEndpoint({
    method: 'GET',
    path: '/gallery/getTopVideos/:actorIdOrName',
    schemas: () => ({
      params: z.object({ actorIdOrName: z.string().min(1).max(100) }),
      response: z.object({ items: z.array(video) }),
    }),
  }),
  /** Like (5) or dislike (1) one album picture; the same rating again takes it back. */
  pictureRating: defineEndpoint({
    method: 'POST',
    path: '/gallery/setPictureGuestRating',
    needsGuest: true,
    schemas: () => ({
      body: z.object({
        pictureId: dbId,
        guestRating: z.union([z.literal(ALBUM_RATING.dislike), z.literal(ALBUM_RATING.like)]),
      }),
      response: pictureRatingResult,
    }),
  }),
  /** A video's preview for a hover or a small player; `data` is the JSON of a GalleryPreview (parseGalleryPreview). */
  galleryPreview: defineEndpoint({
    method: 'POST',
    path: '/gallery/getPreview',
    schemas: () => ({
      body: z.object({ actorName: z.string().min(1).max(100), albumId: dbId, isMobile: z.boolean().default(false) }),
      response: z.object({ data: z.string() }),
    }),
  }),
  /** VIDEO_STILLS_COUNT stills of a video, taken from its clip by the server; blurred for rated videos as previews are. */
  videoPictures: defineEndpoint({
    method: 'GET',
    path: '/getVideoPictures/:albumId',
    schemas: () => ({
      params: z.object({ albumId: idParam }),
      response: z.object({ videoId: z.number().int(), needAgeCheck: z.boolean(), pictures: z.array(videoStill) }),
    }),
  }),
  /** Keeps the caller's settings of one grid type (an anonymous token will do); the next grid starts from them. */
  storeTileGridSettings: defineEndpoint({
    method: 'POST',
    path: '/storeTileGridSettings',
    schemas: () => ({
      body: z.object({ type: z.enum(TILE_GRID_TYPES), settings: tileGridSettings }),
      response: z.object({ success: z.literal(true), settings: tileGridSettings }),
    }),
  }),
  /** How the jumbotron plays; cached JUMBOTRON_CACHE_MAX_AGE_SECONDS. */
  jumbotronConfig: defineEndpoint({
    method: 'GET',
    path: '/video/jumbotron/config',
    schemas: () => ({ response: jumbotronConfig }),
  }),
  /** The jumbotron's slides on the home page: recommended videos, newest first; cached like the config. */
  jumbotronHomepage: defineEndpoint({
    method: 'GET',
    path: '/video/jumbotron/homepage',
    schemas: () => ({ response: z.object({ items: z.array(video) }) }),
  }),
  /** Starts playing a video: the full clip where the caller may stream it, its preview otherwise. */
  watchStart: defineEndpoint({
    method: 'POST',
    path: '/watch/start',
    schemas: () => ({ body: z.object({ videoId: dbId }), response: watchStart }),
  }),
  vip30History: defineEndpoint({
    method: 'GET',
    path: '/media/vip30/history',
    needsGuest: true,
    schemas: () => ({ response: vip30History }),
  }),
  /** One page of a video grid; `payload` is the JSON of a VideoGridRequest (encodeTileGridPayload). */
  videoGrid: defineEndpoint({
    method: 'GET',
    path: '/tileGrid/get/:type/:payload',
    schemas: () => ({
      params: z.object({ type: z.literal('videos'), payload: z.string().max(4000) }),
      response: videoPage,
    }),
  }),
  video: defineEndpoint({
    method: 'GET',
    path: '/video/:videoId',
    schemas: () => ({ params: z.object({ videoId: idParam }), response: video }),
  }),
  /** Spec `gallery/open` by albumId: the album with its pictures. */
  album: defineEndpoint({
    method: 'GET',
    path: '/gallery/open',
    schemas: () => ({ query: z.object({ albumId: idParam }), response: album }),
  }),
  /** Like (5) or dislike (1) an album; the same rating again takes it back. */
  albumRating: defineEndpoint({
    method: 'POST',
    path: '/gallery/setGuestRating',
    needsGuest: true,
    schemas: () => ({
      body: z.object({
        albumId: dbId,
        guestRating: z.union([z.literal(ALBUM_RATING.dislike), z.literal(ALBUM_RATING.like)]),
      }),
      response: albumRatingResult,
    }),
  }),
  /** The performer's sedcard pictures with their album-like rating. */
  sedcards: defineEndpoint({
    method: 'GET',
    path: '/gallery/getsedcards/:actorIdOrName',
    schemas: () => ({ params: z.object({ actorIdOrName: z.string().min(1).max(100) }), response: sedcards }),
  }),
  /** Like (5) or dislike (1) a performer's sedcards; toggles like albumRating. */
  sedcardsRating: defineEndpoint({
    method: 'POST',
    path: '/gallery/setSedcardsGuestRating/:actorId',
    needsGuest: true,
    schemas: () => ({
      params: z.object({ actorId: idParam }),
      body: z.object({ guestRating: z.union([z.literal(ALBUM_RATING.dislike), z.literal(ALBUM_RATING.like)]) }),
      response: albumRatingResult,
    }),
  }),
  /** Records that the guest opened an album: one view per logged-in guest and album; anonymous calls count nothing. */
  albumView: defineEndpoint({
    method: 'POST',
    path: '/gallery/recordView',
    schemas: () => ({
      body: z.object({ albumId: dbId }),
      response: z.object({ success: z.literal(true), albumTotalViews: z.number().int() }),
    }),
  }),
  /** The guest's pinned single pictures, newest first (socket favoritePinPicture). */
  pinnedPhotos: defineEndpoint({
    method: 'GET',
    path: '/gallery/getPinnedPhotos',
    needsGuest: true,
    schemas: () => ({ query: pageQuery, response: pageOf(pinnedPhoto) }),
  }),
  albumComments: defineEndpoint({
    method: 'GET',
    path: '/gallery/getComments',
    schemas: () => ({
      query: z.object({
        albumId: idParam,
        limit: dbIntParam(1, ALBUM_COMMENTS_LIMIT).default(ALBUM_COMMENTS_LIMIT),
        offset: dbIntParam(0).default(0),
      }),
      response: albumComments,
    }),
  }),
  /** One comment per guest and album: afterwards isGuestAllowedToCommentAlbum is false. */
  postAlbumComment: defineEndpoint({
    method: 'POST',
    path: '/gallery/postComment',
    needsGuest: true,
    schemas: () => ({
      body: z.object({
        albumId: dbId,
        commentText: z.string().trim().min(1).max(ALBUM_COMMENT_MAX_LENGTH),
      }),
      response: z.object({
        success: z.literal(true),
        comment: albumComment,
        commentsTotal: z.number().int(),
        isGuestAllowedToCommentAlbum: z.boolean(),
      }),
    }),
  }),
  actorVideos: defineEndpoint({
    method: 'GET',
    path: '/media/actor/:actorId/videos',
    schemas: () => ({ params: z.object({ actorId: idParam }), query: gridPageQuery, response: pageOf(video) }),
  }),
  actorAlbums: defineEndpoint({
    method: 'GET',
    path: '/media/actor/:actorId/albums',
    schemas: () => ({ params: z.object({ actorId: idParam }), query: gridPageQuery, response: pageOf(albumSummary) }),
  }),
  /** The guest's media library; filled by purchases (wallet), pins and archiving. */
  mediathek: defineEndpoint({
    method: 'GET',
    path: '/mediathek/items',
    needsGuest: true,
    schemas: () => ({
      query: pageQuery.extend({
        mediaType: z.enum(MEDIATHEK_MEDIA_TYPES).optional(),
        sourceType: z.enum(MEDIATHEK_SOURCES).optional(),
        originType: z.enum(MEDIATHEK_ORIGINS).optional(),
      }),
      response: pageOf(mediathekItem),
    }),
  }),
  mediathekTotals: defineEndpoint({
    method: 'GET',
    path: '/mediathek/totals',
    needsGuest: true,
    schemas: () => ({ response: mediathekTotals }),
  }),
  /** Moves an owned or pinned item to the archive tab and back; it stays owned. */
  mediathekArchive: defineEndpoint({
    method: 'POST',
    path: '/mediathek/archive',
    needsGuest: true,
    schemas: () => ({
      body: z.object({
        mediaType: z.enum(MEDIATHEK_MEDIA_TYPES),
        mediaId: dbId,
        archived: z.boolean(),
      }),
      response: z.object({ success: z.literal(true), totals: mediathekTotals }),
    }),
  }),
  sidebarCounts: defineEndpoint({
    method: 'GET',
    path: '/mediathek/sidebarCounts',
    needsGuest: true,
    schemas: () => ({ response: sidebarCounts }),
  }),
  /**
   * Buys a video (`mediaType=VIDEO`) or photo album at its current price, with an Idempotency-Key. `price` is
   * the price the guest saw: if it changed meanwhile the answer is 409 PRICE_CHANGED and nothing is charged.
   * Too little money: 402 INSUFFICIENT_FUNDS. Already owned: success without a charge.
   */
  buy: defineEndpoint({
    method: 'POST',
    path: '/album/:albumId/buy',
    needsGuest: true,
    schemas: () => ({
      params: z.object({ albumId: idParam }),
      query: z.object({ mediaType: z.enum(MEDIATHEK_MEDIA_TYPES).default('PHOTO') }),
      body: z.object({ price: dbInt(0).optional() }),
      response: buyResult,
    }),
  }),
};

// --- Structured query ---

export const mediaGraphqlSchema = /* GraphQL */ `
  type MediaMoney {
    value: Int!
    currency: String!
  }
  type MediaImage {
    url: String!
    width: Int!
    height: Int!
  }
  type VideoGuestInfo {
    bought: Boolean!
    gifted: Boolean!
    flatrate: Boolean!
    liked: Boolean!
    pinned: Boolean!
  }
  type VideoClip {
    previewUrl: String!
    streamUrl: String!
  }
  type VideoModel {
    id: Int!
    name: String!
    displayName: String!
  }
  type VideoRating {
    likes: Int!
  }
  type VideoContestInfo {
    place: Int!
  }
  type Video {
    id: Int!
    title: String!
    description: String!
    duration: Int!
    ageRating: Int!
    needAgeCheck: Boolean!
    vip: Boolean!
    isVip30Offer: Boolean!
    free: Boolean!
    new: Boolean!
    classic: Boolean!
    camRecording: Boolean!
    guestInfo: VideoGuestInfo!
    price: MediaMoney!
    basePrice: MediaMoney!
    preview: MediaImage!
    previewThumbnails: [String!]!
    rating: VideoRating!
    model: VideoModel!
    contestInfo: VideoContestInfo
    tags: [String!]!
    releasedAt: String!
    clip: VideoClip
    url: String!
  }
  type VideoPage {
    items: [Video!]!
    total: Int!
    page: Int!
    pageSize: Int!
    category: String!
    sort: String!
  }
  input VideoDurationInput {
    from: Int
    to: Int
  }
  input VideoFilterInput {
    type: String
    sort: String
    tags: [String!]
    actorGenders: [String!]
    duration: VideoDurationInput
    isRecommended: Boolean
    includeBoughtVideos: Boolean
    includeContestVideos: Boolean
    freeVideosOnly: Boolean
    includeFreeVideos: Boolean
    includeOnSaleVideos: Boolean
    includeVIPVideos: Boolean
    page: Int
    pageSize: Int
    showFilter: Boolean
  }
  extend type Query {
    videos(filter: VideoFilterInput, searchPattern: String): VideoPage!
  }
`;

const videoFields = `id title description duration ageRating needAgeCheck vip isVip30Offer free new classic camRecording
  guestInfo { bought gifted flatrate liked pinned } price { value currency } basePrice { value currency }
  preview { url width height } previewThumbnails rating { likes } model { id name displayName } contestInfo { place }
  tags releasedAt clip { previewUrl streamUrl } url`;

export const videosQuery = defineOperation<
  { videos: VideoPage },
  { filter?: VideoFilterInput; searchPattern?: string }
>(
  `query Videos($filter: VideoFilterInput, $searchPattern: String) {
    videos(filter: $filter, searchPattern: $searchPattern) { items { ${videoFields} } total page pageSize category sort }
  }`,
);
