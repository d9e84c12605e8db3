import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { defineOperation } from '../graphql';
import { idParam } from '../input';
import { LANGUAGES, type RouteName } from '../routes';
import { VIDEO_TAGS } from './media';

/** The tabs of the media library's videos and photos: bought, pinned, archived, from the feed, from the messenger. */
export const MEDIATHEK_TABS = ['shop', 'pinned', 'archive', 'feed', 'messenger'] as const;
export type MediathekTab = (typeof MEDIATHEK_TABS)[number];

/**
 * The breadcrumb types: for each, the page of the route table it stands for and, where the type is a view inside
 * that page (a tab, a list) rather than a page of its own, the name of that view, which ends the trail.
 */
export const BREADCRUMB_TYPES = {
  // Performer profile.
  actorProfile: { route: 'actorProfile' },
  actorAbout: { route: 'actorAbout' },
  actorVideoDetails: { route: 'videoDetails' },
  actorLiveShow: { route: 'actorLiveShow' },
  actorVideos: { route: 'actorVideos' },
  actorClassicVideos: { route: 'actorClassicVideos' },
  actorTopCams: { route: 'actorTopCams' },
  actorFeed: { route: 'actorFeed' },
  actorPictures: { route: 'actorPictures' },
  actorVideosByTag: { route: 'actorVideosByTag' },
  actorAlbumDetails: { route: 'albumDetails' },
  // Blog.
  blogArticle: { route: 'blogArticle' },
  blog: { route: 'blog' },
  // Categories.
  category: { route: 'category' },
  categories: { route: 'categories' },
  // Cams and videos.
  camsNextDoor: { route: 'cams', view: 'camsNextDoor' },
  cams: { route: 'cams' },
  videos: { route: 'videos' },
  // Magazine.
  contests: { route: 'contests' },
  magazines: { route: 'blog', view: 'magazines' },
  // The guest's area.
  myAccount: { route: 'myAccount' },
  myAccountBenefits: { route: 'myAccountBenefits' },
  myAccountPush: { route: 'myAccountPush' },
  myAccountNotifications: { route: 'myAccountNotifications' },
  myAccountPassword: { route: 'myAccountPassword' },
  myAccountPayments: { route: 'myAccountPayments' },
  myAccountChats: { route: 'myAccount', view: 'chats' },
  myAccountFavorites: { route: 'myAccount', view: 'favorites' },
  myAccountFavoriteVideos: { route: 'myAccount', view: 'favoriteVideos' },
  myAccountProfile: { route: 'myAccountProfile' },
  messenger: { route: 'messenger' },
  myAccountPhotos: { route: 'mediathek', view: 'photos' },
  myAccountPinnedVideos: { route: 'mediathek', view: 'pinnedVideos' },
  myAccountVideos: { route: 'mediathek', view: 'videos' },
  spinwheel: { route: 'myAccountSpinwheel' },
  mediathekVideos: { route: 'mediathek', view: 'videos', tabs: true },
  mediathekPhotos: { route: 'mediathekPhotos', tabs: true },
  myAccountClips: { route: 'mediathek', view: 'clips' },
  myAccountAudio: { route: 'mediathek', view: 'audio' },
  // Top cams.
  topCams: { route: 'topCams', view: 'bestChats' },
  topCamsTop100: { route: 'topCams', view: 'top100' },
  topCamsFavorites: { route: 'topCams', view: 'favorites' },
  topCamsVideocall: { route: 'topCams', view: 'videocall' },
  // TV.
  tvGirls: { route: 'tvLivestream', view: 'girls' },
  tvLateNight: { route: 'tvLateNight' },
  tvLivestream: { route: 'tvLivestream' },
  tvSeriesOverview: { route: 'tvSeriesOverview' },
  tvSeries: { route: 'tvSeries' },
  tvVideos: { route: 'tvSeriesVideos' },
  tvVideo: { route: 'tvVideo' },
  tvPremium: { route: 'tvSubscription' },
  tvPremiumLivestream: { route: 'tvPremiumLivestream' },
  tvPriceTable: { route: 'tvSubscription', view: 'priceTable' },
  tvProgram: { route: 'tvProgram' },
  tvArticle: { route: 'tvArticle' },
} as const satisfies Record<string, { route: RouteName; view?: string; tabs?: true }>;
export type BreadcrumbType = keyof typeof BREADCRUMB_TYPES;
export const BREADCRUMB_TYPE_NAMES = Object.keys(BREADCRUMB_TYPES) as [BreadcrumbType, ...BreadcrumbType[]];

