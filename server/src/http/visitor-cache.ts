import type { FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';

/**
 * The visitor's country as the edge in front of the server reports it (CDN country header), for the
 * banned-country flag: believed only from a trusted proxy (TRUST_PROXY), since anyone else could pick their
 * country. Without one nobody counts as banned.
 */
export function visitorCountry(request: FastifyRequest): string | null {
  if (!request.server.trustsProxy(request.socket.remoteAddress)) return null;
  const header = request.headers['cf-ipcountry'];
  const value = Array.isArray(header) ? header[0] : header;
  return value && /^[A-Za-z]{2}$/.test(value) ? value.toUpperCase() : null;
}

/** Answers kept at most, in characters of their JSON: a few thousand catalogue pages. */
const MAX_CACHED_CHARACTERS = 64 * 1024 * 1024;

type Compute = () => Promise<unknown>;

/**
 * Catalogue answers for visitors who are not logged in, shared for a moment, as the edge cache of a big cam site
 * does for its anonymous traffic: such an answer depends only on the request (a REST route's method, path, query
 * and body, a structured query's field and arguments) and the visitor's country, so it is computed once per
 * `ttlMs` and handed to everyone who asks meanwhile; requests arriving while it is computed wait for that one
 * computation. For one more `ttlMs` after that (stale-while-revalidate) the kept answer still goes out at once
 * while a single recomputation runs, so no visitor waits for a slow catalogue query on a busy page; an answer is
 * never older than twice the ttl. Online changes reach open pages through the socket, so a list a few seconds
 * old is not stale for them. Logged-in guests (favourites, tickets) always get their own answer. A ttl of 0
 * turns it off.
 */
export class VisitorCache {
  private readonly answers: LRUCache<string, NonNullable<unknown>, Compute> | null;

  /** `now` in milliseconds: the server's clock (`ctx.now()`), so that tests move it instead of waiting. */
  constructor(
    private readonly ttlMs: number,
    now: () => number,
  ) {
    this.answers =
      ttlMs > 0
        ? new LRUCache<string, NonNullable<unknown>, Compute>({
            ttl: ttlMs,
            perf: { now },
            // Every read asks the clock: the default keeps a reading for 1 ms, which a test's clock jumps past.
            ttlResolution: 0,
            maxSize: MAX_CACHED_CHARACTERS,
            sizeCalculation: (answer) =>
              (typeof answer === 'string' ? answer : (JSON.stringify(answer) ?? '')).length || 1,
            fetchMethod: async (_key, _stale, { context }) => (await context()) as NonNullable<unknown>,
          })
        : null;
  }

  /**
   * The REST answer to `request`, serialized: shared when the visitor is not logged in, else `compute`'s own.
   * Kept per route and what its schemas made of params, query and body (unknown keys dropped, values coerced),
   * never per raw URL: a parameter the route does not read neither bypasses the shared answer nor adds one.
   */
  answer(request: FastifyRequest, compute: () => Promise<string>): Promise<string> {
    const { method, routeOptions, params, query, body } = request;
    const input = JSON.stringify([params ?? null, query ?? null, body ?? null]);
    return this.shared(request, `${method} ${routeOptions.url} ${input}`, compute) as Promise<string>;
  }

  /** Drops every kept answer (a change of what tenants serve, on any process): the next request computes its own. */
  clear(): void {
    this.answers?.clear();
  }

  /** Whether this visitor gets shared answers: not logged in, and the cache is on. */
  shares(request: FastifyRequest): boolean {
    return this.answers !== null && !request.auth?.loggedIn;
  }

  /** The answer named `key` for this visitor: shared when not logged in (and the cache is on), else `compute`'s. */
  async shared<T>(request: FastifyRequest, key: string, compute: () => Promise<T>): Promise<T> {
    const answers = this.shares(request) ? this.answers : null;
    if (!answers) return compute();
    const visitorKey = `${visitorCountry(request) ?? '-'} ${key}`;
    // A kept answer past its ttl (negative remaining time) may still go out while it is computed again.
    const allowStale = answers.getRemainingTTL(visitorKey) > -this.ttlMs;
    return (await answers.fetch(visitorKey, { context: compute, allowStale })) as T;
  }
}
