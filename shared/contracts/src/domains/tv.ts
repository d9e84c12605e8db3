import { z } from 'zod';
import { dbInt, dbIntParam, idParam } from '../input';
import { defineEndpoint, pageOf, pageQuery } from '../endpoint';
import { defineOperation } from '../graphql';
import { textInEveryLanguage } from '../texts';

/** The two channels of the TV area: free live TV and premium TV (needs a TV subscription). */
export const TV_PROGRAM_TYPES = ['live', 'premium'] as const;
export const tvProgramType = z.enum(TV_PROGRAM_TYPES);
export type TvProgramType = z.infer<typeof tvProgramType>;

/** A show's title and text in the programme and the late-night show, read in the page's language. */
export const tvText = textInEveryLanguage;
export type TvText = z.infer<typeof tvText>;

export const tvActor = z.object({ id: z.number().int(), name: z.string(), avatarUrl: z.string() });
export type TvActor = z.infer<typeof tvActor>;

export const tvProgramEntry = z.object({
  id: z.number().int(),
  type: tvProgramType,
  title: tvText,
  text: tvText,
  /** ISO 8601 instants. */
  begin: z.string(),
  end: z.string(),
  imageUrl: z.string(),
  actors: z.array(tvActor),
});
export type TvProgramEntry = z.infer<typeof tvProgramEntry>;

export const tvSeries = z.object({
  id: z.number().int(),
  /** URL key of the series (the `:series` / `:key` route argument). */
  key: z.string(),
  /** A brand name, the same in every language. */
  title: z.string(),
  /** Read in the page's language. */
  description: tvText,
  episodeCount: z.number().int(),
  previewImgUrl: z.string(),
});
export type TvSeries = z.infer<typeof tvSeries>;

/** One episode of a series in the TV mediathek. */
export const tvMediathekVideo = z.object({
  id: z.number().int(),
  /** Read in the page's language (the series' title in it is a brand name, the same in every language). */
  title: tvText,
  /** Age rating (FSK) in years. */
  fsk: z.number().int(),
  /** Seconds. */
  duration: z.number().int(),
  previewPicture: z.string(),
  episode: z.number().int(),
  seriesKey: z.string(),
  /** Its public id, the argument of `tv/suggest/{hashId}`. */
  hashId: z.string(),
});
export type TvMediathekVideo = z.infer<typeof tvMediathekVideo>;

/** Seconds of premium TV a guest without a TV subscription may watch per visit of the page. */
export const TV_PREVIEW_SECONDS = 30;

export const tvStream = z.object({
  type: tvProgramType,
  /** Who is on air, with the path of her profile in the call's language. */
  hosts: z.array(z.object({ uid: z.number().int(), name: z.string(), link: z.string() })),
  /**
   * The channel's HLS master playlist (two renditions): free for live TV, signed for the guest on premium TV;
   * null on premium TV without a TV subscription, and while nothing is on air.
   */
  streamUrl: z.string().nullable(),
  /** The first frame of what is on air, shown until the video plays. */
  posterUrl: z.string().nullable(),
  /** Premium TV without a subscription: a playlist signed for TV_PREVIEW_SECONDS, then the price table. */
  previewUrl: z.string().nullable(),
  /** Premium TV plays only for TV subscribers. */
  subscriptionRequired: z.boolean(),
  current: tvProgramEntry.nullable(),
  next: tvProgramEntry.nullable(),
});
export type TvStream = z.infer<typeof tvStream>;

/** A performer on TV: the channel she is on air on now with its stream as the caller may watch it, and her next show. */
export const tvActorLivestream = z.object({
  actorId: z.number().int(),
  onAir: tvProgramType.nullable(),
  stream: tvStream.nullable(),
  next: tvProgramEntry.nullable(),
});
export type TvActorLivestream = z.infer<typeof tvActorLivestream>;

export const tvLateNightShow = z.object({
  headerImages: z.array(z.string()),
  events: z.array(tvProgramEntry),
});
export type TvLateNightShow = z.infer<typeof tvLateNightShow>;

export const tvFormat = z.object({
  series: tvSeries,
  /** The newest episodes; the full list pages through the mediathek query. */
  latest: z.array(tvMediathekVideo),
});
export type TvFormat = z.infer<typeof tvFormat>;

export const tvVideoDetails = z.object({
  video: tvMediathekVideo,
  series: tvSeries,
  /** The episode on demand: an HLS master playlist of its renditions (free, seekable). */
  streamUrl: z.string(),
});
export type TvVideoDetails = z.infer<typeof tvVideoDetails>;

