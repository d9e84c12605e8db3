import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { RouteDefinition } from '@velvet/contracts';
import { HttpError } from '../../http/endpoint';
import type { PageHeads } from '../../shell-html';
import { tenantOfHost, tenantRouteTables } from '../federation';
import type { ModuleContext, ServerModule } from '../module';
import { notFoundHead, renderHead } from './head';
import { pageMeta, type PageMeta } from './pages-meta';
import { alternatesOf, listedLanguages, publicRoutes, robotsTxt, takesArgs } from './pages';
import { writeSitemaps, type SitemapFiles, type SitemapPart } from './sitemap';
import { PAGE_SOURCES, type PageRef } from './sources';
import { appIcons, appManifest } from './app-manifest';
import { fillMissingActorSeoTexts, seedActorSeoTexts } from './actor-seo';
import { seoRoutes } from './routes';
import { seoGraphql } from './graphql';
import { prepareSeoTexts } from './seo-texts';

/** How long a tenant's sitemap is served as made, here and by a CDN: new pages show within this time. */
export const SITEMAP_CACHE_MS = 10 * 60_000;
/**
 * The characters of sitemap XML kept at once, one sitemap per tenant and host asked (about 5 MB each for the demo
 * catalogue), least recently used out first: odd Host headers cannot fill the memory.
 */
const CACHED_SITEMAP_CHARS = 128 * 1024 * 1024;

/** How long a page's head is served as made from its data: a renamed performer or video shows within this time. */
export const HEAD_CACHE_MS = 60_000;
/** Page heads kept at once (a few hundred bytes each), least recently used out first. */
const CACHED_HEADS = 20_000;

interface Made {
  /** When it was made, on the server's clock. */
  at: number;
  /** The route table it was made from (the tables keep one array per tenant until its pages change). */
  routes: readonly RouteDefinition[];
  files: SitemapFiles;
}

type Tenant = Awaited<ReturnType<typeof tenantOfHost>>;

/** The site's origin as the visitor asked for it: scheme and host, from forwarding headers only of TRUST_PROXY. */
function originOf(request: FastifyRequest): string {
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    throw new HttpError(400, 'VALIDATION_FAILED', 'The Host header names no host');
  }
}

/**
 * Every public page of a tenant on `origin`, in each of its languages, each URL naming its translations
 * (hreflang, and x-default for visitors of another language): a part of pages without arguments and a part per
 * catalogue source whose route the tenant serves.
 */
async function tenantSitemap(
  ctx: ModuleContext,
  tenant: Tenant,
  routes: readonly RouteDefinition[],
  origin: string,
): Promise<SitemapFiles> {
  const listed = listedLanguages(tenant.languages);
  const served = publicRoutes(routes);
  const itemsOf = (route: RouteDefinition, pages: readonly PageRef[]) =>
    pages.flatMap((page) => {
      const links = alternatesOf(route, page.args, origin, listed);
      const lastmod = page.lastmod?.toISOString();
      // One entry per language: every link but the x-default one (which repeats the fallback language's URL).
      return links.slice(0, -1).map(({ url }) => ({ url, links, ...(lastmod ? { lastmod } : {}) }));
    });
  const parts: SitemapPart[] = [
    {
      name: 'pages',
      items: served.filter((route) => takesArgs(route, [])).flatMap((route) => itemsOf(route, [{ args: {} }])),
    },
  ];
  for (const source of PAGE_SOURCES) {
    const route = served.find((candidate) => candidate.name === source.route);
    if (!route) continue;
    if (!takesArgs(route, source.args)) {
      // A remote version that renamed the route's arguments: no URLs rather than wrong ones.
      ctx.log.warn({ route: route.name, args: source.args }, 'sitemap part left out: the route takes other arguments');
      continue;
    }
    parts.push({ name: source.part, items: itemsOf(route, await source.pages(ctx)) });
  }
  return writeSitemaps(origin, parts);
}

/**
 * robots.txt, the sitemap and the web app manifest of the tenant a request's host names, on that host; the
 * breadcrumb trails and the performers' SEO texts over REST; the pages' SEO texts (stored at every start, like the
 * legal texts, and held in memory) for the render and the structured query.
 */
