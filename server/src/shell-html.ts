import { readFile } from 'node:fs/promises';
import { constants as zlibConstants } from 'node:zlib';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyCompressOptions } from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import {
  DECLARED_ROUTES,
  LANGUAGES,
  SHELL_ROUTES,
  rankRoutes,
  slugsFor,
  type Language,
  type RouteDefinition,
} from '@velvet/contracts';
import type { Config } from './config';
import { bundleStatic, IMMUTABLE } from './http/bundles';
import { notFoundBody } from './http/errors';
import type { GonePages } from './http/gone-pages';
import { allowPageStyles } from './http/security-headers';
import { compressedPages } from './http/compressed-pages';

export type ShellMatch =
  | { kind: 'page'; route: RouteDefinition; language: Language | null; args: Record<string, string> }
  | { kind: 'redirect'; location: string }
  | { kind: 'unknown' };

const splitPath = (pathname: string) => pathname.split('/').filter(Boolean);

const ranked = new WeakMap<readonly RouteDefinition[], Map<Language, RouteDefinition[]>>();
/** A table's routes in a language, most specific pattern first (ranked once per table and language). */
function rankedFor(routes: readonly RouteDefinition[], language: Language): RouteDefinition[] {
  let perLanguage = ranked.get(routes);
  if (!perLanguage) ranked.set(routes, (perLanguage = new Map()));
  let list = perLanguage.get(language);
  if (!list) perLanguage.set(language, (list = rankRoutes(routes, language)));
  return list;
}

/**
 * Which page of a route table a URL path is: `/` and `/<lang>/` are the start page, `/<lang>/<slugs>` a route
 * in that language (nl reads English slugs); where patterns overlap, static segments win over parameters, whatever
 * the order of the table. Actor names are lower-case; another spelling is redirected.
 */
export function matchShellPath(pathname: string, routes: readonly RouteDefinition[] = DECLARED_ROUTES): ShellMatch {
  let segments: string[];
  try {
    segments = splitPath(pathname).map(decodeURIComponent);
  } catch {
    return { kind: 'unknown' };
  }
  const home = SHELL_ROUTES[0];
  if (segments.length === 0) return { kind: 'page', route: home, language: null, args: {} };
  const [language, ...rest] = segments as [string, ...string[]];
  if (!(LANGUAGES as readonly string[]).includes(language)) return { kind: 'unknown' };
  if (rest.length === 0) return { kind: 'page', route: home, language: language as Language, args: {} };
  for (const route of rankedFor(routes, language as Language)) {
    const pattern = splitPath(slugsFor(route, language as Language));
    if (pattern.length !== rest.length) continue;
    const args: Record<string, string> = {};
    const matches = pattern.every((part, index) => {
      const value = rest[index]!;
      if (part.startsWith(':')) {
        args[part.slice(1)] = value;
        return value.length > 0;
      }
      return part === value;
    });
    if (!matches) continue;
    const actorName = args.actorName;
    if (actorName && actorName !== actorName.toLowerCase()) {
      const lowered = [
        language,
        ...rest.map((value, index) => (pattern[index] === ':actorName' ? value.toLowerCase() : value)),
      ];
      return { kind: 'redirect', location: `/${lowered.map(encodeURIComponent).join('/')}` };
    }
    return { kind: 'page', route, language: language as Language, args };
  }
  return { kind: 'unknown' };
}

/** Where the server's programming interfaces answer (REST, GraphQL, the socket, the API docs): never pages. */
export const API_PATHS = ['/rest', '/graphql', '/feed/graphql', '/ws', '/docs'] as const;
/** Paths that are no page of the route table: the interfaces and the bundles and media the pages load. */
const NOT_PAGES = new RegExp(`^(${[...API_PATHS, '/remotes', '/media', '/shell'].join('|')})(/|\\?|$)`);

/** The route table of the tenant a page request is for (`?tenant=`, else its host name). */
export type TenantRoutes = (tenant: string | undefined, hostname: string) => Promise<readonly RouteDefinition[]>;

/** A page's head: the status the page answers, the language of its <html> and its tags, <title> first. */
export interface PageHead {
  status: 200 | 404;
  language: Language;
  /** Head tags (already HTML). */
  tags: string;
}
/** Makes the head of a matched page (titles, links, structured data); without one the built head is sent. */
export type PageHeads = (
  request: FastifyRequest,
  page: Extract<ShellMatch, { kind: 'page' }>,
  routes: readonly RouteDefinition[],
) => Promise<PageHead>;

