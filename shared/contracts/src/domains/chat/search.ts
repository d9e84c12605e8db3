import { z } from 'zod';
import { dbId, dbInt, dbIntParam } from '../../input';
import { defineEndpoint } from '../../endpoint';
import { LANGUAGES } from '../../routes';
import { ACTOR_LIST_PAGE_SIZE, actorCategory, actorGenderType, actorListItem, actorListKind } from './actors';

/**
 * Performer search (the actorsearch calls): one search state per search type, rerun on every
 * change of category, filter, sort, page or mood; only the newest request's answer is applied.
 */

export const ACTOR_SEARCH_TYPES = ['default', 'location', 'custom', 'newGirls'] as const;
export type ActorSearchType = (typeof ACTOR_SEARCH_TYPES)[number];

/** Spec: a search type other than default, location, custom or new girls falls back to default. */
export function normalizeSearchType(value: unknown): ActorSearchType {
  return (ACTOR_SEARCH_TYPES as readonly unknown[]).includes(value) ? (value as ActorSearchType) : 'default';
}

/** Sort orders of the search ("values not shown" in the spec): rank and distance are its defaults. */
export const ACTOR_SEARCH_SORTS = ['rank', 'distance', 'newest', 'priceAsc', 'priceDesc'] as const;
export type ActorSearchSort = (typeof ACTOR_SEARCH_SORTS)[number];

/** Spec: rank by default, distance for the location search. */
export const defaultSearchSort = (searchType: ActorSearchType): ActorSearchSort =>
  searchType === 'location' ? 'distance' : 'rank';

/** Spec: typing in the mood field reruns the search once it stood still this long. */
export const MOOD_DEBOUNCE_MS = 500;
/** Spec: the zip search runs only with exactly this many characters. */
export const ZIP_LENGTH = 5;
/** Spec: default search page size. */
export const ACTOR_SEARCH_PAGE_SIZE = ACTOR_LIST_PAGE_SIZE;
export const MOOD_MAX_LENGTH = 100;

/** The filters of a search; each one left at its default does not filter. */
export const searchConditions = z.object({
  genders: z.array(actorGenderType).max(7).default([]),
  ageFrom: z.number().int().min(18).max(99).nullable().default(null),
  ageTo: z.number().int().min(18).max(99).nullable().default(null),
  /** ISO 639-1 spoken languages: any of them. */
  languages: z.array(z.string().length(2)).max(20).default([]),
  /** ISO 3166 alpha-2: any of them. */
  countries: z.array(z.string().length(2)).max(50).default([]),
  categoryId: dbId.nullable().default(null),
  onlineOnly: z.boolean().default(false),
  freeChatOnly: z.boolean().default(false),
  /** Highest video chat price per minute, hundredths of a coin. */
  maxPrice: dbInt(0).nullable().default(null),
  /** Location search: the largest distance from the guest's location. */
  radiusKm: z.number().int().min(1).max(2000).nullable().default(null),
});
export type SearchConditions = z.infer<typeof searchConditions>;
export type SearchFilterKey = keyof SearchConditions;
export const SEARCH_FILTER_KEYS = Object.keys(searchConditions.shape) as SearchFilterKey[];
/** The search with no filter set: where a new guest starts and what a reset goes back to (read it, never change it). */
export const SEARCH_CONDITION_DEFAULTS: SearchConditions = searchConditions.parse({});

/** Spec `utility/getGeoLocationByZip` answer: lat and long, both null for an unknown zip or a failed lookup. */
export const geoLocation = z.object({
  lat: z.number().nullable(),
  long: z.number().nullable(),
  /** The place the zip belongs to, when known. */
  city: z.string().nullable(),
});
export type GeoLocation = z.infer<typeof geoLocation>;

/** A guest's location for the location search and where it came from. */
export const guestLocation = z.object({
  lat: z.number().min(-90).max(90),
  long: z.number().min(-180).max(180),
  zip: z.string().length(ZIP_LENGTH).nullable(),
  city: z.string().nullable(),
});
export type GuestLocation = z.infer<typeof guestLocation>;
export const LOCATION_SOURCES = ['zip', 'browser', 'profile'] as const;

export const actorSearchItem = actorListItem.extend({
  /** Whole kilometres from the guest's location (location search), else null. */
  distanceKm: z.number().int().nullable(),
});
export type ActorSearchItem = z.infer<typeof actorSearchItem>;

