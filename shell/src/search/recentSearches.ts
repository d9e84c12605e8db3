import { RECENT_SEARCHES_MAX, RECENT_SEARCH_MIN_LENGTH } from '@velvet/contracts';

const KEY = 'velvet.recentSearches';

/**
 * The list with a new search: kept only from 3 characters, once (the same words in other capitals are the same
 * search), newest first, at most 3.
 */
export function withRecentSearch(list: readonly string[], pattern: string): string[] {
  const search = pattern.trim();
  if (search.length < RECENT_SEARCH_MIN_LENGTH) return [...list];
  const same = (entry: string) => entry.toLowerCase() === search.toLowerCase();
  return [search, ...list.filter((entry) => !same(entry))].slice(0, RECENT_SEARCHES_MAX);
}

/**
 * The guest's recent searches, kept in this browser only while functional storage is allowed: without that
 * consent the list is empty and a stored one is removed.
 */
export function readRecentSearches(storage: Storage, functionalAllowed: boolean): string[] {
  if (!functionalAllowed) {
    storage.removeItem(KEY);
    return [];
  }
  try {
    const stored: unknown = JSON.parse(storage.getItem(KEY) ?? '[]');
    return Array.isArray(stored)
      ? stored.filter((entry): entry is string => typeof entry === 'string').slice(0, RECENT_SEARCHES_MAX)
      : [];
  } catch {
    return [];
  }
}

/** Remembers a search (when consent allows) and answers the list as it is now. */
export function rememberSearch(storage: Storage, pattern: string, functionalAllowed: boolean): string[] {
  if (!functionalAllowed) return readRecentSearches(storage, false);
  const list = withRecentSearch(readRecentSearches(storage, true), pattern);
  storage.setItem(KEY, JSON.stringify(list));
  return list;
}