/** A page's first screen rendered on the server, the same for every visitor. */
export interface PageBody {
  /** The content of the root element. */
  html: string;
  /** Tags for the head: the rendered parts' style sheets as <style> elements. */
  head: string;
  /** The policy sources that allow those <style> elements (`styleHash` of each text). */
  styleHashes: readonly string[];
  /** The data the browser hydrates with, a <script type="application/json"> element (empty when none). */
  data: string;
  renderMs: number;
  /** How long a shared cache may keep the page. */
  sharedSeconds: number;
  /** Names this render while the server keeps it for every visitor; none when it was rendered for this answer alone. */
  keptAs?: string;
}
/** Renders a page's first screen (a route's, or the not-found page); without one the bare shell is sent. */
export type PageBodies = (request: FastifyRequest) => Promise<PageBody | null>;

/** The built page with a page's head: its language on <html>, its tags in place of the built title. */
function withHead(html: string, head: PageHead): string {
  const { tags } = head;
  const titled = /<title>[\s\S]*?<\/title>/i.test(html)
    ? html.replace(/<title>[\s\S]*?<\/title>/i, () => tags)
    : html.replace(/<\/head>/i, (end) => tags + end);
  return titled.replace(/<html\b([^>]*)>/i, (_tag, attributes: string) => {
    const others = attributes.replace(/\s+lang=("[^"]*"|'[^']*'|[^\s>]*)/i, '');
    return `<html lang="${head.language}"${others}>`;
  });
}

/**
 * Pages go out brotli-compressed to browsers that accept it, else gzipped: at brotli's quality 4 a page of 30 KB
 * costs one to two milliseconds and shrinks to a fifth, where its first screen is what a phone waits for. A window
 * of 256 KB holds any page whole; the default 4 MB only made each answer's encoder take more memory.
 */
const PAGE_BROTLI = {
  params: {
    [zlibConstants.BROTLI_PARAM_QUALITY]: 4,
    [zlibConstants.BROTLI_PARAM_LGWIN]: 18,
    [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
  },
};
/**
 * A page rendered for its answer alone (the page cache off, or a part left to the browser) is compressed for that
 * answer only: quality 3 takes half the time of 4 (half a millisecond for a page of 20 KB) for 5 % more bytes.
 */
const OWN_PAGE_BROTLI = {
  params: { ...PAGE_BROTLI.params, [zlibConstants.BROTLI_PARAM_QUALITY]: 3 },
};
const PAGE_THRESHOLD = 1024;
const PAGE_COMPRESSION: Pick<FastifyCompressOptions, 'encodings' | 'threshold' | 'brotliOptions'> = {
  encodings: ['br', 'gzip', 'deflate'],
  threshold: PAGE_THRESHOLD,
  brotliOptions: PAGE_BROTLI,
};

const BUILD_COMMAND = 'npx -y pnpm@10.34.8 --filter @velvet/shell build';
const notBuiltPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Velvet: shell not built</title></head>
<body><h1>The shell is not built yet</h1><p>Build it with <code>${BUILD_COMMAND}</code> (or run <code>npm start</code>), then reload.</p></body></html>`;

/**
 * The shell's HTML for every localized route of the tenant's table (its own routes and its enabled remotes', read
 * like its manifest, so a deployed page is served on the next request), with the page's head from `pageHeads`
 * (whose status wins: a page of a missing performer is a 404), 404 with the same HTML for unknown paths so the shell
 * renders its own not-found page, and its static files under /shell/. REST, GraphQL and non-GET misses answer JSON
 * 404. With `gonePages`, a page of the platform the tenant does not serve (any more) is redirected to the start page.
 */
export async function installShell(
  app: FastifyInstance,
  config: Config,
  tenantRoutes: TenantRoutes = async () => SHELL_ROUTES,
  pageHeads?: PageHeads,
  pageBodies?: PageBodies,
  gonePages?: GonePages,
): Promise<void> {
  const distDir = path.join(config.repoRoot, 'shell', 'dist');
  // Bundles carry a content hash in their names; index.html is served through the routes below, never cached.
  await app.register(
    fastifyStatic,
    bundleStatic(distDir, '/shell/', (name) => (/\.[0-9a-f]{8}\.[a-z0-9]+$/i.test(name) ? IMMUTABLE : 'no-cache')),
  );

  const compressed = compressedPages({
    threshold: PAGE_THRESHOLD,
    brotliOptions: PAGE_BROTLI,
    ownBrotliOptions: OWN_PAGE_BROTLI,
  });
  // With server rendering the built page is read once (a rebuilt shell needs a restart then, as its renderer does);
  // without, on every answer, so a rebuilt shell is served at once.
  let built: Promise<string> | null = null;
  const builtPage = () => {
    const reading = built ?? readFile(path.join(distDir, 'index.html'), 'utf8');
    if (pageBodies) built = reading;
    reading.catch(() => (built = null));
    return reading.catch(() => null);
  };
  const sendShell = async (request: FastifyRequest, reply: FastifyReply, status: number, head?: PageHead) => {
    const html = await builtPage();
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    if (html === null) return reply.status(503).send(notBuiltPage);
    let page = head ? withHead(html, head) : html;
    const body = pageBodies ? await renderBody(request) : null;
    if (body) {
      page = page
        .replace(/<\/head>/i, (end) => body.head + end)
        .replace(/<div id=("?)root\1><\/div>/i, () => `<div id="root" data-ssr>${body.html}</div>${body.data}`);
      allowPageStyles(reply, body.styleHashes);
      // The page is the same for every visitor: a shared cache may keep it as the server does.
      reply
        .header('cache-control', `public, max-age=0, s-maxage=${body.sharedSeconds}`)
        .header('server-timing', `render;dur=${body.renderMs.toFixed(1)}`);
    }
    reply.status(head?.status ?? status);
    // No answer carries anything of its own (no nonce): the same page is compressed once for everyone. A rendered
    // page is named by its kept render and its head; one rendered for this answer alone is compressed for it.
    const key = body ? (body.keptAs === undefined ? null : `${body.keptAs}\n${head?.tags ?? ''}`) : page;
    const encoded = await compressed.of(page, request.headers['accept-encoding'], key);
    if (!encoded) return reply.send(page);
    return reply.header('content-encoding', encoded.encoding).header('vary', 'accept-encoding').send(encoded.bytes);
  };
  /** A render that fails as a whole (the layout's, not a remote's) leaves the page to the browser. */
  const renderBody = async (request: FastifyRequest) => {
    try {
      return await pageBodies!(request);
    } catch (error) {
      request.log.error({ err: error }, 'server render failed: the page is rendered in the browser');
      return null;
    }
  };

  const isApiPath = (url: string) => NOT_PAGES.test(url);
  const missing = (request: FastifyRequest, reply: FastifyReply) =>
    reply.status(404).send(notFoundBody(request.url.split('?')[0]!));

  // Pages are a catch-all route rather than the not-found handler, so their HTML goes out compressed like every
  // other answer (the compression hooks apply to routes only); a path under the interfaces and bundles that no
  // route matched is still their 404.
  app.get(
    '/*',
    { compress: PAGE_COMPRESSION, schema: { hide: true } },
    async (request: FastifyRequest, reply: FastifyReply) => {
      if (isApiPath(request.url)) return missing(request, reply);
      const [pathname, search] = request.url.split('?', 2) as [string, string | undefined];
      const tenant = new URLSearchParams(search ?? '').get('tenant') ?? undefined;
      const routes = await tenantRoutes(tenant, request.hostname);
      const match = matchShellPath(pathname, routes);
      if (match.kind === 'redirect') return reply.redirect(match.location + (search ? `?${search}` : ''), 301);
      const known = match.kind === 'unknown' && gonePages ? matchShellPath(pathname, DECLARED_ROUTES) : null;
      if (known?.kind === 'page' && known.language) {
        // A page the platform has but this tenant does not serve now (a bookmark, an old link): the start page,
        // temporarily (the page may be served again) and per request, since the guest is told about it.
        gonePages!.redirected(request, pathname);
        reply.header('cache-control', 'no-store');
        return reply.redirect(`/${known.language}/${search ? `?${search}` : ''}`, 302);
      }
      // The not-found page is rendered too (in the language the path starts with, else the default one).
      if (match.kind === 'unknown') return sendShell(request, reply, 404);
      // A page whose performer, video, ... does not exist answers 404 with the not-found head: no soft 404s.
      return sendShell(request, reply, 200, pageHeads ? await pageHeads(request, match, routes) : undefined);
    },
  );
  // Other methods, and files the static folders do not hold.
  app.setNotFoundHandler(missing);
}
