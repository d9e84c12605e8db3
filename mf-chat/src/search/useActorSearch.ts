import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MOOD_DEBOUNCE_MS,
  actorSearchEndpoints,
  type ActorListKind,
  type ActorSearchSort,
  type SearchConditions,
  type SearchFilterKey,
} from '@velvet/contracts';
import { useLanguage, useLoaded, usePlatform, useGuestKey } from '@velvet/federation';
import { useActorOnlineChanges } from '../hooks';
import { initialSearchState, searchReducer, searchRequest, zipComplete, type SearchInit } from './searchState';

/**
 * The actor search of a page: init once per search type (cached per type, language and guest), then one search
 * per change of category, filter, sort, page, mood (debounced) or located zip, each with a rising request id;
 * only the newest answer is applied. Online pushes update the shown result.
 */
export function useActorSearch(collection?: ActorListKind) {
  const { api, ui } = usePlatform();
  const { t } = useTranslation();
  const language = useLanguage();
  const guestKey = useGuestKey();
  const [state, dispatch] = useReducer(searchReducer, undefined, () => initialSearchState());

  const init = useLoaded<SearchInit>(`actorSearchInit/${state.searchType}/${language}/${guestKey}`, () =>
    api.rest(actorSearchEndpoints.init, { query: { searchType: state.searchType }, body: {} }),
  );
  useEffect(() => {
    if (init.status === 'done') dispatch({ type: 'initialized', init: init.data });
  }, [init.status, init.data]);

  useEffect(() => {
    if (state.moodInput.trim() === state.moodValue) return;
    const timer = setTimeout(() => dispatch({ type: 'moodSettled' }), MOOD_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [state.moodInput, state.moodValue]);

  const zip = state.zip;
  useEffect(() => {
    if (zip.status !== 'typing' || !zipComplete(zip.zip)) return;
    // Spec: an unknown zip or a failed lookup gives an empty location.
    api.rest(actorSearchEndpoints.geoLocationByZip, { params: { zipCode: zip.zip } }).then(
      (geo) =>
        dispatch({
          type: 'zipLocated',
          zip: zip.zip,
          location:
            geo.lat === null || geo.long === null
              ? null
              : { lat: geo.lat, long: geo.long, zip: zip.zip, city: geo.city },
        }),
      () => dispatch({ type: 'zipLocated', zip: zip.zip, location: null }),
    );
  }, [api, zip]);

  const lastRequestId = useRef(0);
  const request = searchRequest(state, collection);
  const requestKey = request ? JSON.stringify(request) : null;
  const retries = state.retries;
  useEffect(() => {
    if (!requestKey) return;
    const input = JSON.parse(requestKey) as NonNullable<typeof request>;
    lastRequestId.current += 1;
    const requestId = lastRequestId.current;
    dispatch({ type: 'requested', requestId });
    api.rest(actorSearchEndpoints.search, { ...input, body: { ...input.body, requestId } }).then(
      (result) => dispatch({ type: 'answered', requestId, result }),
      () => dispatch({ type: 'failed', requestId }),
    );
    // A retry sends the same search again.
  }, [api, requestKey, retries]);

  useActorOnlineChanges((actorId, isOnline) => dispatch({ type: 'online', actorId, isOnline }));

  const deleteFilters = useCallback(
    (conditions: SearchConditions, key: SearchFilterKey | null) =>
      api
        .rest(actorSearchEndpoints.deleteFilter, {
          body: { searchConditions: conditions, ...(key ? { filter: key } : {}) },
        })
        .then(
          (answer) => dispatch({ type: 'filtersDeleted', key, conditions: answer.searchConditions }),
          () => ui.toast(t('search.deleteFailed'), 'error'),
        ),
    [api, ui, t],
  );

  return {
    state,
    init,
    setSearchType: (searchType: string) => dispatch({ type: 'searchType', searchType }),
    setMood: (value: string) => dispatch({ type: 'mood', value }),
    setSort: (sortType: ActorSearchSort) => dispatch({ type: 'sort', sortType }),
    setPage: (page: number) => dispatch({ type: 'page', page }),
    setFilter: <K extends SearchFilterKey>(key: K, value: SearchConditions[K]) =>
      dispatch({ type: 'filter', key, conditions: { ...state.conditions, [key]: value } }),
    deleteFilter: (key: SearchFilterKey) => deleteFilters(state.conditions, key),
    deleteAllFilters: () => deleteFilters(state.conditions, null),
    setZip: (zip: string) => dispatch({ type: 'zip', zip }),
    retry: () => dispatch({ type: 'retry' }),
  };
}

export type ActorSearch = ReturnType<typeof useActorSearch>;
