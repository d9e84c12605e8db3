import {
  ZIP_LENGTH,
  actorSearchEndpoints,
  SEARCH_CONDITION_DEFAULTS,
  defaultSearchSort,
  normalizeSearchType,
  type ActorListKind,
  type ActorSearchResult,
  type ActorSearchSort,
  type ActorSearchType,
  type EndpointInput,
  type EndpointResponse,
  type GuestLocation,
  type SearchConditions,
  type SearchFilterKey,
} from '@velvet/contracts';
import { withOnlineState } from '../online';

export type SearchInit = EndpointResponse<typeof actorSearchEndpoints.init>;
export type SearchInput = EndpointInput<typeof actorSearchEndpoints.search>;

/** The zip the location search looks around: typed, looked up, or unknown (an empty location). */
export type ZipState =
  | { status: 'typing'; zip: string }
  | { status: 'found'; zip: string; location: GuestLocation }
  | { status: 'unknown'; zip: string };

/** The state of one search type (each type keeps its own), as the client keeps it. */
export interface SearchState {
  searchType: ActorSearchType;
  /** The init of the current search type has been applied (spec: init once per search type). */
  initialized: boolean;
  sortType: ActorSearchSort;
  sortTypes: ActorSearchSort[];
  availableFilters: SearchFilterKey[];
  conditions: SearchConditions;
  /** The filter whose change caused the next search. */
  changedFilter: SearchFilterKey | null;
  page: number;
  /** What the visitor types; becomes `moodValue` once it stood still MOOD_DEBOUNCE_MS. */
  moodInput: string;
  moodValue: string;
  zip: ZipState;
  /** The id of the newest request sent; only its answer is applied. */
  requestId: number;
  /** The newest applied answer; null before the first one and for a missing payload. */
  result: ActorSearchResult | null;
  searching: boolean;
  failed: boolean;
  /** Raised by "try again" after a failed search, so the same search is sent once more. */
  retries: number;
}

export type SearchAction =
  | { type: 'searchType'; searchType: unknown }
  | { type: 'initialized'; init: SearchInit }
  | { type: 'mood'; value: string }
  | { type: 'moodSettled' }
  | { type: 'sort'; sortType: ActorSearchSort }
  | { type: 'page'; page: number }
  | { type: 'filter'; key: SearchFilterKey; conditions: SearchConditions }
  | { type: 'filtersDeleted'; key: SearchFilterKey | null; conditions: SearchConditions }
  | { type: 'zip'; zip: string }
  | { type: 'zipLocated'; zip: string; location: GuestLocation | null }
  | { type: 'requested'; requestId: number }
  | { type: 'answered'; requestId: number; result: ActorSearchResult | null | undefined }
  | { type: 'failed'; requestId: number }
  | { type: 'retry' }
  | { type: 'online'; actorId: number; isOnline: boolean };

export function initialSearchState(searchType: unknown = 'default'): SearchState {
  const type = normalizeSearchType(searchType);
  return {
    searchType: type,
    initialized: false,
    sortType: defaultSearchSort(type),
    sortTypes: [],
    availableFilters: [],
    conditions: SEARCH_CONDITION_DEFAULTS,
    changedFilter: null,
    page: 1,
    moodInput: '',
    moodValue: '',
    zip: { status: 'typing', zip: '' },
    requestId: 0,
    result: null,
    searching: false,
    failed: false,
    retries: 0,
  };
}

/** Spec: the zip lookup runs only with exactly ZIP_LENGTH characters. */
export const zipComplete = (zip: string) => zip.length === ZIP_LENGTH;

