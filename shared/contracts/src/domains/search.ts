import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { defineOperation } from '../graphql';
import { dbIntParam, dbInt } from '../input';
import { LANGUAGES, type RouteName } from '../routes';

/**
 * The kinds of results of the global search: performers on line now (actors) and all of them (models), videos,
 * ASMR videos, photo albums by title (photos) and by performer (galleries), TV articles (tv), the TV mediathek's
 * episodes (mediathek) and blog posts.
 */
export const SEARCH_TYPES = [
  'actors',
  'models',
  'videos',
  'asmr',
  'photos',
  'galleries',
  'tv',
  'mediathek',
  'blog',
] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** One result page of each kind. */
export const SEARCH_PAGE_SIZES = {
  actors: 30,
  models: 30,
  videos: 30,
  asmr: 3,
  photos: 14,
  galleries: 14,
  tv: 30,
  mediathek: 30,
  blog: 15,
} as const satisfies Record<SearchType, number>;

/** How many results of each kind the overlay proposes while the guest types. */
export const SEARCH_PROPOSALS_PER_TYPE = 4;
/** Proposals start at this many characters; shorter patterns find too much to be of use. */
export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_MAX_LENGTH = 80;
/** A recent search is kept only from this many characters; the overlay shows at most this many, newest first. */
export const RECENT_SEARCH_MIN_LENGTH = 3;
export const RECENT_SEARCHES_MAX = 3;
/** The overlay keeps an answer for 5 minutes and drops expired ones every 5 seconds. */
export const SEARCH_CACHE_MS = 300_000;
export const SEARCH_CACHE_CLEAN_MS = 5_000;
/** The tag used for ASMR videos (the asmr results). */
export const ASMR_TAG = 'asmr';

