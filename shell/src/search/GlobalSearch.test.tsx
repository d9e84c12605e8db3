import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  SEARCH_CACHE_CLEAN_MS,
  SEARCH_CACHE_MS,
  SEARCH_TYPES,
  searchEndpoints,
  storeSearchPatternMutation,
  type SearchResult,
} from '@velvet/contracts';
import { restCallsTo, restFixture } from '@velvet/testing';
import { renderInShell } from '../testShell';
import { CONSENT_COOKIE } from '../consent';
import { GlobalSearch } from './GlobalSearch';
import { ExpiringCache } from './searchCache';
import { withRecentSearch } from './recentSearches';

/** An answer naming one performer (and her video) for every pattern, each titled after the pattern. */
const answerFor = (pattern: string): SearchResult => ({
  searchPattern: pattern,
  sections: SEARCH_TYPES.map((type) => ({
    type,
    total: type === 'models' ? 1 : type === 'videos' ? 12 : 0,
    items:
      type === 'models'
        ? [
            {
              type,
              id: 7,
              title: `Performer for ${pattern}`,
              subtitle: '',
              imageUrl: '/a.jpg',
              imageWidth: 320,
              imageHeight: 320,
              route: { name: 'actorProfile', args: { actorName: 'valentina' } },
              online: true,
            },
          ]
        : [],
  })),
});

interface Pending {
  pattern: string;
  resolve: () => void;
}

/** The search with a server whose answers the test releases, in any order it likes. */
function renderSearch({ hold = false, language = 'en' as 'en' | 'de' } = {}) {
  const pending: Pending[] = [];
  const stored: unknown[] = [];
  const view = renderInShell(<GlobalSearch />, {
    language,
    platform: {
      rest: restFixture(searchEndpoints.search, ({ params }) =>
        hold
          ? new Promise<SearchResult>((resolve) =>
              pending.push({ pattern: params.searchPattern, resolve: () => resolve(answerFor(params.searchPattern)) }),
            )
          : answerFor(params.searchPattern),
      ),
      query: async (operation, variables) => {
        if (operation.document !== storeSearchPatternMutation.document) throw new Error('unexpected query');
        stored.push(variables);
        return { storeSearchPattern: true };
      },
    },
  });
  return { ...view, pending, stored };
}

const field = () => screen.getByRole('combobox', { name: 'Search the site' });
/** The overlay's field, once its code (fetched when the search first opens) is there. */
const opened = () => screen.findByRole('combobox', { name: 'Search the site' });
const type = (text: string) => fireEvent.change(field(), { target: { value: text } });

beforeEach(() => {
  window.localStorage.clear();
  document.cookie = `${CONSENT_COOKIE}=necessary.functional; path=/`;
});

