import { BehaviorSubject } from 'rxjs';
import {
  DEFAULT_LANGUAGE,
  type CurrentRoute,
  type Language,
  type PlatformRouter,
  type RouteArgs,
  type RouteName,
} from '@velvet/contracts';
import { isLanguage, matchPath, pathFor, routeNamed } from '@velvet/i18n';

const STORAGE_KEY = 'velvet.route';

/** Where the shell is: a route of the table, or a path no route matches (the not-found page). */
export interface RouterState {
  route: CurrentRoute;
  notFound: boolean;
}

export interface ShellRouter extends PlatformRouter {
  readonly state$: BehaviorSubject<RouterState>;
  readonly route$: BehaviorSubject<CurrentRoute>;
  /** Reads the URL again (after popstate, or a link the shell intercepted). */
  sync(): void;
  /** Follows an in-site URL without reloading; false when the URL is not a page of the route table. */
  follow(url: string): boolean;
  dispose(): void;
}

function storedLanguage(storage: Pick<Storage, 'getItem'>, browserLanguage: string | undefined): Language {
  try {
    const stored = JSON.parse(storage.getItem(STORAGE_KEY) ?? 'null') as Partial<CurrentRoute> | null;
    if (isLanguage(stored?.language)) return stored.language;
  } catch {
    // an unreadable entry is ignored
  }
  const browser = browserLanguage?.slice(0, 2);
  return isLanguage(browser) ? browser : DEFAULT_LANGUAGE;
}

/** What the router reads of a window: the server renders with its request's URL and no history. */
export interface RouterWindow {
  location: Pick<Location, 'pathname' | 'search' | 'href' | 'origin'>;
  /** The page's <html lang>: `/` is served in the tenant's default language, which the server writes there. */
  document?: { documentElement: { lang: string } };
  history: Pick<History, 'pushState'>;
  navigator?: { language?: string };
  addEventListener(type: 'popstate', listener: () => void): void;
  removeEventListener(type: 'popstate', listener: () => void): void;
}

/**
 * The shell's router on the History API. The current route (name, args, language) is published on route$ and
 * stored in sessionStorage for everyone; `/` is the start page in the tenant's default language (the server's render
 * names it: `defaultLanguage`, else the page's <html lang>), whatever language the visitor last read.
 */
export function createRouter(options: {
  window: RouterWindow;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  /** The tenant's default language, where the router knows it (the server's render). */
  defaultLanguage?: Language;
}): ShellRouter {
  const { window: win, storage } = options;
  const served = win.document?.documentElement.lang;
  const startLanguage = options.defaultLanguage ?? (isLanguage(served) ? served : DEFAULT_LANGUAGE);

  const read = (): RouterState => {
    const { pathname, search } = win.location;
    const scrollTo = new URLSearchParams(search).get('scrollTo') ?? undefined;
    const matched = matchPath(pathname);
    // A path of no route that starts with a language is that language's not-found page.
    const prefix = pathname.split('/')[1];
    const language =
      pathname === '/'
        ? startLanguage
        : (matched?.language ?? (isLanguage(prefix) ? prefix : storedLanguage(storage, win.navigator?.language)));
    if (!matched) return { route: { name: 'home', args: {}, language }, notFound: true };
    return { route: { ...matched, language, ...(scrollTo ? { scrollTo } : {}) }, notFound: false };
  };

  const state$ = new BehaviorSubject<RouterState>(read());
  const route$ = new BehaviorSubject<CurrentRoute>(state$.value.route);

  const publish = (state: RouterState) => {
    const { route } = state;
    storage.setItem(STORAGE_KEY, JSON.stringify({ name: route.name, args: route.args, language: route.language }));
    state$.next(state);
    route$.next(route);
  };
  publish(state$.value);

  const sync = () => publish(read());
  const onPopState = () => sync();
  win.addEventListener('popstate', onPopState);

  const href = (name: RouteName, args: RouteArgs = {}, language?: Language) =>
    pathFor(name, args, language ?? route$.value.language);

  return {
    state$,
    route$,
    current: () => route$.value,
    href,
    has: (name) => routeNamed(name) !== undefined,
    navigate(name: RouteName, args: RouteArgs = {}, navigateOptions?: { scrollTo?: string }) {
      const query = navigateOptions?.scrollTo ? `?scrollTo=${encodeURIComponent(navigateOptions.scrollTo)}` : '';
      win.history.pushState(null, '', `${href(name, args)}${query}`);
      sync();
    },
    sync,
    follow(url) {
      const target = new URL(url, win.location.href);
      if (target.origin !== win.location.origin || !matchPath(target.pathname)) return false;
      win.history.pushState(null, '', `${target.pathname}${target.search}${target.hash}`);
      sync();
      return true;
    },
    dispose: () => win.removeEventListener('popstate', onPopState),
  };
}

/**
 * Scrolls to the element with the given id once it exists: remotes render after the route changes, so the
 * target may appear only later. Gives up after `timeoutMs`.
 */
export function scrollToWhenRendered(id: string, root: HTMLElement = document.body, timeoutMs = 10_000): () => void {
  const tryScroll = () => {
    const element = root.ownerDocument.getElementById(id);
    if (!element) return false;
    element.scrollIntoView({ block: 'start' });
    return true;
  };
  if (tryScroll()) return () => undefined;
  const observer = new MutationObserver(() => {
    if (tryScroll()) stop();
  });
  const timer = setTimeout(() => stop(), timeoutMs);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
  };
  observer.observe(root, { childList: true, subtree: true });
  return stop;
}
