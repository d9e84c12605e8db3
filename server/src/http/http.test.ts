import assert from 'node:assert/strict';
import { brotliDecompressSync } from 'node:zlib';
import { rm } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import type { ErrorBody } from '@velvet/contracts';
import { createTestApp, type TestApp } from '../testing/app';
import { SHELL_HTML, fixtureRepo } from '../testing/fixtures';
import { matchShellPath } from '../shell-html';

let t: TestApp;
let repoRoot: string;
before(async () => {
  repoRoot = await fixtureRepo([]);
  t = await createTestApp({ config: { repoRoot } });
});
after(async () => {
  await t.close();
  await rm(repoRoot, { recursive: true, force: true });
});

describe('error shapes', () => {
  test('an unknown REST path is a JSON 404 NOT_FOUND', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const response = await t.app.inject({ method, url: '/rest/v1/no/such/route?accessToken=secret' });
      assert.equal(response.statusCode, 404);
      assert.deepEqual(response.json<ErrorBody>(), {
        statusCode: 404,
        code: 'NOT_FOUND',
        message: 'No route /rest/v1/no/such/route',
      });
    }
  });

  test('a wrong content type or an oversized body is a 4xx with a code', async () => {
    const text = await t.app.inject({
      method: 'POST',
      url: '/rest/v1/auth/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'hi',
    });
    assert.equal(text.statusCode, 400);
    assert.equal(text.json<ErrorBody>().code, 'VALIDATION_FAILED');
    const xml = await t.app.inject({
      method: 'POST',
      url: '/rest/v1/auth/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    assert.equal(xml.statusCode, 415);
    assert.equal(xml.json<ErrorBody>().code, 'VALIDATION_FAILED');
    const huge = await t.app.inject({
      method: 'POST',
      url: '/rest/v1/auth/login',
      payload: { email: 'x'.repeat(2_000_000), password: 'x' },
    });
    assert.equal(huge.statusCode, 413);
  });

  test('OpenAPI documents the REST routes', async () => {
    const spec = (await t.app.inject({ url: '/docs/json' })).json();
    assert.ok(spec.paths['/rest/v1/auth/signup'].post);
    assert.ok(spec.paths['/rest/v1/federation/manifest'].get);
    assert.equal(spec.paths['/graphql'], undefined);
  });
});

describe('shell HTML', () => {
  test('is served for /, /<lang>/ and every localized route', async () => {
    for (const url of [
      '/',
      '/de',
      '/nl/',
      '/en/new-girls',
      '/de/neue-girls',
      '/es/chicas-nuevas',
      '/nl/new-girls',
      '/de/amateur/anna/videos/42',
      '/en/tv/program?scrollTo=now',
    ]) {
      const response = await t.app.inject({ url });
      assert.equal(response.statusCode, 200, url);
      assert.equal(response.body, SHELL_HTML);
      assert.equal(response.headers['cache-control'], 'no-cache');
    }
  });

  test('answers unknown paths with 404 and the same HTML', async () => {
    for (const url of ['/fr/', '/de/new-girls', '/en/neue-girls', '/en/no-such-page']) {
      const response = await t.app.inject({ url });
      assert.equal(response.statusCode, 404, url);
      assert.equal(response.body, SHELL_HTML);
    }
  });

  test('redirects an actor name with capitals to the lower-case path', async () => {
    const response = await t.app.inject({ url: '/de/amateur/AnnaBell/ueber-mich?scrollTo=x' });
    assert.equal(response.statusCode, 301);
    assert.equal(response.headers.location, '/de/amateur/annabell/ueber-mich?scrollTo=x');
  });

  test('serves hashed shell files immutable, brotli-compressed to browsers that accept it', async () => {
    const plain = await t.app.inject({ url: '/shell/shell.0123abcd.js' });
    assert.equal(plain.statusCode, 200);
    assert.equal(plain.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(plain.body, 'console.log("shell")');
    const brotli = await t.app.inject({
      url: '/shell/shell.0123abcd.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    assert.equal(brotli.statusCode, 200);
    assert.equal(brotli.headers['content-encoding'], 'br');
    assert.equal(brotli.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal(brotli.headers.vary, 'accept-encoding');
    assert.match(String(brotli.headers['content-type']), /javascript/);
    assert.equal(brotliDecompressSync(brotli.rawPayload).toString(), 'console.log("shell")');
  });

  test('matches routes of the table in each language', () => {
    const match = matchShellPath('/es/amateur/anna/sobre-mi');
    assert.ok(match.kind === 'page' && match.route.name === 'actorAbout' && match.language === 'es');
    assert.equal(matchShellPath('/en/amateur/anna/about-me/extra').kind, 'unknown');
  });
});

describe('shell not built', () => {
  test('answers 503 naming the build command', async () => {
    const bare = await createTestApp({ config: { repoRoot: '/nonexistent-velvet-repo' } });
    try {
      const response = await bare.app.inject({ url: '/en/' });
      assert.equal(response.statusCode, 503);
      assert.match(response.body, /--filter @velvet\/shell build/);
    } finally {
      await bare.close();
    }
  });
});
