import { actorSearchEndpoints, SEARCH_CONDITION_DEFAULTS } from '@velvet/contracts';
import { actorItem } from '../test/fixtures';
import {
  activeFilters,
  initialSearchState,
  searchReducer,
  searchRequest,
  zipComplete,
  type SearchAction,
  type SearchInit,
  type SearchState,
} from './searchState';
import { searchInit, searchResult } from '../test/searchFixtures';

const run = (state: SearchState, ...actions: SearchAction[]) => actions.reduce(searchReducer, state);
const ready = (init: SearchInit = searchInit()) =>
  run(initialSearchState(init.searchType), { type: 'initialized', init });

describe('search state: the spec rules', () => {
  it('falls back to the default search type for anything but default, location, custom and new girls', () => {
    expect(initialSearchState('vip').searchType).toBe('default');
    expect(run(initialSearchState('location'), { type: 'searchType', searchType: 'nonsense' }).searchType).toBe(
      'default',
    );
    for (const type of ['default', 'location', 'custom', 'newGirls'] as const) {
      expect(initialSearchState(type).searchType).toBe(type);
    }
  });

  it('searches only once the search type is initialised, from the init sort and conditions', () => {
    const state = initialSearchState('custom');
    expect(searchRequest(state)).toBeNull();
    const conditions = { ...SEARCH_CONDITION_DEFAULTS, onlineOnly: true };
    const initialized = run(state, {
      type: 'initialized',
      init: searchInit({ searchType: 'custom', sortType: 'newest', conditions }),
    });
    expect(searchRequest(initialized, 'cams')).toEqual({
      query: { page: 1 },
      body: {
        moodValue: '',
        searchType: 'custom',
        sortType: 'newest',
        requestId: 0,
        searchConditions: conditions,
        currentCollection: 'cams',
      },
    });
    // The init of another search type (a late answer) is not applied.
    expect(run(state, { type: 'initialized', init: searchInit({ searchType: 'location' }) }).initialized).toBe(false);
  });

  it('a new search type starts over from its own init, keeping what the visitor typed', () => {
    const state = run(ready(), { type: 'mood', value: 'blonde' }, { type: 'moodSettled' }, { type: 'page', page: 3 });
    const location = run(state, { type: 'searchType', searchType: 'location' });
    expect(location).toMatchObject({ searchType: 'location', initialized: false, page: 1, moodValue: 'blonde' });
    expect(location.sortType).toBe('distance');
    expect(run(state, { type: 'searchType', searchType: 'default' })).toBe(state);
  });

  it('reruns on every change of category, filter, sort, page or mood, and not for the same value', () => {
    const state = ready();
    const key = (s: SearchState) => JSON.stringify(searchRequest(s));
    const changes: SearchAction[] = [
      { type: 'filter', key: 'categoryId', conditions: { ...state.conditions, categoryId: 13 } },
      { type: 'filter', key: 'genders', conditions: { ...state.conditions, genders: ['F'] } },
      { type: 'sort', sortType: 'newest' },
      { type: 'page', page: 2 },
      { type: 'moodSettled' },
    ];
    const typed = run(state, { type: 'mood', value: 'playful' });
    // Typing alone does not search: the mood applies once it settles (debounced by the hook).
    expect(key(typed)).toBe(key(state));
    for (const change of changes) expect(key(run(typed, change))).not.toBe(key(typed));
    expect(run(state, { type: 'sort', sortType: state.sortType })).toBe(state);
    expect(run(state, { type: 'moodSettled' })).toBe(state);
  });

  it('a sort change resets to page 1, so do filter and mood changes', () => {
    const onPage3 = run(ready(), { type: 'page', page: 3 });
    expect(run(onPage3, { type: 'sort', sortType: 'priceAsc' }).page).toBe(1);
    expect(
      run(onPage3, { type: 'filter', key: 'onlineOnly', conditions: { ...onPage3.conditions, onlineOnly: true } }).page,
    ).toBe(1);
    expect(run(onPage3, { type: 'mood', value: ' shy ' }, { type: 'moodSettled' })).toMatchObject({
      page: 1,
      moodValue: 'shy',
    });
  });

  it('sends the filter that changed, and forgets it on the next sort or page', () => {
    const state = run(ready(), {
      type: 'filter',
      key: 'maxPrice',
      conditions: { ...SEARCH_CONDITION_DEFAULTS, maxPrice: 300 },
    });
    expect(searchRequest(state)?.body.changedFilter).toBe('maxPrice');
    expect(searchRequest(run(state, { type: 'page', page: 2 }))?.body.changedFilter).toBeUndefined();
  });

  it('applies only the newest request’s answer, whatever order the answers arrive in', () => {
    const first = searchResult({ requestId: 1, actors: [{ ...actorItem(1), distanceKm: null }] });
    const second = searchResult({ requestId: 2, actors: [{ ...actorItem(2), distanceKm: null }] });
    const state = run(ready(), { type: 'requested', requestId: 1 }, { type: 'requested', requestId: 2 });
    const afterSecond = run(state, { type: 'answered', requestId: 2, result: second });
    expect(afterSecond.result).toBe(second);
    expect(afterSecond.searching).toBe(false);
    // The older answer arriving late changes nothing.
    expect(run(afterSecond, { type: 'answered', requestId: 1, result: first })).toBe(afterSecond);
    expect(run(state, { type: 'answered', requestId: 1, result: first }).result).toBeNull();
    expect(run(state, { type: 'failed', requestId: 1 }).failed).toBe(false);
  });

  it('a missing payload sets the result to null', () => {
    const withResult = run(
      ready(),
      { type: 'requested', requestId: 1 },
      { type: 'answered', requestId: 1, result: searchResult({ requestId: 1 }) },
      { type: 'requested', requestId: 2 },
    );
    expect(withResult.result).not.toBeNull();
    expect(run(withResult, { type: 'answered', requestId: 2, result: undefined }).result).toBeNull();
    expect(run(withResult, { type: 'failed', requestId: 2 })).toMatchObject({ result: null, failed: true });
  });

  it('looks a zip up only with exactly 5 characters, and searches around the place found', () => {
    expect(['', '1234', '123456'].map(zipComplete)).toEqual([false, false, false]);
    expect(zipComplete('10115')).toBe(true);
    const location = run(ready(searchInit({ searchType: 'location', sortType: 'distance' })), {
      type: 'zip',
      zip: '1011599',
    });
    expect(location.zip).toEqual({ status: 'typing', zip: '10115' });
    // Without a location the search runs on the guest's known location.
    expect(searchRequest(location)?.body.forcedGuestZip).toBeUndefined();
    const found = run(location, {
      type: 'zipLocated',
      zip: '10115',
      location: { lat: 52.53, long: 13.38, zip: '10115', city: 'Berlin' },
    });
    expect(searchRequest(found)?.body).toMatchObject({
      forcedGuestZip: '10115',
      forcedGuestLocation: { lat: 52.53, long: 13.38 },
      forcedGuestLocationSource: 'zip',
      sortType: 'distance',
    });
    // An unknown zip is an empty location; a lookup for a zip typed over since is dropped.
    expect(run(location, { type: 'zipLocated', zip: '10115', location: null }).zip).toEqual({
      status: 'unknown',
      zip: '10115',
    });
    expect(run(location, { type: 'zipLocated', zip: '99999', location: null })).toBe(location);
  });

  it('names the filters set apart from their defaults', () => {
    expect(activeFilters(SEARCH_CONDITION_DEFAULTS)).toEqual([]);
    expect(
      activeFilters({ ...SEARCH_CONDITION_DEFAULTS, genders: ['F', 'FM'], ageFrom: 25, freeChatOnly: true }),
    ).toEqual(['genders', 'ageFrom', 'freeChatOnly']);
  });

  it('follows online pushes in the shown result', () => {
    const result = searchResult({ requestId: 1, actors: [{ ...actorItem(1), distanceKm: 3 }] });
    const state = run(ready(), { type: 'requested', requestId: 1 }, { type: 'answered', requestId: 1, result });
    const offline = run(state, { type: 'online', actorId: 1, isOnline: false });
    expect(offline.result?.actors[0]).toMatchObject({ isOnline: false, chatButton: { isActorOnline: false } });
    expect(run(offline, { type: 'online', actorId: 99, isOnline: true })).toBe(offline);
  });
});

describe('search fixtures', () => {
  it('are valid answers of the contract', () => {
    expect(() => actorSearchEndpoints.init.response.parse(searchInit())).not.toThrow();
    expect(() => actorSearchEndpoints.search.response.parse(searchResult({ requestId: 1 }))).not.toThrow();
  });
});
