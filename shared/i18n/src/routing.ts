import { compile, match, type MatchFunction } from 'path-to-regexp';
import {
  DECLARED_ROUTES,
  DEFAULT_LANGUAGE,
  LANGUAGES,
  rankRoutes,
  slugsFor,
  type CurrentRoute,
  type Language,
  type RouteArgs,
  type RouteDefinition,
  type RouteName,
} from '@velvet/contracts';

/** Route arguments that name a performer: lower-cased in every URL. */
const LOWER_CASED_ARGS: ReadonlySet<string> = new Set(['actorName']);

const normalise = (args: RouteArgs): RouteArgs =>
  Object.fromEntries(
    Object.entries(args).map(([key, value]) => [key, LOWER_CASED_ARGS.has(key) ? value.toLowerCase() : value]),
  );

export function isLanguage(value: string | undefined): value is Language {
  return (LANGUAGES as readonly string[]).includes(value ?? '');
}

type Matcher = { name: RouteName; match: MatchFunction<RouteArgs> };

/** A language's pages, most specific pattern first, and the matchers compiled of them so far (in the same order). */
type Ranked = { pages: RouteDefinition[]; matchers: Matcher[] };

/**
 * A route table with its compiled paths and its matchers per language, most specific pattern first. Each is
 * compiled at its first use (a matcher once a URL reaches it): compiling a pattern builds regular expressions, and
 * reading the page's URL should not compile every page of the table on a phone's first load.
 */
class RouteTable {
  private readonly byName: Map<string, RouteDefinition>;
  private readonly compilers = new Map<string, (args: RouteArgs) => string>();
  private readonly ranked = new Map<Language, Ranked>();

  constructor(readonly routes: readonly RouteDefinition[]) {
    this.byName = new Map(routes.map((route) => [route.name, route]));
  }

  route(name: string): RouteDefinition | undefined {
    return this.byName.get(name);
  }

  toPath(route: RouteDefinition, language: Language): (args: RouteArgs) => string {
    const key = `${language}:${route.name}`;
    let toPath = this.compilers.get(key);
    if (!toPath) {
      toPath = compile(slugsFor(route, language), { encode: encodeURIComponent });
      this.compilers.set(key, toPath);
    }
    return toPath;
  }

  *matchersFor(language: Language): Generator<Matcher> {
    let ranked = this.ranked.get(language);
    if (!ranked) {
      const pages = rankRoutes(
        this.routes.filter((route) => route.path.en !== ''),
        language,
      );
      this.ranked.set(language, (ranked = { pages, matchers: [] }));
    }
    const { pages, matchers } = ranked;
    for (const [index, route] of pages.entries()) {
      yield (matchers[index] ??= {
        name: route.name as RouteName,
        match: match<RouteArgs>(slugsFor(route, language), { decode: decodeURIComponent, trailing: true }),
      });
    }
  }
}

const declared = new RouteTable(DECLARED_ROUTES);
let active = declared;

/**
 * Replaces the table URLs are matched against and links are built from: the shell's boot installs the table of its
 * manifest (its own routes and those of the remotes it runs). Until then, and in tests, the build-time table holds.
 */
export function installRouteTable(routes: readonly RouteDefinition[]): void {
  let table = tables.get(routes);
  if (!table) tables.set(routes, (table = new RouteTable(routes)));
  active = table;
}
/** One table (with its compiled matchers) per route list: the server installs the same list before every pass. */
const tables = new WeakMap<readonly RouteDefinition[], RouteTable>();

/** The route of a name in the installed table, or undefined when no running remote serves it. */
export function routeNamed(name: string): RouteDefinition | undefined {
  return active.route(name);
}

/**
 * The localized path of a route: `/<lang>/<slugs>/`, with the start page at `/<lang>/`. A route outside the installed
 * table (its remote is off) keeps its build-time slugs; callers that must not link there ask `routeNamed` first.
 */
export function pathFor(name: RouteName, args: RouteArgs = {}, language: Language = DEFAULT_LANGUAGE): string {
  const table = active.route(name) ? active : declared;
  const route = table.route(name);
  if (!route) throw new Error(`Unknown route ${name}`);
  if (!slugsFor(route, language)) return `/${language}/`;
  return `/${language}/${table.toPath(route, language)(normalise(args))}/`;
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
  for (const matcher of active.matchersFor(first)) {
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