describe('global search overlay', () => {
  test('/ opens it with the field focused; a / typed into a field elsewhere does not; Escape closes', async () => {
    renderSearch();
    const other = document.body.appendChild(document.createElement('input'));
    fireEvent.keyDown(other, { key: '/' });
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.keyDown(document.body, { key: '/' });
    expect(await opened()).toHaveFocus();
    expect(screen.getByRole('dialog', { name: 'Search the site' })).toBeInTheDocument();
    fireEvent.keyDown(field(), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Search' })).toHaveFocus();
    other.remove();
  });

  test('proposals as one types; arrows and Enter open one; the search joins the recent ones', async () => {
    const { platform, stored } = renderSearch();
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await opened();
    type('valentyna');
    const listbox = screen.getByRole('listbox');
    expect(await within(listbox).findByRole('option', { name: /Performer for valentyna/ })).toBeInTheDocument();
    // Kinds without hits are left out; each kind offers all its results.
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Performer for valentynaOnline', 'All models (1)', 'All videos (12)']);
    fireEvent.keyDown(field(), { key: 'ArrowDown' });
    expect(within(listbox).getAllByRole('option')[0]).toHaveAttribute('aria-selected', 'true');
    expect(field()).toHaveAttribute('aria-activedescendant', within(listbox).getAllByRole('option')[0]!.id);
    fireEvent.keyDown(field(), { key: 'ArrowUp' });
    fireEvent.keyDown(field(), { key: 'ArrowUp' });
    expect(within(listbox).getAllByRole('option')[2]).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(field(), { key: 'Enter' });
    expect(platform.navigations.at(-1)).toEqual({
      name: 'searchResults',
      args: { searchType: 'videos', searchPattern: 'valentyna' },
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(stored).toEqual([{ pattern: 'valentyna', language: 'en' }]);

    fireEvent.keyDown(document.body, { key: '/' });
    expect(await screen.findByText('Recent searches')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('option', { name: 'valentyna' }));
    expect(field()).toHaveValue('valentyna');
    // The same pattern again within 5 minutes is answered from the cache.
    fireEvent.keyDown(await screen.findByRole('combobox'), { key: 'ArrowDown' });
    fireEvent.keyDown(field(), { key: 'Enter' });
    expect(platform.navigations.at(-1)).toEqual({ name: 'actorProfile', args: { actorName: 'valentina' } });
    expect(restCallsTo(platform, searchEndpoints.search)).toHaveLength(1);
  });

  test('only the answer to the latest pattern is shown, whatever order the answers come in', async () => {
    const { pending } = renderSearch({ hold: true });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await opened();
    type('vale');
    await waitFor(() => expect(pending).toHaveLength(1));
    type('valentina');
    await waitFor(() => expect(pending).toHaveLength(2));
    await act(async () => pending[1]!.resolve());
    expect(await screen.findByRole('option', { name: /Performer for valentina/ })).toBeInTheDocument();
    await act(async () => pending[0]!.resolve());
    expect(screen.queryByRole('option', { name: /Performer for vale\b/ })).toBeNull();
    expect(screen.getByRole('option', { name: /Performer for valentina/ })).toBeInTheDocument();
  });

  test('without functional consent no recent search is kept, and a kept list is removed', async () => {
    window.localStorage.setItem('velvet.recentSearches', JSON.stringify(['anna']));
    document.cookie = `${CONSENT_COOKIE}=necessary; path=/`;
    renderSearch();
    fireEvent.keyDown(document.body, { key: '/' });
    await opened();
    expect(screen.queryByText('Recent searches')).toBeNull();
    expect(window.localStorage.getItem('velvet.recentSearches')).toBeNull();
  });

  test('in German', async () => {
    window.history.replaceState(null, '', '/de/');
    try {
      const { platform } = renderSearch({ language: 'de' });
      fireEvent.keyDown(document.body, { key: '/' });
      fireEvent.change(await screen.findByRole('combobox', { name: 'Die Seite durchsuchen' }), {
        target: { value: 'valentyna' },
      });
      expect(await screen.findByRole('option', { name: 'Alle Videos (12)' })).toBeInTheDocument();
      expect(restCallsTo(platform, searchEndpoints.search)[0]).toMatchObject({
        params: { language: 'de', searchPattern: 'valentyna' },
      });
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });
});

describe('recent searches', () => {
  test('from 3 characters, once whatever the capitals, newest first, at most 3', () => {
    let list: string[] = [];
    for (const pattern of ['ab', 'anna', 'mila', 'ANNA ', 'lena', 'zoe']) list = withRecentSearch(list, pattern);
    expect(list).toEqual(['zoe', 'lena', 'ANNA']);
  });
});

describe('expiring cache', () => {
  test('answers for 5 minutes; the cleaner drops expired entries every 5 seconds', () => {
    jest.useFakeTimers();
    try {
      let now = 0;
      const cache = new ExpiringCache<string>(SEARCH_CACHE_MS, () => now);
      const stop = cache.startCleaner(SEARCH_CACHE_CLEAN_MS);
      cache.set('a', 'answer');
      now = SEARCH_CACHE_MS - 1;
      expect(cache.get('a')).toBe('answer');
      now = SEARCH_CACHE_MS;
      expect(cache.get('a')).toBeUndefined();
      expect(cache.size).toBe(1);
      jest.advanceTimersByTime(SEARCH_CACHE_CLEAN_MS);
      expect(cache.size).toBe(0);
      stop();
    } finally {
      jest.useRealTimers();
    }
  });
});
