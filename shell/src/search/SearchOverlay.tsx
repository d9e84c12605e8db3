import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  SEARCH_MIN_LENGTH,
  featureFeedbackIdsQuery,
  searchEndpoints,
  storeSearchPatternMutation,
  type RouteArgsOf,
  type RouteName,
  type SearchItem,
  type SearchResult,
  type SearchType,
} from '@velvet/contracts';
import { useConsent, useShell, useSubject } from '../layout/ShellContext';
import { readRecentSearches, rememberSearch } from './recentSearches';
import type { ExpiringCache } from './searchCache';
import { featureUsed } from '../survey/featureFeedback';

/** Typing pauses this long before the proposals are asked for, so a word typed fast is one request. */
const TYPING_PAUSE_MS = 150;

type Option =
  | { kind: 'recent'; pattern: string }
  | { kind: 'item'; item: SearchItem }
  | { kind: 'all'; type: SearchType; total: number };

export interface SearchOverlayProps {
  /** The answers of the last 5 minutes, kept by the navbar's button across openings. */
  cache: ExpiringCache<SearchResult>;
  /** Closes the overlay (Escape, a click beside it, or a proposal chosen). */
  onClose: () => void;
}

/**
 * The global search's overlay, opened from the navbar: its field proposes performers, videos, albums, TV and blog
 * posts as the guest types (each kind with a link to all its results) and, before she types, her recent searches.
 * Arrows move through the proposals, Enter opens one (or the results of the first kind that has any), Escape
 * closes. Only the answer to the latest pattern is shown, and a chosen search of 3 characters or more joins the
 * recent ones.
 */
export default function SearchOverlay({ cache, onClose }: SearchOverlayProps) {
  const { t } = useTranslation('shell');
  const { platform, router, ui } = useShell();
  const { language } = useSubject(router.route$);
  const functionalAllowed = useConsent('functional');
  const [pattern, setPattern] = useState('');
  const [result, setResult] = useState<SearchResult | null>(null);
  // The recent searches are read when the overlay opens: the browser's storage, after hydration.
  const [recent, setRecent] = useState(() => readRecentSearches(window.localStorage, functionalAllowed));
  const [active, setActive] = useState(-1);
  const latest = useRef('');
  const field = useRef<HTMLInputElement>(null);
  const listId = useId();

  useEffect(() => field.current?.focus(), []);

  const query = pattern.trim();
  useEffect(() => {
    latest.current = query;
    if (query.length < SEARCH_MIN_LENGTH) return;
    const key = `${language}|${query}`;
    const cached = cache.get(key);
    if (cached) {
      void Promise.resolve(cached).then((answer) => answer.searchPattern === latest.current && setResult(answer));
      return;
    }
    const timer = setTimeout(() => {
      platform.api
        .rest(searchEndpoints.search, {
          params: { language, searchPattern: query },
          query: { sort: 'relevance', order: 'desc', from: 0, withTotalCount: '1' },
        })
        .then((answer) => {
          cache.set(key, answer);
          // Answers may arrive out of order: only the one for the pattern in the field now is shown.
          if (answer.searchPattern === latest.current) setResult(answer);
        })
        .catch(() => {
          if (latest.current === query) setResult({ searchPattern: query, sections: [] });
        });
    }, TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [query, language, platform, cache]);

  const sections = (result?.searchPattern === query ? result.sections : []).filter(
    (section) => (section.total ?? section.items.length) > 0 && platform.router.has('searchResults'),
  );
  const options: Option[] =
    query.length < SEARCH_MIN_LENGTH
      ? recent.map((entry) => ({ kind: 'recent', pattern: entry }))
      : sections.flatMap((section) => [
          ...section.items
            .filter((item) => platform.router.has(item.route.name))
            .map((item): Option => ({ kind: 'item', item })),
          { kind: 'all', type: section.type, total: section.total ?? section.items.length },
        ]);

  const searched = () => {
    setRecent(rememberSearch(window.localStorage, query, functionalAllowed));
    // Counting what visitors look for is best effort: a failed count changes nothing for the guest.
    platform.api.query(storeSearchPatternMutation, { pattern: query, language }).catch(() => undefined);
    void featureUsed({
      featureId: 'globalSearch',
      loggedIn: platform.session.current().guest.flags.loggedIn,
      storage: window.sessionStorage,
      rated: () => platform.api.query(featureFeedbackIdsQuery, {}).then((answer) => answer.featureFeedbackIds),
      open: ui.surveys.open,
    }).catch(() => undefined);
  };
  const go = <N extends RouteName>(name: N, args: RouteArgsOf<N>) => {
    onClose();
    platform.router.navigate(name, args);
  };
  const choose = (option: Option) => {
    if (option.kind === 'recent') {
      setPattern(option.pattern);
      setActive(-1);
      field.current?.focus();
      return;
    }
    searched();
    if (option.kind === 'item') go(option.item.route.name, option.item.route.args as RouteArgsOf<RouteName>);
    else go('searchResults', { searchType: option.type, searchPattern: query });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // -1 is the field itself: past the last proposal the field, above the field the last proposal.
      setActive((current) => {
        const next = current + step;
        return next >= options.length ? -1 : next < -1 ? options.length - 1 : next;
      });
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const option = options[active];
      if (option) choose(option);
      else if (query.length >= SEARCH_MIN_LENGTH && platform.router.has('searchResults')) {
        searched();
        go('searchResults', { searchType: sections[0]?.type ?? 'models', searchPattern: query });
      }
    }
  };

  const optionId = (index: number) => `${listId}-${index}`;
  const label = (option: Option) =>
    option.kind === 'recent'
      ? option.pattern
      : option.kind === 'item'
        ? option.item.title
        : t('search.all', { kind: t(`search.kinds.${option.type}`), count: option.total });

  return (
    <div className="vv-search__backdrop" onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <div className="vv-search__panel" role="dialog" aria-modal="true" aria-label={t('search.label')}>
        <input
          ref={field}
          className="vv-search__field"
          type="search"
          role="combobox"
          aria-label={t('search.label')}
          aria-expanded={options.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={active >= 0 && active < options.length ? optionId(active) : undefined}
          placeholder={t('search.placeholder')}
          maxLength={80}
          value={pattern}
          onChange={(event) => {
            setPattern(event.target.value);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
        />
        {query.length < SEARCH_MIN_LENGTH && recent.length > 0 ? (
          <p className="vv-search__heading">{t('search.recent')}</p>
        ) : null}
        <ul id={listId} role="listbox" aria-label={t('search.proposals')} className="vv-search__list">
          {options.map((option, index) => (
            <li
              key={`${option.kind}-${index}`}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className={`vv-search__option vv-search__option--${option.kind}`}
              data-search-option={option.kind === 'item' ? option.item.type : option.kind}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(option)}
            >
              {option.kind === 'item' ? (
                <img src={option.item.imageUrl} alt="" width={40} height={40} className="vv-search__thumb" />
              ) : null}
              <span>{label(option)}</span>
              {option.kind === 'item' && option.item.online ? (
                <span className="vv-search__online">{t('search.online')}</span>
              ) : null}
            </li>
          ))}
        </ul>
        {query.length >= SEARCH_MIN_LENGTH && result?.searchPattern === query && sections.length === 0 ? (
          <p className="vv-search__empty" role="status">
            {t('search.empty', { pattern: query })}
          </p>
        ) : null}
      </div>
    </div>
  );
}
