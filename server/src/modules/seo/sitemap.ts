import type { WriteStream } from 'node:fs';
import { Readable, Writable, type Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  ErrorLevel,
  LIMITS,
  SitemapAndIndexStream,
  SitemapIndexStream,
  SitemapStream,
  type IndexItem,
  type SitemapItemLoose,
} from 'sitemap';

/** One part of a tenant's sitemap (performers, videos, ...): its name and its URLs. */
export interface SitemapPart {
  name: string;
  items: SitemapItemLoose[];
}

/** A tenant's sitemap: the index (`/sitemap.xml`) and the files it names by their name under `/sitemaps/`. */
export interface SitemapFiles {
  index: string;
  files: Map<string, string>;
}

/** A stream's output as text, held in memory: the files are kept whole for the cache anyway. */
function collector() {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  return { sink, text: () => Buffer.concat(chunks).toString('utf8') };
}

async function render(items: Iterable<unknown>, stream: Transform): Promise<string> {
  const { sink, text } = collector();
  await pipeline(Readable.from(items), stream, sink);
  return text();
}

const newest = (items: readonly SitemapItemLoose[]) =>
  items.reduce<string | undefined>(
    (latest, item) => (!latest || (item.lastmod ?? '') > latest ? item.lastmod : latest),
    undefined,
  );

/**
 * The XML of every part, each split by sitemap.js into files of at most `limit` URLs (the protocol allows 50,000
 * per file; with the hreflang links of four languages a full file stays well below its 50 MB): `<part>.xml`, or
 * `<part>-1.xml`, `<part>-2.xml`, ... when one file does not hold it. An empty part has no file. The index names every
 * file on `origin` with the newest `lastmod` of its URLs.
 */
export async function writeSitemaps(
  origin: string,
  parts: readonly SitemapPart[],
  limit: number = LIMITS.MAX_URL_ENTRIES,
): Promise<SitemapFiles> {
  const files = new Map<string, string>();
  const entries: IndexItem[] = [];
  for (const part of parts) {
    const numbered = part.items.length > limit;
    const made: Array<{ entry: IndexItem; name: string; text: () => string }> = [];
    const splitter = new SitemapAndIndexStream({
      limit,
      level: ErrorLevel.THROW,
      getSitemapStream: (i) => {
        const name = numbered ? `${part.name}-${i + 1}.xml` : `${part.name}.xml`;
        const sitemap = new SitemapStream({
          hostname: origin,
          level: ErrorLevel.THROW,
          xmlns: { xhtml: true, news: false, video: false, image: false },
        });
        const { sink, text } = collector();
        sitemap.pipe(sink);
        const lastmod = newest(part.items.slice(i * limit, (i + 1) * limit));
        const entry = { url: `${origin}/sitemaps/${name}`, ...(lastmod ? { lastmod } : {}) };
        made.push({ entry, name, text });
        // sitemap.js only awaits the target's 'finish' before it starts the next file; any writable will do.
        return [entry, sitemap, sink as WriteStream];
      },
    });
    // The splitter's own output indexes this part's files alone; the tenant's one index names them with the others'.
    await pipeline(Readable.from(part.items), splitter, collector().sink);
    for (const { entry, name, text } of made) {
      files.set(name, text());
      entries.push(entry);
    }
  }
  return { index: await render(entries, new SitemapIndexStream({ level: ErrorLevel.THROW })), files };
}
