import {
  ACTOR_SEARCH_SORTS,
  SEARCH_FILTER_KEYS,
  actorSearchEndpoints,
  SEARCH_CONDITION_DEFAULTS,
  defaultSearchSort,
  type ActorSearchResult,
  type ActorSearchType,
} from '@velvet/contracts';
import type { SearchInit } from '../search/searchState';

/** Answers of the actor search, parsed with the contract's schemas. */
export function searchInit(overrides: Partial<SearchInit> = {}): SearchInit {
  const searchType: ActorSearchType = overrides.searchType ?? 'default';
  return actorSearchEndpoints.init.response.parse({
    searchType,
    sortType: defaultSearchSort(searchType),
    sortTypes: ACTOR_SEARCH_SORTS.filter((sort) => sort !== 'distance' || searchType === 'location'),
    availableFilters: SEARCH_FILTER_KEYS.filter((key) => key !== 'radiusKm' || searchType === 'location'),
    conditions: SEARCH_CONDITION_DEFAULTS,
    categories: [
      {
        id: 13,
        slug: 'couples',
        name: 'Couples',
        actorCount: 4,
        onlineCount: 1,
        preview: { id: 13, url: '/media/categories/couples.webp', width: 320, height: 320 },
      },
    ],
    location: null,
    pageSize: 30,
    ...overrides,
  });
}

export function searchResult(overrides: Partial<ActorSearchResult> & { requestId: number }): ActorSearchResult {
  const actors = overrides.actors ?? [];
  return actorSearchEndpoints.search.response.parse({
    searchType: 'default',
    sortType: 'rank',
    moodValue: '',
    conditions: SEARCH_CONDITION_DEFAULTS,
    page: 1,
    maxPage: 1,
    pageSize: 30,
    totalHits: actors.length,
    actors,
    noResult: actors.length === 0,
    location: null,
    markers: [],
    ...overrides,
  });
}
