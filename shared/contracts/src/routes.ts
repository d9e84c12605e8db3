import { REMOTE_ROUTES, type RemoteRouteArgs } from './generated/routes';

/**
 * Routes have a slug per language (de, en, es); nl uses the English slugs under /nl/. Paths carry no language
 * prefix and no slashes at either end. The shell owns the routes below; every other route is declared by its
 * remote in `remote.json` and reaches the shell and the server's HTML matcher at run time through the tenant's
 * manifest. Which route a URL is does not depend on declaration order: static segments rank above parameters.
 */
export const LANGUAGES = ['de', 'en', 'nl', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
/**
 * A tenant's default language, the one of its start page at `/` and of its pages' x-default alternate: the site's
 * default language where the tenant offers it, else the first it lists.
 */
export function tenantDefaultLanguage(tenantLanguages: readonly string[]): Language {
  const offered = tenantLanguages.filter((code): code is Language => (LANGUAGES as readonly string[]).includes(code));
  return offered.includes(DEFAULT_LANGUAGE) ? DEFAULT_LANGUAGE : (offered[0] ?? DEFAULT_LANGUAGE);
}
/** The languages a route declares slugs in; nl reads the English ones. */
export const SLUG_LANGUAGES = ['de', 'en', 'es'] as const;

export const REMOTE_NAMES = [
  'mf-chat',
  'mf-messenger',
  'mf-media',
  'mf-tv',
  'mf-feed',
  'mf-specials',
  'mf-account',
] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];
export type RouteOwner = 'shell' | RemoteName;

export interface RouteDefinition {
  name: string;
  owner: RouteOwner;
  /** Slugs per language; params are written `:name`. The empty string is the start page. */
  path: { de: string; en: string; es: string };
}

const same = (path: string) => ({ de: path, en: path, es: path });

/** The shell's own pages: start page, legal pages and the operator console (operator role). */
export const SHELL_ROUTES = [
  { name: 'home', owner: 'shell', path: same('') },
  { name: 'termsOfService', owner: 'shell', path: { de: 'agb', en: 'terms-of-service', es: 'terminos-de-servicio' } },
  {
    name: 'dataProtection',
    owner: 'shell',
    path: { de: 'datenschutz', en: 'data-protection', es: 'proteccion-de-datos' },
  },
  {
    name: 'generalTerms',
    owner: 'shell',
    path: { de: 'geschaeftsbedingungen', en: 'general-terms-and-conditions', es: 'condiciones-generales' },
  },
  {
    name: 'termsOfUse',
    owner: 'shell',
    path: { de: 'nutzungsbedingungen', en: 'terms-of-use', es: 'condiciones-de-uso' },
  },
  { name: 'imprint', owner: 'shell', path: { de: 'impressum', en: 'imprint', es: 'aviso-legal' } },
  { name: 'operatorConsole', owner: 'shell', path: { de: 'betreiber', en: 'operator', es: 'operador' } },
] as const satisfies readonly RouteDefinition[];

/**
 * Every route known when this code was built: the shell's and those of the repository's `remote.json` files
 * (generated). It gives `RouteName` its members; at run time the table comes from the manifest instead.
 */
export const DECLARED_ROUTES = [...SHELL_ROUTES, ...REMOTE_ROUTES] as const;

export type RouteName = (typeof DECLARED_ROUTES)[number]['name'];
export type RouteArgs = Record<string, string>;
/** The argument names of a route: none for the shell's own. */
export type RouteArgName<N extends RouteName> = N extends keyof RemoteRouteArgs ? RemoteRouteArgs[N] : never;
/** The arguments a link to a route needs, e.g. `{ contestId }` for `contest`. */
export type RouteArgsOf<N extends RouteName> = N extends RouteName ? Record<RouteArgName<N>, string> : never;

/** The current page, as stored for everyone: route name, arguments and the language of the URL. */
export interface CurrentRoute {
  name: RouteName;
  args: RouteArgs;
  language: Language;
  /** The `scrollTo` query parameter: id of the element to scroll to after render. */
  scrollTo?: string;
}

/** A route of the build-time table (server code that links to a page, tests). */
export function routeByName(name: RouteName): RouteDefinition {
  const route = DECLARED_ROUTES.find((r) => r.name === name);
  if (!route) throw new Error(`Unknown route ${name}`);
  return route;
}

/** Slugs of a route in a language: nl reads the English ones. */
export function slugsFor(route: RouteDefinition, language: Language): string {
  return language === 'nl' ? route.path.en : route.path[language];
}

const segmentsOf = (slugs: string) => slugs.split('/').filter(Boolean);
const isParam = (segment: string) => segment.startsWith(':');

/**
 * Orders routes so that the first whose pattern matches a URL is the most specific one: patterns of the same length
 * compare segment by segment from the left, a static segment ranking above a parameter (`videos/classic` before
 * `videos/:videoId`); patterns of different lengths never match the same path.
 */
export function rankRoutes<R extends RouteDefinition>(routes: readonly R[], language: Language): R[] {
  const keyed = routes.map((route) => ({ route, segments: segmentsOf(slugsFor(route, language)) }));
  keyed.sort((a, b) => {
    const length = Math.min(a.segments.length, b.segments.length);
    for (let index = 0; index < length; index++) {
      const rank = Number(isParam(a.segments[index]!)) - Number(isParam(b.segments[index]!));
      if (rank !== 0) return rank;
    }
    // Any consistent order will do here (a sort needs one); ties of the same shape keep their order.
    return a.segments.length - b.segments.length;
  });
  return keyed.map(({ route }) => route);
}

/** The shape a URL must have to match a pattern: parameter names do not matter (`a/:x` and `a/:y` claim the same). */
const patternShape = (slugs: string) =>
  segmentsOf(slugs)
    .map((segment) => (isParam(segment) ? ':' : segment))
    .join('/');

export interface RouteConflict {
  route: string;
  owner: RouteOwner;
  /** The route already there that it collides with. */
  with: string;
  withOwner: RouteOwner;
  /** The language of the colliding slugs, or null when the name itself is taken. */
  language: (typeof SLUG_LANGUAGES)[number] | null;
}

/**
 * Where the routes of one owner collide with routes of others: the same name, or in some language the same
 * pattern (the same slugs with parameters in the same places). Such a table would make a URL or a link ambiguous.
 */
export function routeConflicts(
  added: readonly RouteDefinition[],
  existing: readonly RouteDefinition[],
): RouteConflict[] {
  const conflicts: RouteConflict[] = [];
  for (const route of added) {
    for (const other of existing) {
      if (other.owner === route.owner) continue;
      const at = (language: RouteConflict['language']) =>
        conflicts.push({ route: route.name, owner: route.owner, with: other.name, withOwner: other.owner, language });
      if (other.name === route.name) at(null);
      else {
        const language = SLUG_LANGUAGES.find(
          (lang) => patternShape(route.path[lang]) === patternShape(other.path[lang]),
        );
        if (language) at(language);
      }
    }
  }
  return conflicts;
}
