import assert from 'node:assert/strict';
import { brotliCompressSync, brotliDecompressSync, constants as zlibConstants, gunzipSync } from 'node:zlib';
import { describe, test } from 'node:test';
import { compressedPages, preferredEncoding } from './compressed-pages';

describe('preferredEncoding', () => {
  test('brotli or gzip by their weights, brotli on a tie, none when neither is accepted', () => {
    assert.equal(preferredEncoding('gzip, deflate, br, zstd'), 'br');
    assert.equal(preferredEncoding('br;q=0.5, gzip'), 'gzip');
    assert.equal(preferredEncoding('gzip;q=0.8, br;q=0.8'), 'br');
    assert.equal(preferredEncoding('x-gzip'), 'gzip');
    assert.equal(preferredEncoding('BR ; Q=1'), 'br');
    assert.equal(preferredEncoding('br;q=0, gzip;q=0'), null);
    assert.equal(preferredEncoding('br;q=nonsense'), null);
    assert.equal(preferredEncoding('deflate'), null);
    assert.equal(preferredEncoding('*'), null);
    assert.equal(preferredEncoding('identity'), null);
    assert.equal(preferredEncoding(''), null);
    assert.equal(preferredEncoding(undefined), null);
    assert.equal(preferredEncoding(['br']), null);
  });
});

describe('compressedPages', () => {
  const page = `<!doctype html><html><body>${'<p>Velvet</p>'.repeat(200)}</body></html>`;

  test('compresses a page once per encoding, and answers every later request with the same bytes', async () => {
    const pages = compressedPages({ threshold: 1024, brotliOptions: {} });
    const [first, second] = await Promise.all([pages.of(page, 'br'), pages.of(page, 'br, gzip')]);
    assert.equal(first?.encoding, 'br');
    assert.equal(brotliDecompressSync(first!.bytes).toString(), page);
    assert.equal(second?.bytes, first!.bytes, 'asked while compressing: the same work');
    assert.equal((await pages.of(page, 'br'))?.bytes, first!.bytes, 'asked later: kept');
    const gzipped = await pages.of(page, 'gzip');
    assert.equal(gzipped?.encoding, 'gzip');
    assert.equal(gunzipSync(gzipped!.bytes).toString(), page);
    const other = await pages.of(`${page}<!-- another page -->`, 'br');
    assert.notEqual(other?.bytes, first!.bytes, 'another page is compressed for itself');
    assert.equal(brotliDecompressSync(other!.bytes).toString(), `${page}<!-- another page -->`);
  });

  test("a key names the bytes of a page; a page that is its answer's own is compressed for it and not kept", async () => {
    const pages = compressedPages({ threshold: 1024, brotliOptions: {} });
    const named = await pages.of(page, 'br', 'render 1');
    assert.equal((await pages.of(page, 'br', 'render 1'))?.bytes, named!.bytes, 'the same name: the kept bytes');
    assert.notEqual((await pages.of(page, 'br', 'render 2'))?.bytes, named!.bytes, 'another name: compressed again');
    const [own, again] = await Promise.all([pages.of(page, 'br', null), pages.of(page, 'br', null)]);
    assert.notEqual(own?.bytes, again?.bytes, 'each answer of its own is compressed for itself');
    assert.equal(brotliDecompressSync(own!.bytes).toString(), page);
    assert.equal(gunzipSync((await pages.of(page, 'gzip', null))!.bytes).toString(), page);
  });

  test("a page that is its answer's own is compressed with brotli's settings for those, a kept one with the others", async () => {
    const quality = (level: number) => ({ params: { [zlibConstants.BROTLI_PARAM_QUALITY]: level } });
    const pages = compressedPages({ threshold: 1024, brotliOptions: quality(11), ownBrotliOptions: quality(0) });
    const kept = await pages.of(page, 'br', 'render 1');
    const own = await pages.of(page, 'br', null);
    assert.equal(brotliDecompressSync(own!.bytes).toString(), page);
    assert.deepEqual(own!.bytes, brotliCompressSync(page, quality(0)), 'the own settings');
    assert.deepEqual(kept!.bytes, brotliCompressSync(page, quality(11)), 'the kept settings');
  });

  test('leaves small pages and other encodings to the route', async () => {
    const pages = compressedPages({ threshold: 1024, brotliOptions: {} });
    assert.equal(await pages.of('<p>small</p>', 'br'), null);
    assert.equal(await pages.of(page, 'deflate'), null);
    assert.equal(await pages.of(page, undefined), null);
  });
});
