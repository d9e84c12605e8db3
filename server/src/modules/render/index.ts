import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type {
  Language,
  ManifestRemote,
  PartOutcome,
  RenderedPage,
  SeoText,
  SharedLoads,
  ShellRenderer,
} from '@velvet/contracts';
import type { PageBodies, PageBody } from '../../shell-html';
import { scriptJson } from '../../http/script-json';
import { visitorOf } from '../../http/visitor';
import { styleHash } from '../../http/security-headers';
import { createAnonymous, issue } from '../auth/service';
import { GUEST_SESSION_MS } from '../auth/sessions';
import { pageManifest, recordServerRender } from '../federation';
import { remoteStoreDir } from '../federation/store';
import type { ModuleContext, ServerModule } from '../module';

/** Rendered pages kept at once (tens of KB each), least recently used out first. */
const CACHED_PAGES = 2_000;
/** Loads' answers kept at once for the renders (a page asks for one to four), least recently used out first. */
const SHARED_ANSWERS = 2_000;

/** The shell's renderer, when the shell is built (read once: a rebuilt shell needs a restart, as its bundles do). */
function loadRenderer(repoRoot: string): ShellRenderer | null {
  const file = path.join(repoRoot, 'shell', 'dist', 'server', 'render.cjs');
  return existsSync(file) ? (createRequire(import.meta.url)(file) as { renderer: ShellRenderer }).renderer : null;
}

/**
 * A REST or GraphQL call of the renderer, answered by this server's own routes in-process (no socket): the same
 * validation, answers and caches as a browser's call, as the page's visitor (its host and address, the renders' token).
 */
function inProcessFetch(app: FastifyInstance, request: FastifyRequest): typeof fetch {
  return async (input, init) => {
    const call = input instanceof Request ? input : new Request(input, init);
    const url = new URL(call.url);
    const headers = Object.fromEntries(call.headers);
    const body = call.method === 'GET' || call.method === 'HEAD' ? undefined : await call.text();
    const answer = await app.inject({
      method: call.method as 'GET',
      url: url.pathname + url.search,
      headers: { ...headers, host: request.headers.host ?? 'localhost' },
      remoteAddress: request.ip,
      ...(body === undefined ? {} : { payload: body }),
    });
    const answerHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers))
      if (value !== undefined) answerHeaders.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    return new Response(answer.statusCode === 204 ? null : new Uint8Array(answer.rawPayload), {
      status: answer.statusCode,
      headers: answerHeaders,
    });
  };
}

/**
 * The token the renders call with: an anonymous visitor's, as a first visit's browser holds one (the structured
 * queries answer no call without a token). One per process, made at the first render and made again when half its
 * session's lifetime has passed, so a process that runs for weeks never renders with an ended one.
 */
function renderVisitor(ctx: ModuleContext, app: FastifyInstance): () => Promise<string> {
  let current: { token: Promise<string>; at: number } | null = null;
  return () => {
    const now = ctx.now();
    if (!current || now.getTime() - current.at >= GUEST_SESSION_MS / 2) {
      const token = createAnonymous(ctx.db).then(async (row) => (await issue(app, ctx, row, now)).accessToken);
      // A failed start is not kept: the next render tries again.
      token.catch(() => (current = null));
      current = { token, at: now.getTime() };
    }
    return current.token;
  };
}

/**
 * The renders' loads, shared as the REST answers are (http/visitor-cache.ts): a page is rendered for an anonymous
 * visitor, whose answers are the same for all, so each is loaded once per `ttlMs` for every render meanwhile (those
 * arriving while it loads wait for that load), and its parsed answer is handed to each. For one more `ttlMs` the
 * kept answer still goes out at once while a single reload runs, so an answer is never older than twice the ttl. A
 * failed load is not kept. A ttl of 0 turns it off.
 */
export function sharedLoads(ttlMs: number, now: () => number): SharedLoads {
  const answers = new LRUCache<string, { value: unknown; at: number }>({
    max: SHARED_ANSWERS,
    ttl: Math.max(2 * ttlMs, 1),
    perf: { now },
    ttlResolution: 0,
    // An answer past its time is dropped then, not when the cache is full: answers hold whole lists.
    ttlAutopurge: true,
  });
  const loading = new Map<string, Promise<unknown>>();
  const reload = (key: string, load: () => Promise<unknown>) => {
    let pending = loading.get(key);
    if (!pending) {
      const at = now();
      pending = new Promise<unknown>((resolve) => resolve(load())).then((value) => {
        answers.set(key, { value, at });
        return value;
      });
      const settled = () => void loading.delete(key);
      pending.then(settled, settled);
      loading.set(key, pending);
    }
    return pending;
  };
  return {
    load: (key, load) => {
      if (ttlMs <= 0) return load();
      const kept = answers.get(key);
      if (!kept) return reload(key, load);
      // Past its time: this render gets it still, the next ones the reloaded answer (a failed reload is not seen).
      if (now() - kept.at > ttlMs) reload(key, load).catch(() => undefined);
      return Promise.resolve(kept.value);
    },
    kept: (key) => (ttlMs > 0 ? answers.get(key) : undefined),
  };
}