export const seoModule: ServerModule = {
  name: 'seo',
  migrationsFolder: path.join(import.meta.dirname, 'migrations'),
  prepare: async (ctx) => {
    await fillMissingActorSeoTexts(ctx);
    // The texts belong to the code, not to the demo data: every start (and test) stores them.
    await prepareSeoTexts(ctx);
  },
  seed: (ctx) => seedActorSeoTexts(ctx),
  routes: seoRoutes,
  graphql: seoGraphql,
  rootRoutes: (ctx) => async (app) => {
    const tables = tenantRouteTables(ctx);
    const made = new LRUCache<string, Made>({
      maxSize: CACHED_SITEMAP_CHARS,
      sizeCalculation: ({ files }) =>
        [...files.files.values()].reduce((sum, xml) => sum + xml.length, files.index.length),
    });
    /** Builds under way, so that requests arriving together wait for one build. */
    const building = new Map<string, Promise<Made>>();

    /** The tenant's sitemap, made again once it is older than SITEMAP_CACHE_MS or the tenant's pages changed. */
    const sitemapOf = async (request: FastifyRequest) => {
      const origin = originOf(request);
      const [tenant, routes] = await Promise.all([
        tenantOfHost(ctx, request.hostname),
        tables.routes(undefined, request.hostname),
      ]);
      const key = `${tenant.id} ${origin}`;
      const now = ctx.now().getTime();
      let entry = made.get(key);
      if (!entry || entry.routes !== routes || now - entry.at >= SITEMAP_CACHE_MS) {
        let build = building.get(key);
        if (!build) {
          build = tenantSitemap(ctx, tenant, routes, origin)
            .then((files) => {
              const fresh = { at: now, routes, files };
              made.set(key, fresh);
              return fresh;
            })
            // A failed build is not kept: the next request tries again.
            .finally(() => building.delete(key));
          building.set(key, build);
        }
        entry = await build;
      }
      return { files: entry.files, maxAge: Math.max(1, Math.ceil((entry.at + SITEMAP_CACHE_MS - now) / 1000)) };
    };
    const sendXml = (reply: FastifyReply, xml: string, maxAge: number) =>
      reply.header('cache-control', `public, max-age=${maxAge}`).type('application/xml; charset=utf-8').send(xml);

    app.get('/robots.txt', async (request, reply) => {
      const routes = await tables.routes(undefined, request.hostname);
      return reply
        .header('cache-control', `public, max-age=${SITEMAP_CACHE_MS / 1000}`)
        .type('text/plain; charset=utf-8')
        .send(robotsTxt(routes, originOf(request)));
    });
    /** Each tenant's icons, made once per process (the files stay in the media folder). */
    const icons = new Map<string, ReturnType<typeof appIcons>>();
    app.get('/manifest.webmanifest', { schema: { hide: true } }, async (request, reply) => {
      const tenant = await tenantOfHost(ctx, request.hostname);
      let made = icons.get(tenant.id);
      if (!made) icons.set(tenant.id, (made = appIcons(ctx, tenant)));
      made.catch(() => icons.delete(tenant.id));
      return reply
        .header('cache-control', `public, max-age=${SITEMAP_CACHE_MS / 1000}`)
        .type('application/manifest+json; charset=utf-8')
        .send(JSON.stringify(appManifest(tenant, await made)));
    });
    app.get('/sitemap.xml', async (request, reply) => {
      const { files, maxAge } = await sitemapOf(request);
      return sendXml(reply, files.index, maxAge);
    });
    app.get<{ Params: { file: string } }>('/sitemaps/:file', async (request, reply) => {
      const { files, maxAge } = await sitemapOf(request);
      const xml = files.files.get(request.params.file);
      if (xml === undefined) throw new HttpError(404, 'NOT_FOUND', `No sitemap ${request.params.file}`);
      return sendXml(reply, xml, maxAge);
    });
  },
};

interface KeptMeta {
  at: number;
  routes: readonly RouteDefinition[];
  meta: PageMeta | null;
}

/**
 * The head of every page shell-html serves, in the URL's language (the tenant's x-default one at `/`), with the
 * brand and languages of the tenant the host names. A page's facts are the same for every visitor, so they are
 * kept per tenant, route, arguments and language for HEAD_CACHE_MS on the server's clock; a page whose entity does
 * not exist answers 404 with the not-found head.
 */
export function pageHeads(ctx: ModuleContext): PageHeads {
  const kept = new LRUCache<string, KeptMeta>({ max: CACHED_HEADS });
  return async (request, page, routes) => {
    const origin = originOf(request);
    const tenant = await tenantOfHost(ctx, request.hostname);
    const listed = listedLanguages(tenant.languages);
    const language = page.language ?? listed.fallback;
    const key = JSON.stringify([tenant.id, page.route.name, language, page.args]);
    const now = ctx.now().getTime();
    let entry = kept.get(key);
    if (!entry || entry.routes !== routes || now - entry.at >= HEAD_CACHE_MS) {
      const meta = await pageMeta(ctx, tenant.brand, routes, page.route, page.args, language);
      kept.set(key, (entry = { at: now, routes, meta }));
    }
    if (!entry.meta) return { status: 404, language, tags: notFoundHead(language, tenant.brand) };
    const tags = renderHead(entry.meta, { origin, route: page.route, args: page.args, language, listed });
    return { status: 200, language, tags };
  };
}
