import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { lstat, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { after, before, describe, test, type TestContext } from 'node:test';
import { and, eq } from 'drizzle-orm';
import * as tar from 'tar';
import {
  CONTRACTS_VERSION,
  MAX_REMOTE_BUILD_BYTES,
  PLATFORM_API_VERSION,
  deploymentLogEntry,
  federationManifest,
  pageOf,
  publishedVersion,
  tenantDetails,
  tenantRemote,
  uploadedBuild,
  type ErrorBody,
  type FederationManifest,
  type RemoteDescriptor,
} from '@velvet/contracts';
import { createTestApp, type TestApp } from '../../testing/app';
import { NO_MENUS, fixtureRepo, fixtureRoute, remoteBuild as build } from '../../testing/fixtures';
import { probeUpload } from '../../testing/upload-probe';
import { federationModule } from '.';
import { OPERATOR } from '../auth/operator';
import { remoteDeployments } from './schema';
import { remoteStoreDir } from './store';

const descriptors = {
  tv: {
    name: 'mf-tv',
    federationName: 'mf_tv',
    platform: '^1',
    feature: 'tv',
    routes: [fixtureRoute('tvProgram', 'tv/program')],
    ...NO_MENUS,
    slots: ['home.TV'],
    // As a build writes it: the range of the contracts it was made with, which this server offers.
    contracts: `^${CONTRACTS_VERSION}`,
  },
  feed: {
    name: 'mf-feed',
    federationName: 'mf_feed',
    platform: '^1',
    feature: 'feed',
    routes: [fixtureRoute('feed', 'feed')],
    ...NO_MENUS,
    slots: ['home.Feed'],
  },
  specials: {
    name: 'mf-specials',
    federationName: 'mf_specials',
    platform: '^1',
    feature: 'specials',
    routes: [fixtureRoute('contests', 'contests')],
    ...NO_MENUS,
    slots: ['home.Contests'],
  },
} satisfies Record<string, RemoteDescriptor>;

let t: TestApp;
let repoRoot: string;
let operatorToken: string;
let guestToken: string;
let anonymousToken: string;

before(async () => {
  repoRoot = await fixtureRepo([
    { descriptor: descriptors.tv, version: '1.4.0' },
    { descriptor: descriptors.feed, version: '0.2.0' },
    { descriptor: descriptors.specials, version: '0.1.0' },
  ]);
  // Shared reads kept a minute: every change below must reach the next manifest all the same.
  t = await createTestApp({ config: { repoRoot, visitorCacheMs: 60_000 } });
  operatorToken = await t.operatorToken();
  guestToken = (await t.signup()).accessToken;
  anonymousToken = await t.anonymousToken();
});
after(async () => {
  await t.close();
  await rm(repoRoot, { recursive: true, force: true });
});

/**
 * A tar.gz written entry by entry, as a hand-made archive may be: paths are taken as given (no `..` or leading /
 * is removed as the tar library's packer would), links and folders included.
 */
async function rawArchive(
  entries: Array<{ path: string; content?: string; type?: 'File' | 'Directory' | 'SymbolicLink'; linkpath?: string }>,
): Promise<Buffer> {
  const blocks: Buffer[] = [];
  for (const entry of entries) {
    const content = Buffer.from(entry.content ?? '');
    const header = new tar.Header({
      path: entry.path,
      type: entry.type ?? 'File',
      mode: entry.type === 'Directory' ? 0o755 : 0o644,
      size: content.length,
      mtime: new Date(0),
      ...(entry.linkpath ? { linkpath: entry.linkpath } : {}),
    });
    header.encode();
    blocks.push(header.block!, content, Buffer.alloc((512 - (content.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024));
  return gzipSync(Buffer.concat(blocks));
}

const auth = (token: string | null): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {});

/** `token` null sends none. */
async function upload(remote: string, version: string, body: Buffer, token: string | null = operatorToken) {
  return t.app.inject({
    method: 'POST',
    url: `/rest/v1/federation/remotes/${remote}/versions/${version}`,
    headers: { 'content-type': 'application/gzip', ...auth(token) },
    payload: body,
  });
}

async function call(
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  payload?: object,
  token: string | null = operatorToken,
) {
  return t.app.inject({
    method,
    url: `/rest/v1/federation${url}`,
    headers: auth(token),
    ...(payload ? { payload } : {}),
  });
}

async function ok<T>(response: Awaited<ReturnType<typeof call>>, schema: { parse(value: unknown): T }): Promise<T> {
  assert.equal(response.statusCode, 200, response.body);
  return schema.parse(response.json());
}

function assertError(response: Awaited<ReturnType<typeof call>>, status: number, code: string) {
  assert.equal(response.statusCode, status, response.body);
  assert.equal(response.json<ErrorBody>().code, code);
}

async function manifest(query: string, headers: Record<string, string> = {}): Promise<FederationManifest> {
  const response = await t.app.inject({ url: `/rest/v1/federation/manifest?${query}`, headers });
  assert.equal(response.statusCode, 200, response.body);
  assert.equal(response.headers['cache-control'], 'no-cache');
  return federationManifest.parse(response.json());
}
const versions = (m: FederationManifest) => Object.fromEntries(m.remotes.map((r) => [r.name, r.version]));

describe('registry access', () => {
  const each = (token: string | null) => [
    () => upload('mf-tv', '9.0.0', Buffer.from('x'), token),
    () => call('GET', '/deployments', undefined, token),
    () => call('GET', '/tenants', undefined, token),
    () => call('GET', '/remotes/mf-tv/versions', undefined, token),
    () => call('PUT', '/tenants/velvet/features', { off: ['tv'] }, token),
    () => call('PUT', '/tenants/velvet/remotes/mf-tv/pin', { version: '1.4.0' }, token),
    () => call('PUT', '/tenants/velvet/remotes/mf-tv/canary', { version: '1.4.0', percent: 5 }, token),
    () => call('POST', '/tenants/velvet/remotes/mf-tv/promote', undefined, token),
    () => call('POST', '/tenants/velvet/remotes/mf-tv/rollback', undefined, token),
  ];

  test('without a token every registry call is 401 UNAUTHORIZED', async () => {
    for (const request of each(null)) assertError(await request(), 401, 'UNAUTHORIZED');
  });
  test('an anonymous visitor gets 401 LOGIN_REQUIRED, a guest who is no operator 403 FORBIDDEN', async () => {
    for (const request of each(anonymousToken)) assertError(await request(), 401, 'LOGIN_REQUIRED');
    for (const request of each(guestToken)) assertError(await request(), 403, 'FORBIDDEN');
    for (const request of each('not-a-token')) assertError(await request(), 401, 'TOKEN_INVALID');
  });
  test('nothing changed through the refused calls', async () => {
    const log = await ok(await call('GET', '/deployments?pageSize=100'), pageOf(deploymentLogEntry));
    assert.ok(log.items.every((entry) => entry.actor === 'startup'));
  });
});

describe('upload', () => {
  test('stores a new version in its own folder and records who uploaded it', async () => {
    const response = await upload('mf-tv', '1.5.0', await build(descriptors.tv, 'v150'));
    assert.equal(response.statusCode, 200, response.body);
    assert.deepEqual(uploadedBuild.parse(response.json()), {
      remote: 'mf-tv',
      version: '1.5.0',
      entry: '/remotes/mf-tv/1.5.0/mf-manifest.json',
      files: 5,
      descriptor: descriptors.tv,
    });
    const folder = path.join(remoteStoreDir(t.config), 'mf-tv', '1.5.0');
    assert.match(await readFile(path.join(folder, 'remoteEntry.js'), 'utf8'), /v150/);
    // The node build sits in the same version folder as the browser build it was made with.
    assert.match(await readFile(path.join(folder, 'server', 'remoteEntry.js'), 'utf8'), /v150/);
    const served = await t.app.inject({ url: '/remotes/mf-tv/1.5.0/chunks/v150.js' });
    assert.equal(served.statusCode, 200);
    assert.equal(served.headers['cache-control'], 'public, max-age=31536000, immutable');
    const log = await ok(await call('GET', '/deployments?remote=mf-tv'), pageOf(deploymentLogEntry));
    assert.deepEqual(
      [log.items[0]!.action, log.items[0]!.actor, log.items[0]!.version],
      ['upload', OPERATOR.email, '1.5.0'],
    );
    // Uploading publishes; no tenant loads it before a pin or canary.
    assert.equal(versions(await manifest('tenant=velvet'))['mf-tv'], '1.4.0');
  });

  test('an existing version is refused with 409 VERSION_EXISTS and left as it was', async () => {
    assertError(await upload('mf-tv', '1.5.0', await build(descriptors.tv, 'again')), 409, 'VERSION_EXISTS');
    assertError(await upload('mf-tv', '1.4.0', await build(descriptors.tv, 'again')), 409, 'VERSION_EXISTS');
    const entry = await readFile(path.join(remoteStoreDir(t.config), 'mf-tv', '1.5.0', 'remoteEntry.js'), 'utf8');
    assert.match(entry, /v150/);
  });

  test('a build whose platform range this server does not satisfy is refused with 422 PLATFORM_INCOMPATIBLE', async () => {
    for (const platform of ['^2', `>${PLATFORM_API_VERSION}`, 'not a range']) {
      const response = await upload('mf-tv', '1.6.0', await build({ ...descriptors.tv, platform }, 'p2'));
      assertError(response, 422, 'PLATFORM_INCOMPATIBLE');
    }
    assert.equal(existsSync(path.join(remoteStoreDir(t.config), 'mf-tv', '1.6.0')), false);
  });

  test('a build needing @velvet/contracts this server does not offer is refused with 422 SHARED_INCOMPATIBLE', async () => {
    for (const contracts of [`>${CONTRACTS_VERSION}`, '^99.0.0', 'not a range']) {
      const response = await upload('mf-tv', '1.6.0', await build({ ...descriptors.tv, contracts }, 'c2'));
      assertError(response, 422, 'SHARED_INCOMPATIBLE');
      assert.match(response.json<ErrorBody>().message, new RegExp(`offers ${CONTRACTS_VERSION}`));
    }
    assert.equal(existsSync(path.join(remoteStoreDir(t.config), 'mf-tv', '1.6.0')), false);
  });

  test('a build without its node build (server/remoteEntry.js) is refused with 422 INVALID_BUILD', async () => {
    const tv = descriptors.tv;
    const noNodeBuild = await upload('mf-tv', '1.6.0', await build(tv, 'x', ['server/remoteEntry.js']));
    assertError(noNodeBuild, 422, 'INVALID_BUILD');
    assert.match(noNodeBuild.json<ErrorBody>().message, /server\/remoteEntry\.js/);
    // Its entry at the top level is the browser's: the node build's must be below server/.
    const entryOnly = await rawArchive([
      ...['mf-manifest.json', 'remoteEntry.js'].map((name) => ({ path: name, content: 'x' })),
      { path: 'remote.json', content: JSON.stringify(tv) },
      { path: 'server/remoteEntry.js/', type: 'Directory' as const },
    ]);
    assertError(await upload('mf-tv', '1.6.0', entryOnly), 422, 'INVALID_BUILD');
    assert.equal(existsSync(path.join(remoteStoreDir(t.config), 'mf-tv', '1.6.0')), false);
  });

  test('archive paths stay inside the version folder: `..` and absolute paths are refused, links dropped', async () => {
    const complete = (descriptor: RemoteDescriptor) => [
      { path: 'mf-manifest.json', content: '{}' },
      { path: 'remoteEntry.js', content: 'var x;' },
      { path: 'remote.json', content: JSON.stringify(descriptor) },
    ];
    const outside = path.join(t.config.dataDir, 'outside');
    const nodeEntry = { path: 'server/remoteEntry.js', content: 'exports.mf_tv = {};' };
    // Each path is refused wherever it stands, before or after the build's other files.
    for (const [index, escaping] of [
      'server/../../../outside/escaped.js',
      `${outside}/escaped.js`,
      '../outside/escaped.js',
    ].entries()) {
      const entries = [...complete(descriptors.tv), nodeEntry, { path: escaping, content: 'escaped' }];
      for (const order of [entries, [...entries].reverse()]) {
        const refused = await upload('mf-tv', `1.6.${index}`, await rawArchive(order));
        assertError(refused, 422, 'INVALID_BUILD');
        assert.match(refused.json<ErrorBody>().message, /outside the build folder/);
      }
      assert.equal(existsSync(path.join(remoteStoreDir(t.config), 'mf-tv', `1.6.${index}`)), false);
    }
    assert.equal(existsSync(outside), false);

    // A link named server is dropped, so the node build's files land in a real folder of the build, never where the
    // link points (another remote, so mf-tv's published versions stay those the tests below expect).
    const linked = await rawArchive([
      ...complete(descriptors.specials),
      { path: 'server', type: 'SymbolicLink', linkpath: outside },
      { path: 'server/remoteEntry.js', content: 'exports.mf_specials = {}; // linked' },
    ]);
    const stored = await upload('mf-specials', '0.2.0', linked);
    assert.equal(stored.statusCode, 200, stored.body);
    const folder = path.join(remoteStoreDir(t.config), 'mf-specials', '0.2.0');
    assert.equal((await lstat(path.join(folder, 'server'))).isDirectory(), true);
    assert.match(await readFile(path.join(folder, 'server', 'remoteEntry.js'), 'utf8'), /linked/);
    assert.equal(existsSync(outside), false);
  });

  test('bad builds and bad names are 4xx with stable codes', async () => {
    const tv = descriptors.tv;
    assertError(await upload('mf-tv', '1.6.0', await build(tv, 'x', ['remoteEntry.js'])), 422, 'INVALID_BUILD');
    assertError(await upload('mf-tv', '1.6.0', await build(tv, 'x', ['remote.json'])), 422, 'INVALID_BUILD');
    assertError(await upload('mf-tv', '1.6.0', await build(descriptors.feed, 'x')), 422, 'INVALID_BUILD');
    assertError(await upload('mf-tv', '1.6.0', Buffer.from('not an archive')), 422, 'INVALID_BUILD');
    const whole = await build(tv, 'x');
    assertError(await upload('mf-tv', '1.6.0', whole.subarray(0, whole.length - 40)), 422, 'INVALID_BUILD');
    assertError(await upload('mf-tv', 'latest', await build(tv, 'x')), 400, 'VALIDATION_FAILED');
    assertError(await upload('mf-nope', '1.6.0', await build(tv, 'x')), 400, 'VALIDATION_FAILED');
    const json = await t.app.inject({
      method: 'POST',
      url: '/rest/v1/federation/remotes/mf-tv/versions/1.6.0',
      headers: auth(operatorToken),
      payload: { files: [] },
    });
    assertError(json, 415, 'INVALID_BUILD');
    assert.equal(existsSync(path.join(remoteStoreDir(t.config), 'mf-tv', '1.6.0')), false);
  });
});

describe('upload limits: the caller is checked before the body is read', () => {
  const MB = 1024 * 1024;
  let url: string;
  before(async () => {
    url = `${await t.app.listen({ port: 0, host: '127.0.0.1' })}/rest/v1/federation/remotes/mf-tv/versions/7.0.0`;
  });

  test('six anonymous 50 MB uploads at once are refused at the headers, and the server memory stays flat', async (c: TestContext) => {
    globalThis.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 10);
    const probes = await Promise.all(Array.from({ length: 6 }, () => probeUpload(url, 50 * MB)));
    clearInterval(sampler);
    assert.deepEqual(
      probes.map((p) => p.status),
      Array(6).fill(401),
    );
    // Answered while most of the body was still unsent: what went out by then sat in socket buffers.
    for (const probe of probes) assert.ok(probe.sentBeforeAnswer < 20 * MB, `${probe.sentBeforeAnswer} bytes sent`);
    const growth = (rssPeak - rssBefore) / MB;
    assert.ok(growth < 30, `rss grew ${growth.toFixed(1)} MB`);
    c.diagnostic(
      `6 x 50 MB anonymous: refused in ${Math.max(...probes.map((p) => p.ms))} ms, rss +${growth.toFixed(1)} MB`,
    );
  });

  test('guests and bad tokens are refused the same way, before the body', async () => {
    for (const [token, status] of [
      [guestToken, 403],
      [anonymousToken, 401],
      ['not-a-token', 401],
    ] as const) {
      const probe = await probeUpload(url, 50 * MB, { authorization: `Bearer ${token}` });
      assert.equal(probe.status, status);
      assert.ok(probe.sentBeforeAnswer < 20 * MB, `${probe.sentBeforeAnswer} bytes sent`);
    }
  });

  test('an operator upload over the limit is 413 PAYLOAD_TOO_LARGE, on its declared length or as it streams', async () => {
    const declared = await probeUpload(url, MAX_REMOTE_BUILD_BYTES + 1, { authorization: `Bearer ${operatorToken}` });
    assert.equal(declared.status, 413);
    assert.ok(declared.sentBeforeAnswer < MAX_REMOTE_BUILD_BYTES, `${declared.sentBeforeAnswer} bytes sent`);
    const streamed = await t.app.inject({
      method: 'POST',
      url: '/rest/v1/federation/remotes/mf-tv/versions/7.0.0',
      headers: { 'content-type': 'application/gzip', ...auth(operatorToken) },
      payload: Readable.from(
        (function* () {
          for (let sent = 0; sent <= MAX_REMOTE_BUILD_BYTES; sent += MB) yield Buffer.alloc(MB);
        })(),
      ),
    });
    assertError(streamed, 413, 'PAYLOAD_TOO_LARGE');
    assert.equal(existsSync(path.join(remoteStoreDir(t.config), 'mf-tv', '7.0.0')), false);
  });
});

describe('published versions', () => {
  test('lists the versions of one remote newest first, each once, with who published it', async () => {
    const tv = await ok(await call('GET', '/remotes/mf-tv/versions'), pageOf(publishedVersion));
    assert.deepEqual(
      tv.items.map((item) => [item.version, item.deployedBy]),
      [
        ['1.5.0', OPERATOR.email],
        ['1.4.0', 'startup'],
      ],
    );
    assert.equal(tv.total, 2);
    const paged = await ok(await call('GET', '/remotes/mf-tv/versions?pageSize=1&page=2'), pageOf(publishedVersion));
    assert.deepEqual([paged.items.map((item) => item.version), paged.total], [['1.4.0'], 2]);
    const feed = await ok(await call('GET', '/remotes/mf-feed/versions'), pageOf(publishedVersion));
    assert.deepEqual(
      feed.items.map((item) => item.version),
      ['0.2.0'],
    );
    assertError(await call('GET', '/remotes/mf-nope/versions'), 400, 'VALIDATION_FAILED');
  });
});

describe('pins, canaries, promotion and rollback', () => {
  test('pinning a version moves only that remote of only that tenant', async () => {
    const before = {
      velvet: versions(await manifest('tenant=velvet')),
      amora: versions(await manifest('tenant=amora')),
    };
    const pinned = await ok(await call('PUT', '/tenants/velvet/remotes/mf-tv/pin', { version: '1.5.0' }), tenantRemote);
    assert.deepEqual([pinned.version, pinned.history, pinned.updatedBy], ['1.5.0', ['1.4.0'], OPERATOR.email]);
    assert.deepEqual(versions(await manifest('tenant=velvet')), { ...before.velvet, 'mf-tv': '1.5.0' });
    assert.deepEqual(versions(await manifest('tenant=amora')), before.amora);
  });

  test("each remote's integrity is the sha384 of its stored entry, kept from the time it entered the store", async () => {
    const sri = (content: Buffer) => `sha384-${createHash('sha384').update(content).digest('base64')}`;
    const entryFile = (remote: string, version: string) =>
      path.join(remoteStoreDir(t.config), remote, version, 'remoteEntry.js');
    // Uploaded (mf-tv 1.5.0, pinned above) and put in at start (the others).
    const served = (await manifest('tenant=velvet')).remotes;
    assert.ok(served.length >= 3);
    for (const remote of served) {
      const expected = sri(await readFile(entryFile(remote.name, remote.version)));
      assert.equal(remote.integrity, expected, remote.name);
      // What the store serves is the file the hash was taken of.
      const entry = await t.app.inject({ url: `/remotes/${remote.name}/${remote.version}/remoteEntry.js` });
      assert.equal(sri(entry.rawPayload), expected);
    }
    // A changed entry file does not change the hash the browsers check it against, even after a restart's backfill.
    const tv = served.find((remote) => remote.name === 'mf-tv')!;
    const original = await readFile(entryFile('mf-tv', tv.version));
    await writeFile(entryFile('mf-tv', tv.version), 'alert("tampered")');
    try {
      await federationModule.prepare!(t.ctx);
      const again = await t.app.inject({ url: '/rest/v1/federation/manifest?tenant=velvet&visitor=v' });
      const remotes = federationManifest.parse(again.json()).remotes;
      assert.equal(remotes.find((remote) => remote.name === 'mf-tv')?.integrity, tv.integrity);
      const stored = await t.ctx.db
        .select({ integrity: remoteDeployments.entryIntegrity })
        .from(remoteDeployments)
        .where(and(eq(remoteDeployments.remote, 'mf-tv'), eq(remoteDeployments.version, tv.version)));
      assert.deepEqual(stored, [{ integrity: tv.integrity }]);
    } finally {
      await writeFile(entryFile('mf-tv', tv.version), original);
    }
  });

  test('rollback goes back to the version pinned before and is logged', async () => {
    const rolled = await ok(await call('POST', '/tenants/velvet/remotes/mf-tv/rollback'), tenantRemote);
    assert.deepEqual([rolled.version, rolled.history], ['1.4.0', []]);
    assert.equal(versions(await manifest('tenant=velvet'))['mf-tv'], '1.4.0');
    const log = await ok(await call('GET', '/deployments?tenant=velvet&remote=mf-tv'), pageOf(deploymentLogEntry));
    assert.deepEqual(
      log.items.slice(0, 2).map((e) => [e.action, e.version, e.previousVersion, e.actor]),
      [
        ['rollback', '1.4.0', '1.5.0', OPERATOR.email],
        ['pin', '1.5.0', '1.4.0', OPERATOR.email],
      ],
    );
    assertError(await call('POST', '/tenants/velvet/remotes/mf-tv/rollback'), 409, 'NOTHING_TO_ROLL_BACK');
  });

  test('bad pins are 4xx with stable codes', async () => {
    assertError(await call('PUT', '/tenants/velvet/remotes/mf-tv/pin', { version: '7.7.7' }), 404, 'NOT_FOUND');
    assertError(await call('PUT', '/tenants/nowhere/remotes/mf-tv/pin', { version: '1.5.0' }), 404, 'NOT_FOUND');
    assertError(await call('PUT', '/tenants/velvet/remotes/mf-tv/pin', { version: 'v1' }), 400, 'VALIDATION_FAILED');
    assertError(
      await call('PUT', '/tenants/velvet/remotes/mf-nope/pin', { version: '1.5.0' }),
      400,
      'VALIDATION_FAILED',
    );
    assertError(await call('PUT', '/tenants/velvet/remotes/mf-tv/pin', {}), 400, 'VALIDATION_FAILED');
    const canary = '/tenants/velvet/remotes/mf-tv/canary';
    assertError(await call('PUT', canary, { version: '1.5.0', percent: 101 }), 400, 'VALIDATION_FAILED');
    assertError(await call('PUT', canary, { version: '1.4.0', percent: 10 }), 400, 'VALIDATION_FAILED');
    assertError(await call('POST', '/tenants/velvet/remotes/mf-tv/promote'), 409, 'NO_CANARY');
  });

  test('a canary reaches a sticky share of visitors', async () => {
    await ok(
      await call('PUT', '/tenants/velvet/remotes/mf-tv/canary', { version: '1.5.0', percent: 20 }),
      tenantRemote,
    );
    const visitors = Array.from({ length: 1000 }, (_, i) => `visitor-${i}`);
    const channelOf = async (visitor: string) => {
      const tv = (await manifest(`tenant=velvet&visitor=${visitor}`)).remotes.find((r) => r.name === 'mf-tv')!;
      assert.equal(tv.version, tv.channel === 'canary' ? '1.5.0' : '1.4.0');
      return tv.channel;
    };
    const first = await Promise.all(visitors.map(channelOf));
    const share = first.filter((c) => c === 'canary').length / visitors.length;
    assert.ok(share > 0.16 && share < 0.24, `canary share ${share}`);
    // Deterministic: the same visitors get the same answer again.
    assert.deepEqual(await Promise.all(visitors.slice(0, 200).map(channelOf)), first.slice(0, 200));
    // Without a visitor parameter the caller's guest id decides, the same way every time.
    const byToken = async () =>
      (await manifest('tenant=velvet', auth(guestToken))).remotes.find((r) => r.name === 'mf-tv')!.version;
    assert.equal(await byToken(), await byToken());
    // Raising the share keeps everyone who had the canary.
    await ok(
      await call('PUT', '/tenants/velvet/remotes/mf-tv/canary', { version: '1.5.0', percent: 50 }),
      tenantRemote,
    );
    const raised = await Promise.all(visitors.map(channelOf));
    first.forEach((channel, i) => channel === 'canary' && assert.equal(raised[i], 'canary'));
    const raisedShare = raised.filter((c) => c === 'canary').length / visitors.length;
    assert.ok(raisedShare > 0.45 && raisedShare < 0.55, `canary share ${raisedShare}`);
    // Other tenants never see it.
    assert.equal(versions(await manifest('tenant=amora&visitor=visitor-1'))['mf-tv'], '1.4.0');
  });

  test('rollback during a canary ends the canary; promote makes the canary the pinned version', async () => {
    const ended = await ok(await call('POST', '/tenants/velvet/remotes/mf-tv/rollback'), tenantRemote);
    assert.deepEqual([ended.version, ended.canaryVersion, ended.canaryPercent], ['1.4.0', null, 0]);
    for (const visitor of ['a', 'b', 'c', 'd', 'e'])
      assert.equal(versions(await manifest(`tenant=velvet&visitor=${visitor}`))['mf-tv'], '1.4.0');

    await ok(
      await call('PUT', '/tenants/velvet/remotes/mf-tv/canary', { version: '1.5.0', percent: 10 }),
      tenantRemote,
    );
    const promoted = await ok(await call('POST', '/tenants/velvet/remotes/mf-tv/promote'), tenantRemote);
    assert.deepEqual([promoted.version, promoted.canaryVersion, promoted.history], ['1.5.0', null, ['1.4.0']]);
    assert.equal(versions(await manifest('tenant=velvet&visitor=a'))['mf-tv'], '1.5.0');
    const back = await ok(await call('POST', '/tenants/velvet/remotes/mf-tv/rollback'), tenantRemote);
    assert.equal(back.version, '1.4.0');
  });
});

describe('restarts', () => {
  test('a build found on start moves the pins the server set, never a version an operator pinned', async () => {
    assert.equal((await upload('mf-feed', '0.2.5', await build(descriptors.feed, 'v025'))).statusCode, 200);
    await ok(await call('PUT', '/tenants/velvet/remotes/mf-feed/pin', { version: '0.2.5' }), tenantRemote);
    // A developer bumps mf-feed and rebuilds it, then the server restarts.
    await writeFile(path.join(repoRoot, 'mf-feed', 'package.json'), JSON.stringify({ version: '0.3.0' }));
    await writeFile(path.join(repoRoot, 'mf-feed', 'dist', 'mf-manifest.json'), JSON.stringify({ v: '0.3.0' }));
    await federationModule.prepare!(t.ctx);
    assert.equal(versions(await manifest('tenant=velvet'))['mf-feed'], '0.2.5');
    assert.equal(versions(await manifest('tenant=amora'))['mf-feed'], '0.3.0');
    const amora = await ok(await call('POST', '/tenants/amora/remotes/mf-feed/rollback'), tenantRemote);
    assert.equal(amora.version, '0.2.0');
  });
});

describe('tenants and features', () => {
  test('lists both seeded tenants with their pins', async () => {
    const { items } = await ok(await call('GET', '/tenants'), { parse: (v: unknown) => v as { items: unknown[] } });
    const tenants = items.map((item) => tenantDetails.parse(item));
    assert.deepEqual(
      tenants.map((x) => x.id),
      ['velvet', 'amora'],
    );
    const amora = tenants[1]!;
    assert.deepEqual(amora.languages, ['es', 'en']);
    assert.deepEqual(amora.hosts, ['amora.localhost']);
    assert.equal(amora.features.specials, false);
    assert.deepEqual(
      amora.remotes.map((r) => r.remote),
      ['mf-feed', 'mf-specials', 'mf-tv'],
    );
  });

  test('the white-label tenant, found by its host, has its own brand, footer and no mf-specials', async () => {
    const amora = await manifest('', { host: 'amora.localhost:8080' });
    const velvet = await manifest('', { host: 'localhost:8080' });
    assert.equal(amora.tenant.id, 'amora');
    assert.equal(amora.tenant.brand, 'Amora');
    assert.notEqual(amora.tenant.theme['color-accent'], velvet.tenant.theme['color-accent']);
    const recruitment = (m: FederationManifest) => m.tenant.footerLinks.find((l) => l.key === 'modelRecruitment')?.href;
    assert.ok(recruitment(amora));
    assert.notEqual(recruitment(amora), recruitment(velvet));
    assert.deepEqual(
      amora.remotes.map((r) => r.name),
      ['mf-tv', 'mf-feed'],
    );
    assert.ok(velvet.remotes.some((r) => r.name === 'mf-specials'));
    const logo = await t.app.inject({ url: amora.tenant.logoUrl });
    assert.equal(logo.statusCode, 200);
    assert.notEqual(amora.tenant.logoUrl, velvet.tenant.logoUrl);
  });

  test('switching a feature takes effect on the next manifest and is logged', async () => {
    const switched = await ok(
      await call('PUT', '/tenants/amora/features', { on: ['specials'], off: ['feed'] }),
      tenantDetails,
    );
    assert.deepEqual([switched.features.specials, switched.features.feed], [true, false]);
    assert.deepEqual(
      (await manifest('tenant=amora')).remotes.map((r) => r.name),
      ['mf-tv', 'mf-specials'],
    );
    await ok(await call('PUT', '/tenants/amora/features', { on: ['feed'], off: ['specials'] }), tenantDetails);
    assert.deepEqual(
      (await manifest('tenant=amora')).remotes.map((r) => r.name),
      ['mf-tv', 'mf-feed'],
    );
    const log = await ok(await call('GET', '/deployments?tenant=amora'), pageOf(deploymentLogEntry));
    assert.deepEqual(log.items[0]!.detail, { on: ['feed'], off: ['specials'] });
    assert.equal(log.items[0]!.action, 'features');
  });

  test('unknown features and tenants are 4xx with stable codes', async () => {
    assertError(await call('PUT', '/tenants/amora/features', { on: ['specails'] }), 400, 'UNKNOWN_FEATURE');
    assertError(await call('PUT', '/tenants/amora/features', { on: ['tv'], off: ['tv'] }), 400, 'VALIDATION_FAILED');
    assertError(await call('PUT', '/tenants/nowhere/features', { on: ['tv'] }), 404, 'NOT_FOUND');
    assertError(await call('PUT', '/tenants/amora/features', { on: 'tv' }), 400, 'VALIDATION_FAILED');
  });
});
