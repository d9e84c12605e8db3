import { and, asc, count, desc, eq, gte, inArray, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import {
  ACTOR_SEARCH_PAGE_SIZE,
  ACTOR_SEARCH_SORTS,
  NEW_ACTOR_CATEGORY_ID,
  SEARCH_FILTER_KEYS,
  SEARCH_CONDITION_DEFAULTS,
  defaultSearchSort,
  normalizeSearchType,
  searchConditions as searchConditionsSchema,
  type ActorCategory,
  type ActorListKind,
  type ActorSearchResult,
  type ActorSearchSort,
  type ActorSearchType,
  type GuestLocation,
  type SearchConditions,
  type SearchFilterKey,
} from '@velvet/contracts';
import type { Database } from '../../db/database';
import { distanceKm, geoLocationByZip, nearestZipPlace, withinRadius, type Point } from './geo';
import { actors, actorSearchStates } from './schema';
import { inCategory, listCategories, listItem, rated, type Viewer } from './service';

/** Words of the mood field taken into the search; more are ignored. */
const MAX_MOOD_WORDS = 8;
/** A browser location is named after the nearest zip place within this distance. */
const PLACE_NAME_RADIUS_KM = 25;
/** Markers are rounded to about a kilometre: performers share their town, never an address. */
const MARKER_DECIMALS = 2;

/** Spec: the search states kept per logged-in guest; custom keeps its filters, location also the place. */
type SavedSearchType = Extract<ActorSearchType, 'custom' | 'location'>;
const isSaved = (type: ActorSearchType): type is SavedSearchType => type === 'custom' || type === 'location';

interface SavedState {
  conditions: SearchConditions;
  location: GuestLocation | null;
}

async function savedState(db: Database, guestId: string | null, type: ActorSearchType): Promise<SavedState | null> {
  if (!guestId || !isSaved(type)) return null;
  const [row] = await db
    .select({ conditions: actorSearchStates.conditions, location: actorSearchStates.location })
    .from(actorSearchStates)
    .where(and(eq(actorSearchStates.guestId, guestId), eq(actorSearchStates.searchType, type)));
  if (!row) return null;
  // Stored by an older version with other filters: what still parses is kept, the rest is default.
  const parsed = searchConditionsSchema.safeParse(row.conditions);
  return { conditions: parsed.success ? parsed.data : SEARCH_CONDITION_DEFAULTS, location: row.location ?? null };
}

async function saveState(
  db: Database,
  guestId: string,
  type: SavedSearchType,
  conditions: SearchConditions,
  now: Date,
  location?: GuestLocation | null,
): Promise<void> {
  const set = { conditions, updatedAt: now, ...(location === undefined ? {} : { location }) };
  await db
    .insert(actorSearchStates)
    .values({ guestId, searchType: type, ...set })
    .onConflictDoUpdate({ target: [actorSearchStates.guestId, actorSearchStates.searchType], set });
}

const sortTypesOf = (type: ActorSearchType): ActorSearchSort[] =>
  type === 'location' ? [...ACTOR_SEARCH_SORTS] : ACTOR_SEARCH_SORTS.filter((sort) => sort !== 'distance');
const filtersOf = (type: ActorSearchType): SearchFilterKey[] =>
  type === 'location' ? SEARCH_FILTER_KEYS : SEARCH_FILTER_KEYS.filter((key) => key !== 'radiusKm');

export interface SearchInit {
  searchType: ActorSearchType;
  sortType: ActorSearchSort;
  sortTypes: ActorSearchSort[];
  availableFilters: SearchFilterKey[];
  conditions: SearchConditions;
  categories: ActorCategory[];
  location: GuestLocation | null;
  pageSize: number;
}

/** Spec actorsearch/init: what a search type offers and, for a logged-in guest, what it saved. */
export async function initSearch(db: Database, viewer: Viewer, rawSearchType: unknown): Promise<SearchInit> {
  const searchType = normalizeSearchType(rawSearchType);
  const [saved, categories] = await Promise.all([
    savedState(db, viewer.guestId, searchType),
    listCategories(db, viewer.language, viewer.now),
  ]);
  return {
    searchType,
    sortType: defaultSearchSort(searchType),
    sortTypes: sortTypesOf(searchType),
    availableFilters: filtersOf(searchType),
    conditions: saved?.conditions ?? SEARCH_CONDITION_DEFAULTS,
    categories,
    location: saved?.location ?? null,
    pageSize: ACTOR_SEARCH_PAGE_SIZE,
  };
}

export interface SearchRequest {
  page: number;
  moodValue: string;
  searchType: string;
  sortType?: ActorSearchSort | undefined;
  requestId: number;
  forcedGuestLocation?: Point | undefined;
  forcedGuestZip?: string | undefined;
  forcedGuestLocationSource?: 'zip' | 'browser' | 'profile' | undefined;
  currentCollection?: ActorListKind | undefined;
  searchConditions?: SearchConditions | undefined;
}

/**
 * Where the location search looks around: the zip or point the request forces (the source says which when both
 * come), else the guest's saved place. An unknown zip is no location (spec: empty location).
 */
async function searchLocation(
  db: Database,
  request: SearchRequest,
  saved: SavedState | null,
): Promise<{ location: GuestLocation | null; forced: boolean }> {
  const { forcedGuestLocation: point, forcedGuestZip: zip, forcedGuestLocationSource: source } = request;
  if (zip && (source === 'zip' || !point)) {
    const place = await geoLocationByZip(db, zip);
    const location =
      place.lat === null || place.long === null ? null : { ...place, lat: place.lat, long: place.long, zip };
    return { location, forced: true };
  }
  if (point) {
    const place = await nearestZipPlace(db, point, PLACE_NAME_RADIUS_KM);
    return { location: { ...point, zip: place?.zip ?? null, city: place?.city ?? null }, forced: true };
  }
  return { location: saved?.location ?? null, forced: false };
}

/** The mood field as a prefix search over every word typed ('blo dan' finds 'blond' and 'dancing'). */
function moodQuery(mood: string): SQL | null {
  const words = (mood.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_MOOD_WORDS);
  if (words.length === 0) return null;
  return sql`to_tsquery('simple', ${words.map((word) => `${word}:*`).join(' & ')})`;
}

/** A performer list the search stays within; a category list is narrowed by the categoryId filter. */
function inCollection(kind: ActorListKind, now: Date): SQL | undefined {
  switch (kind) {
    case 'free-chat':
      return eq(actors.freeChat, true);
    case 'cams':
      return eq(actors.isOnline, true);
    case 'new-girls':
      return inCategory(NEW_ACTOR_CATEGORY_ID, now);
    case 'top-cams':
      return rated;
    case 'cam-shows':
      return eq(actors.isCurrentlyTicketShow, true);
    case 'category':
      return undefined;
  }
}

/** Each filter left at its default does not filter. */
function conditionFilters(conditions: SearchConditions, now: Date): (SQL | undefined)[] {
  const { genders, ageFrom, ageTo, languages, countries, categoryId, onlineOnly, freeChatOnly, maxPrice } = conditions;
  return [
    genders.length > 0 ? inArray(actors.gender, genders) : undefined,
    ageFrom !== null ? gte(actors.age, ageFrom) : undefined,
    ageTo !== null ? lte(actors.age, ageTo) : undefined,
    languages.length > 0
      ? sql`${actors.languages} ?| array[${sql.join(
          languages.map((l) => sql`${l.toLowerCase()}`),
          sql`, `,
        )}]::text[]`
      : undefined,
    countries.length > 0
      ? inArray(
          actors.country,
          countries.map((c) => c.toUpperCase()),
        )
      : undefined,
    categoryId !== null ? inCategory(categoryId, now) : undefined,
    onlineOnly ? eq(actors.isOnline, true) : undefined,
    freeChatOnly ? eq(actors.freeChat, true) : undefined,
    maxPrice !== null ? lte(actors.priceVideoChat, maxPrice) : undefined,
  ];
}

/** Radii tried around the place, nearest first, before computing the distance of every performer. */
const DISTANCE_STEPS_KM = [25, 100, 400, 1600];

/**
 * The smallest radius holding the `needed` nearest matches (those come first in the distance order, so the page
 * lies within it), or null when only all of them will do.
 */
async function nearestRadius(
  db: Database,
  where: SQL | undefined,
  location: Point,
  needed: number,
  radiusKm: number | null,
): Promise<number | null> {
  if (needed <= 0) return null;
  for (const km of DISTANCE_STEPS_KM) {
    if (radiusKm !== null && km >= radiusKm) return null;
    const [near] = await db
      .select({ n: count() })
      .from(actors)
      .where(and(where, withinRadius(location, km, actors.lat, actors.long)));
    if ((near?.n ?? 0) >= needed) return km;
  }
  return null;
}

/**
 * Spec actorsearch/search. Answers the page asked (a sort change going back to page 1 is the client's rule),
 * straight from the database, so performers going on or off line show at once. An unknown search type is the
 * default search; a custom search of a logged-in guest saves its filters, a location search its place.
 */
export async function searchPerformers(
  db: Database,
  viewer: Viewer,
  request: SearchRequest,
): Promise<ActorSearchResult> {
  const searchType = normalizeSearchType(request.searchType);
  const saved = await savedState(db, viewer.guestId, searchType);
  const conditions = request.searchConditions ?? saved?.conditions ?? SEARCH_CONDITION_DEFAULTS;

  const { location, forced } =
    searchType === 'location' ? await searchLocation(db, request, saved) : { location: null, forced: false };
  if (viewer.guestId && isSaved(searchType) && (request.searchConditions || forced)) {
    await saveState(db, viewer.guestId, searchType, conditions, viewer.now, forced ? location : undefined);
  }

  const mood = moodQuery(request.moodValue);
  const distance = location ? distanceKm(location, actors.lat, actors.long) : null;
  const where = and(
    mood ? sql`${actors.searchVector} @@ ${mood}` : undefined,
    searchType === 'newGirls' ? inCategory(NEW_ACTOR_CATEGORY_ID, viewer.now) : undefined,
    request.currentCollection ? inCollection(request.currentCollection, viewer.now) : undefined,
    ...conditionFilters(conditions, viewer.now),
    // Around a place only performers who tell where they are; within the radius when one is set.
    location ? and(isNotNull(actors.lat), isNotNull(actors.long)) : undefined,
    location && conditions.radiusKm !== null
      ? withinRadius(location, conditions.radiusKm, actors.lat, actors.long)
      : undefined,
  );

  // Distance needs a place; without one the location search is ranked like the others.
  const asked = request.sortType ?? defaultSearchSort(searchType);
  const sortType: ActorSearchSort = asked === 'distance' && !distance ? 'rank' : asked;
  const relevance = mood ? [desc(sql`ts_rank(${actors.searchVector}, ${mood})`)] : [];
  const orderBy = {
    rank: [desc(actors.isOnline), ...relevance, desc(actors.isTopAmateur), desc(actors.favoriteCount)],
    distance: distance ? [asc(distance)] : [],
    newest: [desc(actors.registeredSince)],
    priceAsc: [asc(actors.priceVideoChat), desc(actors.isOnline)],
    priceDesc: [desc(actors.priceVideoChat), desc(actors.isOnline)],
  }[sortType];

  const pageSize = ACTOR_SEARCH_PAGE_SIZE;
  const offset = (request.page - 1) * pageSize;
  const [total] = await db.select({ total: count() }).from(actors).where(where);
  const totalHits = total?.total ?? 0;
  // Distances only of the performers near the place when the page lies within some radius of it.
  const nearKm =
    sortType === 'distance' && location
      ? await nearestRadius(db, where, location, Math.min(totalHits, offset + pageSize), conditions.radiusKm)
      : null;
  // The order is found on narrow rows; only the page's performers are read whole.
  const ranked = await db
    .select({ id: actors.id, distance: distance ?? sql<null>`null` })
    .from(actors)
    .where(nearKm && location ? and(where, withinRadius(location, nearKm, actors.lat, actors.long)) : where)
    .orderBy(...orderBy, asc(actors.id))
    .limit(pageSize)
    .offset(offset);
  const found =
    ranked.length > 0
      ? await db
          .select()
          .from(actors)
          .where(
            inArray(
              actors.id,
              ranked.map((r) => r.id),
            ),
          )
      : [];
  const byId = new Map(found.map((actor) => [actor.id, actor]));
  const rows = ranked.flatMap(({ id, distance: km }) => {
    const actor = byId.get(id);
    return actor ? [{ actor, distance: km }] : [];
  });
  return {
    requestId: request.requestId,
    searchType,
    sortType,
    moodValue: request.moodValue,
    conditions,
    page: request.page,
    maxPage: Math.max(1, Math.ceil(totalHits / pageSize)),
    pageSize,
    totalHits,
    actors: rows.map(({ actor, distance: km }) => ({
      ...listItem(actor, viewer),
      distanceKm: km === null ? null : Math.round(km),
    })),
    noResult: totalHits === 0,
    location,
    markers: location
      ? rows.flatMap(({ actor }) =>
          actor.lat === null || actor.long === null
            ? []
            : [{ actorId: actor.id, lat: roundTo(actor.lat), long: roundTo(actor.long) }],
        )
      : [],
  };
}

const roundTo = (value: number) => Number(value.toFixed(MARKER_DECIMALS));

/**
 * Spec actorsearch/filter/delete: one filter (or all) back to its default. A logged-in guest's custom search
 * keeps the result.
 */
export async function deleteFilter(
  db: Database,
  guestId: string | null,
  conditions: SearchConditions,
  filter: SearchFilterKey | undefined,
  now: Date,
): Promise<{ searchConditions: SearchConditions }> {
  const defaults = SEARCH_CONDITION_DEFAULTS;
  const next: SearchConditions = filter ? { ...conditions, [filter]: defaults[filter] } : defaults;
  if (guestId) await saveState(db, guestId, 'custom', next, now);
  return { searchConditions: next };
}
