import { compile, match, type MatchFunction } from 'path-to-regexp';
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  ROUTES,
  routeByName,
  slugsFor,
  type CurrentRoute,
  type Language,
  type RouteArgs,
  type RouteName,
} from '@velvet/contracts';

/** Route arguments that name a performer: lower-cased in every URL (spec part 1, 2). */
const LOWER_CASED_ARGS: ReadonlySet<string> = new Set(['actorName']);

const normalise = (args: RouteArgs): RouteArgs =>
  Object.fromEntries(
    Object.entries(args).map(([key, value]) => [key, LOWER_CASED_ARGS.has(key) ? value.toLowerCase() : value]),
  );

export function isLanguage(value: string | undefined): value is Language {
  return (LANGUAGES as readonly string[]).includes(value ?? '');
}

const compilers = new Map<string, (args: RouteArgs) => string>();

/** The localized path of a route: `/<lang>/<slugs>/`, with the start page at `/<lang>/`. */
export function pathFor(name: RouteName, args: RouteArgs = {}, language: Language = DEFAULT_LANGUAGE): string {
  const slugs = slugsFor(routeByName(name), language);
  if (!slugs) return `/${language}/`;
  const key = `${language}:${name}`;
  let toPath = compilers.get(key);
  if (!toPath) {
    toPath = compile(slugs, { encode: encodeURIComponent });
    compilers.set(key, toPath);
  }
  return `/${language}/${toPath(normalise(args))}/`;
}

type Matcher = { name: RouteName; match: MatchFunction<RouteArgs> };
const matchers = new Map<Language, Matcher[]>();
function matchersFor(language: Language): Matcher[] {
  let list = matchers.get(language);
  if (!list) {
    list = ROUTES.filter((route) => route.path.en !== '').map((route) => ({
      name: route.name,
      match: match<RouteArgs>(slugsFor(route, language), { decode: decodeURIComponent, trailing: true }),
    }));
    matchers.set(language, list);
  }
  return list;
}

/**
 * The route of a pathname, or null when none matches. `/` is the start page in the default language (the
 * shell may prefer a stored language); `/<lang>/` the start page in that language. Query and hash are ignored.
 */
export function matchPath(pathname: string): CurrentRoute | null {
  const path = pathname.split(/[?#]/)[0] ?? '';
  const [, first, ...rest] = path.split('/');
  if (!first) return { name: 'home', args: {}, language: DEFAULT_LANGUAGE };
  if (!isLanguage(first)) return null;
  const remainder = rest.join('/').replace(/\/+$/, '');
  if (!remainder) return { name: 'home', args: {}, language: first };
  for (const matcher of matchersFor(first)) {
    let result: ReturnType<MatchFunction<RouteArgs>>;
    try {
      result = matcher.match(remainder);
    } catch {
      return null; // a malformed escape sequence in the URL
    }
    if (result) return { name: matcher.name, args: normalise({ ...result.params }), language: first };
  }
  return null;
}

/** The same page in another language: its slugs change, its arguments stay. */
export function switchLanguage(current: Pick<CurrentRoute, 'name' | 'args'>, language: Language): string {
  return pathFor(current.name, current.args, language);
}
