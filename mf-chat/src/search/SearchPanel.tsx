import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ACTOR_SEARCH_TYPES, MOOD_MAX_LENGTH, ZIP_LENGTH, type ActorListKind } from '@velvet/contracts';
import { LoadState } from '@velvet/federation';
import { EmptyState, ErrorState } from '@velvet/ui';
import { ActorGrid } from '../components/ActorGrid';
import { ActiveFilters, SearchFilters } from './SearchFilters';
import { useActorSearch, type ActorSearch } from './useActorSearch';

function ZipField({ search }: { search: ActorSearch }) {
  const { t } = useTranslation();
  const id = useId();
  const zip = search.state.zip;
  return (
    <div className="mf-chat-field mf-chat-search__zip">
      <label htmlFor={id}>{t('search.zip')}</label>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={ZIP_LENGTH}
        value={zip.zip}
        onChange={(event) => search.setZip(event.target.value.trim())}
      />
      <p role="status" className="mf-chat-search__zip-status">
        {zip.status === 'found'
          ? t('search.zipFound', { zip: zip.zip, city: zip.location.city ?? '' })
          : zip.status === 'unknown'
            ? t('search.zipUnknown', { zip: zip.zip })
            : t('search.zipHint', { count: ZIP_LENGTH })}
      </p>
    </div>
  );
}

function SearchResults({ search, onPage }: { search: ActorSearch; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  const { result, searching, failed } = search.state;
  if (failed) return <ErrorState title={t('search.failed')} retryLabel={t('search.retry')} onRetry={search.retry} />;
  if (!result) return null;
  if (result.noResult) return <EmptyState title={t('search.noResult')} text={t('search.noResultText')} />;
  return (
    <>
      <p role="status">{t('search.hits', { count: result.totalHits })}</p>
      <ActorGrid
        label={t('search.results')}
        actors={result.actors}
        busy={searching}
        paging={{ page: result.page, pageCount: result.maxPage, onChange: onPage }}
      />
    </>
  );
}

/**
 * The actor search like a big cam site has it: search types as tabs, the mood field, the sort, the filters with
 * their chips, the zip for the location search, and the paged results with live online state.
 */
export function SearchPanel({ collection }: { collection?: ActorListKind }) {
  const { t } = useTranslation();
  const search = useActorSearch(collection);
  const { state } = search;
  const moodId = useId();
  const sortId = useId();
  const results = useRef<HTMLDivElement>(null);
  const changePage = (page: number) => {
    search.setPage(page);
    results.current?.scrollIntoView?.({ block: 'start' });
  };
  return (
    <div className="mf-chat-search" data-search-type={state.searchType}>
      <div className="mf-chat-search__types" role="group" aria-label={t('search.typesLabel')}>
        {ACTOR_SEARCH_TYPES.map((type) => (
          <button
            key={type}
            type="button"
            className="vv-button vv-button--secondary vv-button--small"
            aria-pressed={state.searchType === type}
            onClick={() => search.setSearchType(type)}
          >
            {t(`search.types.${type}`)}
          </button>
        ))}
      </div>
      <div className="mf-chat-search__bar">
        <div className="mf-chat-field mf-chat-search__mood">
          <label htmlFor={moodId}>{t('search.mood')}</label>
          <input
            id={moodId}
            type="search"
            maxLength={MOOD_MAX_LENGTH}
            placeholder={t('search.moodPlaceholder')}
            value={state.moodInput}
            onChange={(event) => search.setMood(event.target.value)}
          />
        </div>
        {state.sortTypes.length > 1 ? (
          <div className="mf-chat-field">
            <label htmlFor={sortId}>{t('search.sort')}</label>
            <select
              id={sortId}
              value={state.sortType}
              onChange={(event) => search.setSort(event.target.value as typeof state.sortType)}
            >
              {state.sortTypes.map((sort) => (
                <option key={sort} value={sort}>
                  {t(`search.sorts.${sort}`)}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {state.searchType === 'location' ? <ZipField search={search} /> : null}
      </div>
      <LoadState loaded={search.init}>
        {(init) => (
          <div className="mf-chat-search__layout">
            <SearchFilters search={search} categories={init.categories} />
            <div ref={results} className="mf-chat-search__results">
              <ActiveFilters search={search} categories={init.categories} />
              <SearchResults search={search} onPage={changePage} />
            </div>
          </div>
        )}
      </LoadState>
    </div>
  );
}
