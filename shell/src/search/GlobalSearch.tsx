import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_CACHE_CLEAN_MS, SEARCH_CACHE_MS, type SearchResult } from '@velvet/contracts';
import { ExpiringCache } from './searchCache';
import type { SearchOverlayProps } from './SearchOverlay';

function SearchUnavailable({ onClose }: SearchOverlayProps) {
  const { t } = useTranslation('shell');
  return (
    <div className="vv-search__backdrop" onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <div className="vv-search__panel" role="dialog" aria-modal="true" aria-label={t('search.label')}>
        <p className="vv-search__empty" role="alert">
          {t('search.unavailable')}
        </p>
      </div>
    </div>
  );
}

/** The overlay is fetched when the guest first opens the search: no page's first bytes carry it. */
const SearchOverlay = lazy(() =>
  import(/* webpackChunkName: "search" */ './SearchOverlay').catch((error: unknown) => {
    console.error('[shell] the search did not load', error);
    return { default: SearchUnavailable };
  }),
);

/** Whether a key press was meant for a field the guest is typing in (then `/` is a slash, not the search). */
const typingIn = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * The global search's button in the navbar (server-rendered): `/` or the button opens the search overlay. The
 * answers are kept here for 5 minutes, so closing and opening the overlay asks for none of them again.
 */
export function GlobalSearch() {
  const { t } = useTranslation('shell');
  const [open, setOpen] = useState(false);
  const [cache] = useState(() => new ExpiringCache<SearchResult>(SEARCH_CACHE_MS));
  const trigger = useRef<HTMLButtonElement>(null);

  useEffect(() => cache.startCleaner(SEARCH_CACHE_CLEAN_MS), [cache]);

  const openSearch = useCallback(() => setOpen(true), []);
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || typingIn(event.target)) return;
      event.preventDefault();
      openSearch();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [openSearch]);

  const close = useCallback(() => {
    setOpen(false);
    trigger.current?.focus();
  }, []);

  return (
    <div className="vv-search">
      <button
        ref={trigger}
        type="button"
        className="vv-search__open"
        aria-keyshortcuts="/"
        aria-expanded={open}
        onClick={openSearch}
      >
        <span aria-hidden="true">⌕</span>
        <span className="vv-visually-hidden">{t('search.open')}</span>
      </button>
      {open ? (
        <Suspense fallback={null}>
          <SearchOverlay cache={cache} onClose={close} />
        </Suspense>
      ) : null}
    </div>
  );
}
