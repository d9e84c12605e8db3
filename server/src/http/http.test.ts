import assert from 'node:assert/strict';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { rm } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import { DECLARED_ROUTES, type ErrorBody } from '@velvet/contracts';
import { createTestApp, type TestApp } from '../testing/app';
import { SHELL_HTML, fixtureRepo, repositoryDescriptor } from '../testing/fixtures';
import { createPerformer } from '../modules/performers/fixtures';
import { matchShellPath } from '../shell-html';
import { loadConfig } from '../config';

let t: TestApp;
let repoRoot: string;
before(async () => {
  // The pages served are those the shell and the tenant's remotes declare.
  repoRoot = await fixtureRepo(
    (['mf-chat', 'mf-media', 'mf-tv'] as const).map((name) => ({
      descriptor: repositoryDescriptor(name),
      version: '1.0.0',
    })),
  );
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

/**
 * The shell's HTML as sent: the built page, nothing of the answer's own in it (no nonce), under the policy of every
 * answer (scripts and styles from the site's own files only: this app renders no part with style sheets); a page of
 * the route table has its own head (language, title and the tags the seo module's tests check) in place of the built
 * title, the rest of the page is as built.
 */
function expectShellPage(response: { body: string; headers: Record<string, unknown> }, context: string) {
  const policy = String(response.headers['content-security-policy']);
  assert.match(policy, /script-src 'self';/, context);
  assert.match(policy, /style-src 'self';/, context);
  assert.doesNotMatch(response.body, /nonce/, context);
  const head = /<head>(<title>[^<]*<\/title>.*)<\/head>/.exec(response.body);
  assert.ok(head, `${context}: ${response.body}`);
  const asBuilt = response.body.replace(/^<!doctype html><html lang="(de|en|nl|es)">/, '<!doctype html><html>');
  assert.equal(asBuilt.replace(head[1]!, '<title>Velvet</title>'), SHELL_HTML);
}

describe('security headers', () => {
  test('every answer carries the policy, nosniff, no framing and the referrer rule; HSTS only over TLS', async () => {
    const response = await t.app.inject({ url: '/rest/v1/alive' });
    const policy = String(response.headers['content-security-policy']);
    for (const directive of [
      "default-src 'self'",
      "script-src 'self';",
      "style-src 'self';",
      "frame-ancestors 'none'",
    ]) {
      assert.ok(policy.includes(directive), `${directive} in ${policy}`);
    }
    assert.doesNotMatch(policy, /unsafe|upgrade-insecure-requests/);
    assert.equal(response.headers['x-content-type-options'], 'nosniff');
    assert.equal(response.headers['x-frame-options'], 'DENY');
    assert.equal(response.headers['referrer-policy'], 'strict-origin-when-cross-origin');
    assert.equal(response.headers['strict-transport-security'], undefined);
    const forged = await t.app.inject({ url: '/rest/v1/alive', headers: { 'x-forwarded-proto': 'https' } });
    assert.equal(forged.headers['strict-transport-security'], undefined, 'no proxy is trusted here');
  });

  test('behind a trusted proxy its X-Forwarded-Proto counts (HSTS over TLS), nobody else’s', async () => {
    const proxied = await createTestApp({ config: { repoRoot, trustProxy: ['10.0.0.0/8'] } });
    try {
      const headers = { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https' };
      const viaProxy = await proxied.app.inject({ url: '/rest/v1/alive', headers, remoteAddress: '10.1.2.3' });
      assert.equal(viaProxy.headers['strict-transport-security'], 'max-age=31536000; includeSubDomains');
      const direct = await proxied.app.inject({ url: '/rest/v1/alive', headers, remoteAddress: '198.51.100.4' });
      assert.equal(direct.headers['strict-transport-security'], undefined);
    } finally {
      await proxied.close();
    }
  });

  test('the API documentation may use inline styles, never inline scripts', async () => {
    const response = await t.app.inject({ url: '/docs/' });
    assert.equal(response.statusCode, 200);
    const policy = String(response.headers['content-security-policy']);
    assert.match(policy, /style-src 'self' 'unsafe-inline'/);
    assert.match(policy, /script-src 'self';/);
  });

  test('TRUST_PROXY takes addresses, ranges and range names, and refuses anything else', () => {
    const dataDir = repoRoot;
    assert.deepEqual(loadConfig({ DATA_DIR: dataDir }).trustProxy, []);
    assert.deepEqual(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: ' loopback, 10.0.0.0/8 ,::1' }).trustProxy, [
      'loopback',
      '10.0.0.0/8',
      '::1',
    ]);
    for (const bad of ['everyone', '10.0.0.0/33', '300.1.1.1', '10.0.0.0/8/1']) {
      assert.throws(() => loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: bad }), /TRUST_PROXY/, bad);
    }
  });
});