/** Where a logged-in guest stopped watching a TV video (0: from the start). */
export const tvWatchPosition = z.object({ videoId: z.number().int(), seconds: z.number().int() });
export type TvWatchPosition = z.infer<typeof tvWatchPosition>;

export const tvSuggestion = z.object({
  video: tvMediathekVideo,
  /** What to watch next: the series' following episodes, then the newest of other series. */
  suggestions: z.array(tvMediathekVideo),
});
export type TvSuggestion = z.infer<typeof tvSuggestion>;
export const TV_SUGGESTIONS = 8;

/** Categories of TV articles with their blog category ids (free TV 41, premium TV 40). */
export const TV_ARTICLE_CATEGORIES = { 'free-tv': 41, 'premium-tv': 40 } as const;
export type TvArticleCategoryKey = keyof typeof TV_ARTICLE_CATEGORIES;
export const tvArticleCategoryKey = z.enum(Object.keys(TV_ARTICLE_CATEGORIES) as [TvArticleCategoryKey]);

export const tvArticlePost = z.object({
  id: z.number().int(),
  slug: z.string(),
  category: tvArticleCategoryKey,
  title: textInEveryLanguage,
  teaser: textInEveryLanguage,
  body: textInEveryLanguage,
  imageUrl: z.string(),
  /** ISO 8601 instant. */
  publishedAt: z.string(),
});
export type TvArticlePost = z.infer<typeof tvArticlePost>;

export const tvArticle = z.object({
  post: tvArticlePost,
  /** The article published before this one, if any. */
  previous: tvArticlePost.nullable(),
  /** The performers the article is about. */
  similar: z.object({ models: z.array(tvActor) }),
  categories: z.array(
    z.object({
      key: tvArticleCategoryKey,
      id: z.number().int(),
      name: textInEveryLanguage,
      articleCount: z.number().int(),
    }),
  ),
  /** The way to the article: TV, its category, the article itself. */
  breadcrumbs: z.array(
    z.object({ title: textInEveryLanguage, kind: z.enum(['tv', 'category', 'article']), key: z.string() }),
  ),
});
export type TvArticle = z.infer<typeof tvArticle>;

export const TV_ARTICLES_MAX_LIMIT = 50;
export const TV_EPISODE_MIN_SECONDS = 60;
export const TV_EPISODE_MAX_SECONDS = 4 * 3600;

export const TV_PROGRAM_MAX_LIMIT = 200;

/** A title an operator writes in one language: not blank. */
const episodeTitleLine = z.string().trim().min(1).max(200);

export const tvEndpoints = {
  program: defineEndpoint({
    method: 'GET',
    path: '/tv/program/:type',
    schemas: () => ({
      params: z.object({ type: tvProgramType }),
      query: z.object({ limit: dbIntParam(1, TV_PROGRAM_MAX_LIMIT).default(20) }),
      response: z.object({ type: tvProgramType, entries: z.array(tvProgramEntry) }),
    }),
  }),
  stream: defineEndpoint({
    method: 'GET',
    path: '/tv/stream/:type',
    schemas: () => ({ params: z.object({ type: tvProgramType }), response: tvStream }),
  }),
  actorLivestream: defineEndpoint({
    method: 'GET',
    path: '/actor/getActorTVLivestreamDataById/:actorId',
    schemas: () => ({ params: z.object({ actorId: idParam }), response: tvActorLivestream }),
  }),
  format: defineEndpoint({
    method: 'GET',
    path: '/tv/format/:key',
    schemas: () => ({ params: z.object({ key: z.string().min(1).max(100) }), response: tvFormat }),
  }),
  video: defineEndpoint({
    method: 'GET',
    path: '/tv/video/:videoId',
    schemas: () => ({ params: z.object({ videoId: idParam }), response: tvVideoDetails }),
  }),
  series: defineEndpoint({
    method: 'GET',
    path: '/tv/series',
    schemas: () => ({ query: pageQuery, response: pageOf(tvSeries) }),
  }),
  position: defineEndpoint({
    method: 'GET',
    path: '/tv/video/:videoId/position',
    needsGuest: true,
    schemas: () => ({ params: z.object({ videoId: idParam }), response: tvWatchPosition }),
  }),
  savePosition: defineEndpoint({
    method: 'PUT',
    path: '/tv/video/:videoId/position',
    needsGuest: true,
    schemas: () => ({
      params: z.object({ videoId: idParam }),
      body: z.object({ seconds: dbInt(0, TV_EPISODE_MAX_SECONDS) }),
      response: tvWatchPosition,
    }),
  }),
  suggest: defineEndpoint({
    method: 'GET',
    path: '/tv/suggest/:hashId',
    schemas: () => ({ params: z.object({ hashId: z.string().regex(/^[0-9a-f]{12}$/) }), response: tvSuggestion }),
  }),
  article: defineEndpoint({
    method: 'GET',
    path: '/tv/article/:slug',
    schemas: () => ({ params: z.object({ slug: z.string().regex(/^[a-z0-9-]{1,100}$/) }), response: tvArticle }),
  }),
  /** The newest TV articles, where the TV area leads to them. */
  articles: defineEndpoint({
    method: 'GET',
    path: '/tv/articles',
    schemas: () => ({
      query: z.object({ limit: dbIntParam(1, TV_ARTICLES_MAX_LIMIT).default(6) }),
      response: z.object({ posts: z.array(tvArticlePost) }),
    }),
  }),
  /** Operators add the next episode of a series to the mediathek (its video is made like the seeded ones). */
  updateMediathek: defineEndpoint({
    method: 'POST',
    path: '/tv/updateMediathek',
    needsGuest: true,
    schemas: () => ({
      body: z.object({
        seriesKey: z.string().min(1).max(100),
        /** In every language of the site, none left blank. */
        title: z.object({
          de: episodeTitleLine,
          en: episodeTitleLine,
          nl: episodeTitleLine,
          es: episodeTitleLine,
        }) satisfies z.ZodType<TvText>,
        fsk: z.union([z.literal(16), z.literal(18)]),
        duration: dbInt(TV_EPISODE_MIN_SECONDS, TV_EPISODE_MAX_SECONDS),
      }),
      response: tvMediathekVideo,
    }),
  }),
};