/**
 * The breadcrumb type of a page of the route table as a whole (not one of its views), for the routes that have
 * one: the trail a page shows when it names no view.
 */
export const PAGE_BREADCRUMB_TYPES: Partial<Record<RouteName, BreadcrumbType>> = Object.fromEntries(
  Object.entries(BREADCRUMB_TYPES)
    .filter(([, kind]) => !('view' in kind))
    .map(([type, kind]) => [kind.route, type]),
);

/** One step of a trail: its name in the asked language, the site path it links to and the route of that path. */
export const breadcrumbItem = z.object({ name: z.string(), path: z.string(), route: z.string() });
export type BreadcrumbItem = z.infer<typeof breadcrumbItem>;

/** An argument of a page's route (a performer's name, a video id, a slug): short plain text. */
const routeArgument = z.string().min(1).max(100);

/** A performer's SEO text for one tag group (a video tag) of her videos, in one language. */
export const actorSeoContent = z.object({
  actorId: z.number().int(),
  tagGroup: z.enum(VIDEO_TAGS),
  language: z.enum(LANGUAGES),
  headline: z.string(),
  paragraphs: z.array(z.string()),
});
export type ActorSeoContent = z.infer<typeof actorSeoContent>;

export const seoEndpoints = {
  /**
   * The trail of a page of a breadcrumb type: home first, the page (or its view) last, named in the language of
   * the call, each linking to its path in the route table. `payload` holds the route's arguments (and a media
   * library type's tab).
   */
  breadcrumb: defineEndpoint({
    method: 'POST',
    path: '/breadcrumb/:breadcrumbType',
    schemas: () => ({
      params: z.object({ breadcrumbType: z.enum(BREADCRUMB_TYPE_NAMES) }),
      query: z.object({ language: z.enum(LANGUAGES).optional() }),
      body: z.object({
        payload: z
          .object({ tab: z.enum(MEDIATHEK_TABS).optional() })
          .catchall(routeArgument)
          .refine((payload) => Object.keys(payload).length <= 8, 'too many arguments')
          .default({}),
      }),
      response: z.object({ data: z.object({ breadcrumb: z.array(breadcrumbItem) }) }),
    }),
  }),
  /** The performer's SEO text for a tag group of her videos, in the language of the call; 404 where she has none. */
  actorSeoContent: defineEndpoint({
    method: 'GET',
    path: '/seo/getActorSeoContent/:actorId/:tagGroup',
    schemas: () => ({
      params: z.object({ actorId: idParam, tagGroup: z.enum(VIDEO_TAGS) }),
      query: z.object({ language: z.enum(LANGUAGES).optional() }),
      response: actorSeoContent,
    }),
  }),
};

/**
 * The SEO text of a page: a headline and a few paragraphs about its subject, shown under its content for visitors
 * and crawlers. Its tag names what it is about: a route's name (`videos`), room left for others (a category).
 */
export const seoText = z.object({
  tag: z.string(),
  language: z.enum(LANGUAGES),
  headline: z.string(),
  paragraphs: z.array(z.string()),
});
export type SeoText = z.infer<typeof seoText>;

/** The tags one `seoTexts` query may ask for: a page asks for its own, a list of pages for a few. */
export const SEO_TEXTS_MAX_TAGS = 20;
/** A tag: a route name or a slug. */
export const seoTextTag = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, 'a tag is a route name or slug of at most 64 characters');

/** Structured query: the SEO texts of some tags in the language of the call; a tag without one is left out. */
export const seoGraphqlSchema = /* GraphQL */ `
  type SeoText {
    tag: String!
    language: String!
    headline: String!
    paragraphs: [String!]!
  }
  extend type Query {
    seoTexts(tags: [String!]!): [SeoText!]!
  }
`;
export const seoTextsQuery = defineOperation<{ seoTexts: SeoText[] }, { tags: string[] }>(
  'query SeoTexts($tags: [String!]!) { seoTexts(tags: $tags) { tag language headline paragraphs } }',
);