/** The search rules of the spec as one reducer: every change that reruns the search is a new state here. */
export function searchReducer(state: SearchState, action: SearchAction): SearchState {
  switch (action.type) {
    case 'searchType': {
      const searchType = normalizeSearchType(action.searchType);
      if (searchType === state.searchType) return state;
      // A new search type starts from its own init; the mood and zip the visitor typed stay.
      return {
        ...initialSearchState(searchType),
        moodInput: state.moodInput,
        moodValue: state.moodValue,
        zip: state.zip,
        requestId: state.requestId,
        retries: state.retries,
      };
    }
    case 'initialized':
      if (action.init.searchType !== state.searchType || state.initialized) return state;
      return {
        ...state,
        initialized: true,
        sortType: action.init.sortType,
        sortTypes: action.init.sortTypes,
        availableFilters: action.init.availableFilters,
        conditions: action.init.conditions,
        page: 1,
      };
    case 'mood':
      return { ...state, moodInput: action.value };
    case 'moodSettled': {
      const moodValue = state.moodInput.trim();
      return moodValue === state.moodValue ? state : { ...state, moodValue, page: 1, changedFilter: null };
    }
    case 'sort':
      // Spec: a sort change resets to page 1.
      if (action.sortType === state.sortType) return state;
      return { ...state, sortType: action.sortType, page: 1, changedFilter: null };
    case 'page':
      return { ...state, page: Math.max(1, action.page), changedFilter: null };
    case 'filter':
    case 'filtersDeleted':
      return {
        ...state,
        conditions: action.conditions,
        changedFilter: action.key,
        page: 1,
      };
    case 'zip': {
      const zip = action.zip.slice(0, ZIP_LENGTH);
      return zip === state.zip.zip ? state : { ...state, zip: { status: 'typing', zip } };
    }
    case 'zipLocated':
      // A lookup for a zip the visitor has typed over since is stale.
      if (action.zip !== state.zip.zip) return state;
      return {
        ...state,
        page: 1,
        zip: action.location
          ? { status: 'found', zip: action.zip, location: action.location }
          : { status: 'unknown', zip: action.zip },
      };
    case 'requested':
      return { ...state, requestId: action.requestId, searching: true, failed: false };
    case 'answered':
      // Spec: only the newest request's result is applied; a missing payload sets the result to null.
      if (action.requestId !== state.requestId) return state;
      return { ...state, result: action.result ?? null, searching: false, failed: false };
    case 'failed':
      if (action.requestId !== state.requestId) return state;
      return { ...state, result: null, searching: false, failed: true };
    case 'retry':
      return state.failed ? { ...state, retries: state.retries + 1 } : state;
    case 'online': {
      if (!state.result) return state;
      const actors = withOnlineState(state.result.actors, action.actorId, action.isOnline);
      return actors === state.result.actors ? state : { ...state, result: { ...state.result, actors } };
    }
  }
}

/**
 * The search the state asks for (without its request id), or null while the search type is not initialised.
 * Equal requests mean nothing to search again; every change of category, filter, sort, page or mood differs.
 */
export function searchRequest(state: SearchState, collection?: ActorListKind): SearchInput | null {
  if (!state.initialized) return null;
  const body: SearchInput['body'] = {
    moodValue: state.moodValue,
    searchType: state.searchType,
    sortType: state.sortType,
    requestId: 0,
    searchConditions: state.conditions,
    ...(state.changedFilter ? { changedFilter: state.changedFilter } : {}),
    ...(collection ? { currentCollection: collection } : {}),
  };
  if (state.searchType === 'location' && state.zip.status === 'found') {
    const { lat, long, zip } = state.zip.location;
    body.forcedGuestLocation = { lat, long };
    if (zip) body.forcedGuestZip = zip;
    body.forcedGuestLocationSource = 'zip';
  }
  return { query: { page: state.page }, body };
}

/** Filters that differ from their default, in the order of the conditions: each one can be deleted. */
export function activeFilters(conditions: SearchConditions): SearchFilterKey[] {
  const defaults = SEARCH_CONDITION_DEFAULTS;
  return (Object.keys(defaults) as SearchFilterKey[]).filter(
    (key) => JSON.stringify(conditions[key]) !== JSON.stringify(defaults[key]),
  );
}