/** SDL the server adds to the structured query service. */
export const TV_GRAPHQL_SCHEMA = /* GraphQL */ `
  type TvText {
    de: String!
    en: String!
    nl: String!
    es: String!
  }
  type TvActor {
    id: Int!
    name: String!
    avatarUrl: String!
  }
  type TvProgramEntry {
    id: Int!
    type: String!
    title: TvText!
    text: TvText!
    begin: String!
    end: String!
    imageUrl: String!
    actors: [TvActor!]!
  }
  type TvSeries {
    id: Int!
    key: String!
    title: String!
    description: TvText!
    episodeCount: Int!
    previewImgUrl: String!
  }
  type TvSeriesList {
    total: Int!
    nodes: [TvSeries!]!
  }
  type TvMediathekVideo {
    id: Int!
    title: TvText!
    fsk: Int!
    duration: Int!
    previewPicture: String!
    episode: Int!
    seriesKey: String!
    hashId: String!
  }
  type TvMediathek {
    total: Int!
    series: TvSeries!
    nodes: [TvMediathekVideo!]!
  }
  type TvLateNightShow {
    headerImages: [String!]!
    events: [TvProgramEntry!]!
  }
  extend type Query {
    tvSeries(first: Int = 30, offset: Int = 0): TvSeriesList!
    "Episodes of one series, newest first."
    tvMediathek(seriesKey: String!, first: Int = 30, offset: Int = 0): TvMediathek!
    tvLateNightShow: TvLateNightShow!
  }
`;

const TV_PROGRAM_ENTRY_FIELDS =
  'id type title { de en nl es } text { de en nl es } begin end imageUrl actors { id name avatarUrl }';
const TV_SERIES_FIELDS = 'id key title description { de en nl es } episodeCount previewImgUrl';

export interface TvPageVariables extends Record<string, unknown> {
  first?: number;
  offset?: number;
}

export const tvOperations = {
  series: defineOperation<{ tvSeries: { total: number; nodes: TvSeries[] } }, TvPageVariables>(
    `query TvSeries($first: Int, $offset: Int) { tvSeries(first: $first, offset: $offset) { total nodes { ${TV_SERIES_FIELDS} } } }`,
  ),
  mediathek: defineOperation<
    { tvMediathek: { total: number; series: TvSeries; nodes: TvMediathekVideo[] } },
    TvPageVariables & { seriesKey: string }
  >(
    `query TvMediathek($seriesKey: String!, $first: Int, $offset: Int) {
      tvMediathek(seriesKey: $seriesKey, first: $first, offset: $offset) {
        total series { ${TV_SERIES_FIELDS} } nodes { id title { de en nl es } fsk duration previewPicture episode seriesKey hashId }
      }
    }`,
  ),
  lateNightShow: defineOperation<{ tvLateNightShow: TvLateNightShow }>(
    `query TvLateNightShow { tvLateNightShow { headerImages events { ${TV_PROGRAM_ENTRY_FIELDS} } } }`,
  ),
};

/** Page size of the TV mediathek and series grids (spec: search results tv 30, mediathek 30). */
export const TV_PAGE_SIZE = 30;