/** One map marker of the location search: performers who share their place, rounded to a few km. */
export const searchMarker = z.object({ actorId: z.number().int(), lat: z.number(), long: z.number() });

export const actorSearchResult = z.object({
  /** Echoes the request's id: a client applies only the answer to its newest request. */
  requestId: z.number().int(),
  searchType: z.enum(ACTOR_SEARCH_TYPES),
  sortType: z.enum(ACTOR_SEARCH_SORTS),
  moodValue: z.string(),
  conditions: searchConditions,
  page: z.number().int(),
  maxPage: z.number().int(),
  pageSize: z.number().int(),
  totalHits: z.number().int(),
  actors: z.array(actorSearchItem),
  /** Spec: set when no performer is found. */
  noResult: z.boolean(),
  /** The location searched around (location search), else null. */
  location: guestLocation.nullable(),
  markers: z.array(searchMarker),
});
export type ActorSearchResult = z.infer<typeof actorSearchResult>;

const language = z.enum(LANGUAGES).optional();

export const actorSearchEndpoints = {
  /**
   * Spec `actorsearch/init`: once per search type. The filters it offers, the default sort and, for a logged-in
   * guest, the conditions saved by the last custom search.
   */
  init: defineEndpoint({
    method: 'POST',
    path: '/actorsearch/init',
    schemas: () => ({
      query: z.object({ searchType: z.string().max(30).optional(), language }),
      body: z.object({ qmdate: z.string().max(20).optional() }),
      response: z.object({
        searchType: z.enum(ACTOR_SEARCH_TYPES),
        sortType: z.enum(ACTOR_SEARCH_SORTS),
        sortTypes: z.array(z.enum(ACTOR_SEARCH_SORTS)),
        availableFilters: z.array(z.enum(SEARCH_FILTER_KEYS as [SearchFilterKey, ...SearchFilterKey[]])),
        conditions: searchConditions,
        categories: z.array(actorCategory),
        /** The guest's last known location (location search), else null. */
        location: guestLocation.nullable(),
        pageSize: z.number().int(),
      }),
    }),
  }),
  /**
   * Spec `actorsearch/search`: page in the query, the rest in the body. An unknown searchType falls back to
   * default; a missing sortType is the search type's default. A custom search of a logged-in guest saves its
   * conditions.
   */
  search: defineEndpoint({
    method: 'POST',
    path: '/actorsearch/search',
    schemas: () => ({
      query: z.object({ page: dbIntParam(1).default(1), language }),
      body: z.object({
        moodValue: z.string().trim().max(MOOD_MAX_LENGTH).default(''),
        searchType: z.string().max(30).default('default'),
        sortType: z.enum(ACTOR_SEARCH_SORTS).optional(),
        requestId: dbInt(0),
        forcedGuestLocation: guestLocation.pick({ lat: true, long: true }).optional(),
        forcedGuestZip: z.string().length(ZIP_LENGTH).optional(),
        forcedGuestLocationSource: z.enum(LOCATION_SOURCES).optional(),
        /** Search within one performer list (e.g. new-girls) instead of all performers. */
        currentCollection: actorListKind.optional(),
        searchConditions: searchConditions.optional(),
        /** The filter whose change caused this search. */
        changedFilter: z.enum(SEARCH_FILTER_KEYS as [SearchFilterKey, ...SearchFilterKey[]]).optional(),
      }),
      response: actorSearchResult,
    }),
  }),
  /** Spec `actorsearch/filter/delete`: resets one filter (or all without `filter`); saved for a logged-in guest. */
  deleteFilter: defineEndpoint({
    method: 'POST',
    path: '/actorsearch/filter/delete',
    schemas: () => ({
      body: z.object({
        searchConditions,
        filter: z.enum(SEARCH_FILTER_KEYS as [SearchFilterKey, ...SearchFilterKey[]]).optional(),
      }),
      response: z.object({ searchConditions }),
    }),
  }),
  /** Spec `utility/getGeoLocationByZip/{zipCode}`: exactly ZIP_LENGTH characters (else 400). */
  geoLocationByZip: defineEndpoint({
    method: 'GET',
    path: '/utility/getGeoLocationByZip/:zipCode',
    schemas: () => ({ params: z.object({ zipCode: z.string().length(ZIP_LENGTH) }), response: geoLocation }),
  }),
};
