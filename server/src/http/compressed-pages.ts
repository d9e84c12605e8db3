import { promisify } from 'node:util';
import { brotliCompress, gzip, type BrotliOptions } from 'node:zlib';
import { LRUCache } from 'lru-cache';

export type PageEncoding = 'br' | 'gzip';

/**
 * The encoding a browser's Accept-Encoding prefers among brotli and gzip (by weight, brotli on a tie), or null when
 * it gives neither a weight above 0: such answers are left to the route's own compression, which knows the rest.
 */
export function preferredEncoding(header: string | string[] | undefined): PageEncoding | null {
  if (typeof header !== 'string') return null;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';').map((token) => token.trim().toLowerCase());
    const q = params.find((param) => param.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name === 'x-gzip' ? 'gzip' : name, Number.isFinite(weight) ? weight : 0);
  }
  const br = weights.get('br') ?? 0;
  const gzipped = weights.get('gzip') ?? 0;
  if (br <= 0 && gzipped <= 0) return null;
  return br >= gzipped ? 'br' : 'gzip';
}

/** Characters of the pages whose compressed bytes are kept at once, least recently used out. */
const KEPT_PAGE_CHARS = 16 * 1024 * 1024;

const compressors: Record<PageEncoding, (page: string, options: BrotliOptions) => Promise<Buffer>> = {
  br: promisify(brotliCompress) as (page: string, options: BrotliOptions) => Promise<Buffer>,
  gzip: (page) => promisify(gzip)(page),
};

/**
 * Pages compressed once: an answer that is the same bytes for every visitor (a shared page, carrying no nonce) is
 * compressed at its first request in each encoding and sent so until it leaves the cache. Compression runs off the
 * event loop (zlib's thread pool); answers asked while it runs wait for the same work.
 */
export function compressedPages(options: {
  threshold: number;
  /** Brotli's settings for a page that is kept and sent to every visitor asking for it. */
  brotliOptions: BrotliOptions;
  /** Brotli's settings for a page that is its answer's own (by default `brotliOptions`). */
  ownBrotliOptions?: BrotliOptions;
}) {
  const ownBrotliOptions = options.ownBrotliOptions ?? options.brotliOptions;
  const kept = new LRUCache<string, Promise<Buffer>>({ maxSize: KEPT_PAGE_CHARS });
  return {
    /**
     * The page in the encoding the request prefers, or null: too small, or an encoding left to the route. `key` names
     * the page's bytes (by default the page itself; a page of tens of KB is a slow key); null compresses a page that
     * is its answer's own (a render nobody else gets) without keeping it.
     */
    async of(page: string, acceptEncoding: string | string[] | undefined, key: string | null = page) {
      const encoding = preferredEncoding(acceptEncoding);
      if (!encoding || page.length < options.threshold) return null;
      if (key === null) return { encoding, bytes: await compressors[encoding](page, ownBrotliOptions) };
      const cacheKey = `${encoding}\n${key}`;
      let bytes = kept.get(cacheKey);
      if (!bytes) {
        bytes = compressors[encoding](page, options.brotliOptions);
        kept.set(cacheKey, bytes, { size: page.length });
        // A failed compression is not kept: the next answer tries again.
        bytes.catch(() => kept.delete(cacheKey));
      }
      return { encoding, bytes: await bytes };
    },
  };
}