export const SEARCH_SORTS = ['relevance', 'newest', 'name'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
export const SEARCH_ORDERS = ['asc', 'desc'] as const;
export type SearchOrder = (typeof SEARCH_ORDERS)[number];
/** The deepest result a search pages to: ranking beyond it is of no use to anyone. */
export const SEARCH_MAX_FROM = 10_000;

/** What a pattern must be: trimmed, 2 to 80 characters. */
export const searchPattern = z
  .string()
  .transform((value) => value.trim())
  .pipe(z.string().min(SEARCH_MIN_LENGTH).max(SEARCH_MAX_LENGTH));

/** The page a result opens: a route of the site and its arguments. */
export const searchLink = z.object({
  name: z.custom<RouteName>((value) => typeof value === 'string'),
  args: z.record(z.string(), z.string()),
});
export type SearchLink = z.infer<typeof searchLink>;

export const searchItem = z.object({
  type: z.enum(SEARCH_TYPES),
  id: z.number().int(),
  title: z.string(),
  /** The performer's name under a video, album or episode; the category of a post. */
  subtitle: z.string(),
  imageUrl: z.string(),
  imageWidth: z.number().int(),
  imageHeight: z.number().int(),
  route: searchLink,
  /** Performers only: on line now, and taking mobile video calls. */
  online: z.boolean().optional(),
  mobileVideoCall: z.boolean().optional(),
});
export type SearchItem = z.infer<typeof searchItem>;

export const searchSection = z.object({
  type: z.enum(SEARCH_TYPES),
  /** All hits of the pattern, when the call asked for it (the first page does). */
  total: z.number().int().nullable(),
  items: z.array(searchItem),
});
export type SearchSection = z.infer<typeof searchSection>;

export const searchResult = z.object({
  /** The pattern this answer is for: a client applies only the answer to the pattern it asked for last. */
  searchPattern: z.string(),
  sections: z.array(searchSection),
});
export type SearchResult = z.infer<typeof searchResult>;

export const searchEndpoints = {
  /**
   * The global search: without searchType the overlay's proposals (the first few of every kind, each with its
   * total); with it one page of that kind (`from`, `take` up to its page size), its total with withTotalCount=1.
   */
  search: defineEndpoint({
    method: 'GET',
    path: '/searchResult/search/:language/:searchPattern',
    schemas: () => ({
      params: z.object({ language: z.enum(LANGUAGES), searchPattern }),
      query: z.object({
        searchType: z.enum(SEARCH_TYPES).optional(),
        sort: z.enum(SEARCH_SORTS).default('relevance'),
        order: z.enum(SEARCH_ORDERS).default('desc'),
        from: dbIntParam(0, SEARCH_MAX_FROM).default(0),
        take: dbIntParam(1, Math.max(...Object.values(SEARCH_PAGE_SIZES))).optional(),
        withTotalCount: z.enum(['0', '1']).default('0'),
      }),
      response: searchResult,
    }),
  }),
};

export const TAGS_MAX_FIRST = 50;

export const searchGraphqlSchema = /* GraphQL */ `
  type SearchLink {
    name: String!
    args: [SearchLinkArg!]!
  }
  type SearchLinkArg {
    name: String!
    value: String!
  }
  type SearchItem {
    type: String!
    id: Int!
    title: String!
    subtitle: String!
    imageUrl: String!
    imageWidth: Int!
    imageHeight: Int!
    route: SearchLink!
    online: Boolean
    mobileVideoCall: Boolean
  }
  type SearchSection {
    type: String!
    total: Int
    items: [SearchItem!]!
  }
  type SearchPage {
    total: Int!
    items: [SearchItem!]!
  }
  type SearchTag {
    tag: String!
    count: Int!
  }
  extend type Query {
    globalSearch(pattern: String!, language: String): [SearchSection!]!
    actorSearch(pattern: String!, language: String, first: Int, offset: Int): SearchPage!
    videoSearch(pattern: String!, language: String, first: Int, offset: Int): SearchPage!
    asmrSearch(pattern: String!, language: String, first: Int, offset: Int): SearchPage!
    gallerySearch(pattern: String!, language: String, first: Int, offset: Int): SearchPage!
    mediathekSearch(pattern: String!, language: String, first: Int, offset: Int): SearchPage!
    blogSearch(pattern: String!, language: String, first: Int, offset: Int): SearchPage!
    suggestTags(pattern: String!, first: Int): [SearchTag!]!
    popularTags(first: Int): [SearchTag!]!
  }
  extend type Mutation {
    storeSearchPattern(pattern: String!, language: String): Boolean!
  }
`;

/** The structured-query searches of one kind, each by its field name. */
export const SEARCH_QUERY_TYPES = {
  actorSearch: 'models',
  videoSearch: 'videos',
  asmrSearch: 'asmr',
  gallerySearch: 'galleries',
  mediathekSearch: 'mediathek',
  blogSearch: 'blog',
} as const satisfies Record<string, SearchType>;

export const searchQueryArgs = z.object({
  pattern: searchPattern,
  language: z.enum(LANGUAGES).nullish(),
  first: dbInt(1, 100).nullish(),
  offset: dbInt(0, SEARCH_MAX_FROM).nullish(),
});

export interface SearchTag {
  tag: string;
  count: number;
}
export type GraphqlSearchItem = Omit<SearchItem, 'route'> & {
  route: { name: string; args: { name: string; value: string }[] };
};

const ITEM_FIELDS =
  'type id title subtitle imageUrl imageWidth imageHeight online mobileVideoCall route { name args { name value } }';

export const globalSearchQuery = defineOperation<
  { globalSearch: { type: SearchType; total: number | null; items: GraphqlSearchItem[] }[] },
  { pattern: string; language?: string }
>(
  `query GlobalSearch($pattern: String!, $language: String) { globalSearch(pattern: $pattern, language: $language) { type total items { ${ITEM_FIELDS} } } }`,
);

/** One operation per kind: `searchOperation('videoSearch')` and so on. */
export const searchOperation = (field: keyof typeof SEARCH_QUERY_TYPES) =>
  defineOperation<
    Record<string, { total: number; items: GraphqlSearchItem[] }>,
    { pattern: string; language?: string; first?: number; offset?: number }
  >(
    `query Search($pattern: String!, $language: String, $first: Int, $offset: Int) { ${field}(pattern: $pattern, language: $language, first: $first, offset: $offset) { total items { ${ITEM_FIELDS} } } }`,
  );

export const suggestTagsQuery = defineOperation<{ suggestTags: SearchTag[] }, { pattern: string; first?: number }>(
  `query SuggestTags($pattern: String!, $first: Int) { suggestTags(pattern: $pattern, first: $first) { tag count } }`,
);
export const popularTagsQuery = defineOperation<{ popularTags: SearchTag[] }, { first?: number }>(
  `query PopularTags($first: Int) { popularTags(first: $first) { tag count } }`,
);
export const storeSearchPatternMutation = defineOperation<
  { storeSearchPattern: boolean },
  { pattern: string; language?: string }
>(
  `mutation StoreSearchPattern($pattern: String!, $language: String) { storeSearchPattern(pattern: $pattern, language: $language) }`,
);