interface Kept {
  at: number;
  page: RenderedPage;
  /** The page's state as the <script> element it goes out in, made once per render. */
  data: string;
  /** The style sheets as <style> elements and the hashes the page's policy allows them by, made once per render. */
  head: string;
  styleHashes: string[];
  /** Names the render while it is kept for every visitor (shell-html compresses it once by this name). */
  keptAs?: string;
}

/** Line feeds only, as the browser hashes a <style> element's text (its parser turns carriage returns into them). */
const asParsed = (css: string) => css.replace(/\r\n?/g, '\n');

/**
 * The page bodies shell-html serves: each page's first screen rendered by the shell's renderer with the tenant's
 * versions (the visitor's canaries included), the same for every visitor, so it is kept for PAGE_CACHE_MS per
 * tenant, URL and versions, and its loads' answers for VISITOR_CACHE_MS. A part the owner remote's node build could not render is left to the browser, logged
 * and not kept. A page's SEO text comes from `seoTexts` (the seo module's, held in memory) with the tenant's brand.
 */
export async function pageBodies(
  ctx: ModuleContext,
  app: FastifyInstance,
  seoTexts?: (tags: readonly string[], language: Language, brand: string) => SeoText[],
): Promise<PageBodies | undefined> {
  if (!ctx.config.serverRender) return undefined;
  const renderer = loadRenderer(ctx.config.repoRoot);
  if (!renderer) {
    ctx.log.warn('the shell has no server build: pages are rendered in the browser');
    return undefined;
  }
  const storeDir = remoteStoreDir(ctx.config);
  const serverEntry = (remote: ManifestRemote) =>
    path.join(storeDir, remote.name, remote.version, 'server', 'remoteEntry.js');
  const kept = new LRUCache<string, Kept>({ max: CACHED_PAGES });
  let keptRenders = 0;
  const shared = sharedLoads(ctx.config.visitorCacheMs, () => ctx.now().getTime());
  const visitorToken = renderVisitor(ctx, app);
  // The main tenant's pinned builds are loaded before the first page is asked for.
  const unloaded = await renderer.preloadRemotes(
    await pageManifest(ctx, { tenant: undefined, hostname: 'localhost', visitor: undefined }),
    serverEntry,
  );
  for (const { remote, error } of unloaded)
    ctx.log.warn({ remote: remote.name, version: remote.version, err: error }, 'a node build did not load');
  /**
   * A failed part counts like a failed browser load (health view, a canary's rollback). A success is not stored: it
   * would be a write per render, and a canary's browser failures must not be diluted by renders that worked on the
   * server (its node build says nothing of its browser build).
   */
  const report = (tenant: string, part: PartOutcome, durationMs: number) => {
    const { remote } = part;
    if (part.outcome === 'server') return;
    ctx.log.warn(
      { remote: remote.name, version: remote.version, place: part.place, stage: part.stage, err: part.error },
      'a part of a page was left to the browser',
    );
    // Code that was still loading is no fault of the build: logged, not counted.
    if (part.warming) return;
    void recordServerRender(ctx, {
      tenant,
      remote: remote.name,
      version: remote.version,
      channel: remote.channel ?? 'pinned',
      outcome: 'failure',
      stage: part.stage,
      durationMs: Math.round(durationMs),
      error: part.error,
    });
  };

  return async (request): Promise<PageBody | null> => {
    const url = request.url;
    const tenant = new URLSearchParams(url.split('?')[1] ?? '').get('tenant') ?? undefined;
    const manifest = await pageManifest(ctx, {
      tenant,
      hostname: request.hostname,
      visitor: visitorOf(request),
    });
    const key = JSON.stringify([manifest.tenant.id, url, manifest.remotes.map((remote) => remote.version)]);
    const now = ctx.now().getTime();
    let entry = kept.get(key);
    const started = performance.now();
    if (!entry || now - entry.at >= ctx.config.pageCacheMs) {
      const page = await renderer.renderPage({
        manifest,
        url,
        serverEntry,
        fetch: inProcessFetch(app, request),
        token: await visitorToken(),
        budgetMs: ctx.config.renderBudgetMs,
        shared,
        ...(seoTexts
          ? { seoText: (tag, language) => seoTexts([tag], language, manifest.tenant.brand)[0] ?? null }
          : {}),
      });
      const styles = page.styles.map(asParsed);
      entry = {
        at: now,
        page,
        data: `<script type="application/json" id="vv-ssr">${scriptJson(page.state)}</script>`,
        head: styles.map((css) => `<style>${css}</style>`).join(''),
        styleHashes: styles.map(styleHash),
      };
      const renderMs = performance.now() - started;
      for (const part of page.parts) report(manifest.tenant.id, part, renderMs);
      // A page with a part left to the browser is not kept: the next request tries the server again.
      if (page.parts.every((part) => part.outcome === 'server') && ctx.config.pageCacheMs > 0) {
        entry.keptAs = String(++keptRenders);
        kept.set(key, entry);
      }
    }
    const { page } = entry;
    return {
      html: page.html,
      head: entry.head,
      styleHashes: entry.styleHashes,
      data: entry.data,
      renderMs: performance.now() - started,
      sharedSeconds: Math.floor(ctx.config.pageCacheMs / 1000),
      ...(entry.keptAs === undefined ? {} : { keptAs: entry.keptAs }),
    };
  };
}

/** Server-rendered pages: no routes of its own; shell-html asks `pageBodies` for every page. */
export const renderModule: ServerModule = { name: 'render' };