describe('shell HTML', () => {
  test('is served for /, /<lang>/ and every localized route', async () => {
    await createPerformer(t.ctx.db, { name: 'anna' });
    for (const url of [
      '/',
      '/de',
      '/nl/',
      '/en/new-girls',
      '/de/neue-girls',
      '/es/chicas-nuevas',
      '/nl/new-girls',
      '/de/amateur/anna/videos',
      '/en/tv/program?scrollTo=now',
    ]) {
      const response = await t.app.inject({ url });
      assert.equal(response.statusCode, 200, url);
      expectShellPage(response, url);
      assert.equal(response.headers['cache-control'], 'no-cache');
    }
    const [first, second] = [await t.app.inject({ url: '/' }), await t.app.inject({ url: '/' })];
    assert.equal(first.body, second.body, 'the same page for every answer');
    assert.equal(first.headers['content-security-policy'], second.headers['content-security-policy']);
  });

  test('answers unknown paths with 404 and the same HTML', async () => {
    // Paths of no route, and pages of a performer and a video that do not exist (no soft 404 for a crawler).
    for (const url of [
      '/fr/',
      '/de/new-girls',
      '/en/neue-girls',
      '/en/no-such-page',
      '/de/amateur/nobody/ueber-mich',
      '/de/amateur/anna/videos/42',
    ]) {
      const response = await t.app.inject({ url });
      assert.equal(response.statusCode, 404, url);
      expectShellPage(response, url);
    }
    // A route of the platform whose remote this server does not serve is no mistake of the visitor's: she is
    // sent to the start page, and the status bar tells her why.
    const gone = await t.app.inject({ url: '/en/feed' });
    assert.equal(gone.statusCode, 302);
    assert.equal(gone.headers.location, '/en/');
  });

  test('sends pages compressed as the browser accepts, while an unknown API path keeps its JSON 404', async () => {
    await createPerformer(t.ctx.db, { name: 'bella' });
    const url = '/de/amateur/bella/ueber-mich';
    const plain = await t.app.inject({ url });
    assert.equal(plain.statusCode, 200);
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.ok(plain.body.length > 1024, 'a page large enough to be compressed');
    const accepts = { 'accept-encoding': 'br, gzip' };
    const brotli = await t.app.inject({ url, headers: accepts });
    assert.equal(brotli.statusCode, 200);
    assert.equal(brotli.headers['content-encoding'], 'br');
    assert.match(String(brotli.headers['content-type']), /^text\/html/);
    const html = brotliDecompressSync(brotli.rawPayload).toString();
    expectShellPage({ body: html, headers: brotli.headers }, url);
    assert.equal(html, plain.body, 'the same page');
    assert.match(String(brotli.headers.vary), /accept-encoding/i);
    const again = await t.app.inject({ url, headers: accepts });
    assert.deepEqual(again.rawPayload, brotli.rawPayload, 'the same bytes, compressed once');
    // An encoding the page cache does not keep is still served, by the route's own compression.
    const deflated = await t.app.inject({ url, headers: { 'accept-encoding': 'deflate' } });
    assert.equal(deflated.headers['content-encoding'], 'deflate');
    const refused = await t.app.inject({ url, headers: { 'accept-encoding': 'br;q=0, gzip;q=0' } });
    assert.equal(refused.headers['content-encoding'], undefined);
    assert.equal(refused.body, plain.body);
    const gzipped = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    assert.equal(gzipped.headers['content-encoding'], 'gzip');
    assert.match(gunzipSync(gzipped.rawPayload).toString(), /<title>/);
    // A missing performer's page keeps its status (its fixture HTML is below the compression threshold).
    const missingPage = await t.app.inject({ url: '/de/amateur/nobody/ueber-mich', headers: accepts });
    assert.equal(missingPage.statusCode, 404);
    assert.match(String(missingPage.headers['content-type']), /^text\/html/);
    const api = await t.app.inject({ url: '/rest/v1/no/such/route', headers: accepts });
    assert.equal(api.statusCode, 404);
    assert.deepEqual(api.json<ErrorBody>(), {
      statusCode: 404,
      code: 'NOT_FOUND',
      message: 'No route /rest/v1/no/such/route',
    });
    const file = await t.app.inject({ url: '/shell/missing.0123abcd.js', headers: accepts });
    assert.equal(file.statusCode, 404);
    assert.equal(file.json<ErrorBody>().code, 'NOT_FOUND');
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

  test('prefers static segments over parameters, whatever the order of the table', () => {
    for (const table of [DECLARED_ROUTES, [...DECLARED_ROUTES].reverse()]) {
      const classic = matchShellPath('/en/amateur/anna/videos/classic', table);
      assert.ok(classic.kind === 'page' && classic.route.name === 'actorClassicVideos');
      const video = matchShellPath('/en/amateur/anna/videos/42', table);
      assert.ok(video.kind === 'page' && video.route.name === 'videoDetails');
      const promo = matchShellPath('/de/magazin/aktion/easter', table);
      assert.ok(promo.kind === 'page' && promo.route.name === 'magazinePromo');
    }
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
