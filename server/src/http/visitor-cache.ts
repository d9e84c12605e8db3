import type { FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';

/**
 * The visitor's country as the edge in front of the server reports it (CDN country header), for the
 * banned-country flag. Without one nobody counts as banned.
 */
export function visitorCountry(request: FastifyRequest): string | null {
  const header = request.headers['cf-ipcountry'];
  const value = Array.isArray(header) ? header[0] : header;
  return value && /^[A-Za-z]{2}$/.test(value) ? value.toUpperCase() : null;
}

/** Serialized answers kept at most, in characters: a few thousand catalogue pages. */
const MAX_CACHED_CHARACTERS = 64 * 1024 * 1024;

/**
 * Catalogue answers for visitors who are not logged in, shared for a moment, as the edge cache of a big cam site
 * does for its anonymous traffic: such an answer depends only on the request (method, path, query, body) and the
 * visitor's country, so it is computed once per `ttlMs` and sent, already serialized, to everyone who asks
 * meanwhile; requests arriving while it is computed wait for that one computation. Online changes reach open
 * pages through the socket, so a list a second old is not stale for them. Logged-in guests (favourites, tickets)
 * always get their own answer. A ttl of 0 turns it off.
 */
export class VisitorCache {
  private readonly answers: LRUCache<string, string, () => Promise<string>> | null;

  constructor(ttlMs: number) {
    this.answers =
      ttlMs > 0
        ? new LRUCache({
            ttl: ttlMs,
            maxSize: MAX_CACHED_CHARACTERS,
            sizeCalculation: (answer) => answer.length || 1,
            fetchMethod: (_key, _stale, { context }) => context(),
          })
        : null;
  }

  /** The answer to `request`: shared when the visitor is not logged in, else (or when off) `compute`'s own. */
  async answer(request: FastifyRequest, compute: () => Promise<string>): Promise<string> {
    if (!this.answers || request.auth?.loggedIn) return compute();
    const key = `${request.method} ${request.url} ${visitorCountry(request) ?? '-'} ${JSON.stringify(request.body ?? null)}`;
    return (await this.answers.fetch(key, { context: compute }))!;
  }
}
