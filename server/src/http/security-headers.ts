import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { LRUCache } from 'lru-cache';
import fastifyHelmet from '@fastify/helmet';

/** A year, as browsers' HSTS preload rules ask. */
const HSTS_SECONDS = 365 * 24 * 60 * 60;

/**
 * The Content-Security-Policy of every answer: only the site's own scripts run (no inline script, no eval),
 * styles come from its own files or from the <style> elements the server wrote into the page, each allowed by the
 * hash of its text (so a page is the same bytes for every visitor and is compressed once), images and media may also be
 * data: and blob: URLs (the player feeds video through blob: MediaSource URLs and may run its demuxer in a blob:
 * worker), and the page talks only to its own origin (CSP 3 lets 'self' match the same host's ws: and wss:).
 * No page may frame the site.
 */
const DIRECTIVES = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  mediaSrc: ["'self'", 'data:', 'blob:'],
  workerSrc: ["'self'", 'blob:'],
  connectSrc: ["'self'"],
  fontSrc: ["'self'", 'data:'],
  objectSrc: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  // Served over plain HTTP on loopback and behind TLS-terminating proxies alike: no forced upgrade.
  upgradeInsecureRequests: null,
} as const;

const policy = (styleHashes: readonly string[] = []) => ({
  directives: styleHashes.length ? { ...DIRECTIVES, styleSrc: [...DIRECTIVES.styleSrc, ...styleHashes] } : DIRECTIVES,
  useDefaults: false,
});

/**
 * Security headers on every answer (helmet): the policy above, nosniff, no framing, a referrer that leaves only
 * the origin on other sites. HSTS only on a request that really came over TLS (directly, or from a trusted proxy
 * that says so), since a browser told so over plain HTTP would lock itself out of a loopback server.
 */
export async function installSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: policy(),
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', `max-age=${HSTS_SECONDS}; includeSubDomains`);
    }
  });
}

/** Style sheets hashed: every page rendered carries the same few (a tenant's theme, the remotes' own). */
const styleHashes = new LRUCache<string, string>({ max: 64 });

/**
 * The policy source of one <style> element the server writes: the SHA-256 of its text, which the browser checks
 * before it applies the element. The text must go out exactly as hashed, with line feeds only: the HTML parser
 * turns carriage returns into line feeds before the browser hashes (CSS in <style> has no entities).
 */
export function styleHash(css: string): string {
  let hash = styleHashes.get(css);
  if (hash === undefined) {
    hash = `'sha256-${createHash('sha256').update(css).digest('base64')}'`;
    styleHashes.set(css, hash);
  }
  return hash;
}

/** The policy of a page that carries <style> elements: each allowed by its hash (`styleHash`), no other. */
export function allowPageStyles(reply: FastifyReply, styleHashes: readonly string[]): void {
  if (styleHashes.length) reply.helmet({ contentSecurityPolicy: policy(styleHashes) });
}

/**
 * The API documentation (swagger UI, under /docs) sets inline styles on its elements: its pages alone may, while
 * scripts stay the site's own there too.
 */
export const docsPolicy = (policy: string) => policy.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'");
