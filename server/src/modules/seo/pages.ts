import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  slugsFor,
  tenantDefaultLanguage,
  type Language,
  type RouteDefinition,
} from '@velvet/contracts';
import { API_PATHS } from '../../shell-html';

/**
 * The pages no search engine should index, by route name: the operator console, the guest's own account area,
 * the messenger (a guest's conversations), search results (one page per typed word) and the pages of links in
 * mails (one per single-use token). Every page whose slugs lie below one of these is private too (the account
 * area's mediathek, profile, spinwheel, ...), whoever declares it.
 */
const PRIVATE_ROUTES: ReadonlySet<string> = new Set([
  'operatorConsole',
  'myAccount',
  'messenger',
  'videoSearch',
  'searchResults',
  'emailVerify',
  'passwordReset',
  'newsletterConfirm',
  'newsletterUnsubscribe',
]);

const segments = (slugs: string) => slugs.split('/').filter(Boolean);
export const argNames = (route: RouteDefinition) =>
  segments(route.path.en)
    .filter((segment) => segment.startsWith(':'))
    .map((segment) => segment.slice(1));

/** A route's URL path in a language, as the shell links it (`/<lang>/<slugs>/`); arguments are URL-encoded. */
export function pagePath(route: RouteDefinition, language: Language, args: Readonly<Record<string, string>>): string {
  const slugs = segments(slugsFor(route, language)).map((segment) => {
    if (!segment.startsWith(':')) return segment;
    const value = args[segment.slice(1)];
    if (value === undefined) throw new Error(`${route.name} needs the argument ${segment.slice(1)}`);
    return encodeURIComponent(value);
  });
  return slugs.length ? `/${language}/${slugs.join('/')}/` : `/${language}/`;
}

/** Whether a route takes exactly these arguments (a remote may rename them in a later version). */
export const takesArgs = (route: RouteDefinition, names: readonly string[]) =>
  argNames(route).sort().join('/') === [...names].sort().join('/');

/** The private routes of a table: those named private and those below them in every language. */
function privateRoutes(routes: readonly RouteDefinition[]): RouteDefinition[] {
  const roots = routes.filter((route) => PRIVATE_ROUTES.has(route.name));
  const below = (route: RouteDefinition, root: RouteDefinition) =>
    LANGUAGES.every((language) => {
      const [inner, outer] = [segments(slugsFor(route, language)), segments(slugsFor(root, language))];
      return inner.length > outer.length && outer.every((part, index) => part === inner[index]);
    });
  return routes.filter((route) => roots.some((root) => root === route || below(route, root)));
}

/** The routes a sitemap lists pages of: every route of the table that is not private. */
export function publicRoutes(routes: readonly RouteDefinition[]): RouteDefinition[] {
  const hidden = new Set(privateRoutes(routes));
  return routes.filter((route) => !hidden.has(route));
}

/**
 * The languages a tenant's pages are listed in (its own, in its order) and the one a visitor of no listed
 * language is sent to (`x-default`): the site's default language where the tenant offers it, else its first.
 */
export function listedLanguages(tenantLanguages: readonly string[]): { languages: Language[]; fallback: Language } {
  const languages = tenantLanguages.filter((code): code is Language => (LANGUAGES as readonly string[]).includes(code));
  if (languages.length === 0) return { languages: [DEFAULT_LANGUAGE], fallback: DEFAULT_LANGUAGE };
  return { languages, fallback: tenantDefaultLanguage(languages) };
}

/**
 * The URLs of one page in each listed language, and the x-default one for visitors of another language: what a
 * sitemap entry and a page's head name as its hreflang alternates.
 */
export function alternatesOf(
  route: RouteDefinition,
  args: Readonly<Record<string, string>>,
  origin: string,
  { languages, fallback }: { languages: readonly Language[]; fallback: Language },
): Array<{ lang: string; url: string }> {
  const urls = languages.map((lang) => ({ lang, url: origin + pagePath(route, lang, args) }));
  return [...urls, { lang: 'x-default', url: origin + pagePath(route, fallback, args) }];
}

/**
 * robots.txt of a tenant: everything may be crawled (pages, and the scripts and media they need to render) but the
 * interfaces and the private pages, in every language the server answers (their arguments as `*`); it names the
 * sitemap on the host asked.
 */
export function robotsTxt(routes: readonly RouteDefinition[], origin: string): string {
  const roots = routes.filter((route) => PRIVATE_ROUTES.has(route.name));
  const pagePaths = roots.flatMap((route) =>
    LANGUAGES.map((language) =>
      `/${language}/${segments(slugsFor(route, language))
        .map((segment) => (segment.startsWith(':') ? '*' : segment))
        .join('/')}`.replace(/\/\*$/, '/'),
    ),
  );
  const disallowed = [...new Set([...API_PATHS, ...pagePaths])];
  return [
    'User-agent: *',
    'Allow: /',
    ...disallowed.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
