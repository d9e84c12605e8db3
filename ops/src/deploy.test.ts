import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFile, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import {
  REMOTE_NAMES,
  REMOTE_SERVER_ENTRY_FILE,
  federationManifest,
  remoteDescriptor,
  type FederationManifest,
} from '@velvet/contracts';
import { TEST_OPERATOR_PASSWORD, createTestApp, type TestApp } from '@velvet/server/src/testing/app';
import { fixtureRepo } from '@velvet/server/src/testing/fixtures';
import { REPO_ROOT } from './build';

let t: TestApp;
let fixtures: string;
let url: string;

before(async () => {
  // The server starts with a build of every remote (as `npm start` puts them in its store); deploy builds the real
  // mf-tv of this repository.
  const remotes = await Promise.all(
    REMOTE_NAMES.map(async (name) => ({
      descriptor: remoteDescriptor.parse(JSON.parse(await readFile(path.join(REPO_ROOT, name, 'remote.json'), 'utf8'))),
      version: '0.1.0',
    })),
  );
  fixtures = await fixtureRepo(remotes);
  t = await createTestApp({ config: { repoRoot: fixtures } });
  url = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
after(async () => {
  await t.close();
  await rm(fixtures, { recursive: true, force: true });
});

function ops(...args: string[]): Promise<{ code: number | null; out: string; seconds: number }> {
  return opsWith({ VELVET_OPERATOR_PASSWORD: TEST_OPERATOR_PASSWORD }, ...args);
}

function opsWith(
  env: NodeJS.ProcessEnv,
  ...args: string[]
): Promise<{ code: number | null; out: string; seconds: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(REPO_ROOT, 'ops', 'node_modules', '.bin', 'tsx'), ['src/main.ts', ...args], {
      cwd: path.join(REPO_ROOT, 'ops'),
      env: { ...process.env, VELVET_OPERATOR_PASSWORD: '', VELVET_URL: url, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, out, seconds: (performance.now() - started) / 1000 }));
  });
}

async function manifest(): Promise<FederationManifest> {
  return federationManifest.parse((await t.app.inject({ url: '/rest/v1/federation/manifest?tenant=velvet' })).json());
}

/** Names, sizes and content hashes of every file below a folder ('absent' when there is none). */
async function fingerprint(dir: string): Promise<string> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => null);
  if (!entries) return 'absent';
  const hash = createHash('sha256');
  for (const file of entries
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .sort()) {
    hash
      .update(file)
      .update(String((await stat(file)).mtimeMs))
      .update(await readFile(file));
  }
  return hash.digest('hex');
}

const appDists = ['shell', ...REMOTE_NAMES].map((app) => path.join(REPO_ROOT, app, 'dist'));
const storeDirs = (exceptTv: boolean) =>
  REMOTE_NAMES.filter((name) => !exceptTv || name !== 'mf-tv').map((name) =>
    path.join(t.config.dataDir, 'remotes', name),
  );

/** The shell's page without its Content-Security-Policy nonce, which is new in every answer. */
const shellPage = async () =>
  (await t.app.inject({ url: '/' })).body.replace(/(csp-nonce" content=|nonce=)"[^"]*"/g, '$1""');

test('deploy mf-tv builds and publishes mf-tv alone; pinning it moves only mf-tv; rollback restores it', async () => {
  const before = await manifest();
  const dists = await Promise.all(appDists.map(fingerprint));
  const stores = await Promise.all(storeDirs(true).map(fingerprint));
  const shellHtml = await shellPage();

  const deploy = await ops('deploy', 'mf-tv');
  assert.equal(deploy.code, 0, deploy.out);
  const version = /published mf-tv (\S+)/.exec(deploy.out)?.[1];
  assert.ok(version?.startsWith('0.1.0-'), deploy.out);
  console.log(`one deploy of mf-tv took ${deploy.seconds.toFixed(1)} s: ${/published .*/.exec(deploy.out)?.[0]}`);

  // Published, served from its own folder, but no tenant loads it yet.
  for (const file of ['mf-manifest.json', 'remoteEntry.js', 'remote.json']) {
    const served = await t.app.inject({ url: `/remotes/mf-tv/${version}/${file}` });
    assert.equal(served.statusCode, 200, file);
  }
  // Its node build went with it, into the same version folder.
  const nodeEntry = path.join(t.config.dataDir, 'remotes', 'mf-tv', version!, REMOTE_SERVER_ENTRY_FILE);
  assert.ok((await stat(nodeEntry)).isFile());
  assert.deepEqual(await manifest(), before);

  const pin = await ops('pin', 'mf-tv', version!, '--tenant', 'velvet');
  assert.equal(pin.code, 0, pin.out);
  const after = await manifest();
  const tv = after.remotes.find((r) => r.name === 'mf-tv')!;
  assert.deepEqual([tv.version, tv.entry], [version, `/remotes/mf-tv/${version}/mf-manifest.json`]);
  assert.deepEqual(
    after.remotes.filter((r) => r.name !== 'mf-tv'),
    before.remotes.filter((r) => r.name !== 'mf-tv'),
  );
  // Neither the shell nor another remote was rebuilt or republished; the old mf-tv stays for open pages.
  assert.deepEqual(await Promise.all(appDists.map(fingerprint)), dists);
  assert.deepEqual(await Promise.all(storeDirs(true).map(fingerprint)), stores);
  assert.equal(await shellPage(), shellHtml);
  assert.equal((await t.app.inject({ url: '/remotes/mf-tv/0.1.0/remoteEntry.js' })).statusCode, 200);

  const rollback = await ops('rollback', 'mf-tv', '--tenant', 'velvet');
  assert.equal(rollback.code, 0, rollback.out);
  assert.deepEqual(await manifest(), before);

  const log = await ops('deployments', '--remote', 'mf-tv', '-n', '3');
  assert.equal(log.code, 0, log.out);
  assert.match(log.out, new RegExp(`operator@velvet.test\\s+rollback\\s+velvet mf-tv 0.1.0 \\(was ${version}\\)`));
});

test('bad commands fail with the server\u2019s stable code or a usage error', async () => {
  const unknownVersion = await ops('pin', 'mf-tv', '9.9.9', '--tenant', 'velvet');
  assert.equal(unknownVersion.code, 1);
  assert.match(unknownVersion.out, /error NOT_FOUND \(404\)/);
  const unknownFeature = await ops('features', '--tenant', 'amora', '--on', 'nope');
  assert.match(unknownFeature.out, /error UNKNOWN_FEATURE/);
  const noTenant = await ops('promote', 'mf-tv');
  assert.notEqual(noTenant.code, 0);
  assert.match(noTenant.out, /--tenant/);
  const badRemote = await ops('deploy', 'mf-nope');
  assert.notEqual(badRemote.code, 0);
  assert.match(badRemote.out, /not a remote/);
});

test('without VELVET_OPERATOR_PASSWORD, or with a wrong one, nothing is done and the CLI says why', async () => {
  const missing = await opsWith({}, 'tenants');
  assert.equal(missing.code, 1);
  assert.match(missing.out, /VELVET_OPERATOR_PASSWORD is not set/);
  // The old built-in password of every site logs in nowhere.
  const wrong = await opsWith({ VELVET_OPERATOR_PASSWORD: 'velvet-operator' }, 'tenants');
  assert.equal(wrong.code, 1);
  assert.match(wrong.out, /error INVALID_CREDENTIALS \(401\)/);
});

test('features and tenants', async () => {
  const off = await ops('features', '--tenant', 'amora', '--off', 'tv');
  assert.equal(off.code, 0, off.out);
  assert.match(off.out, /off: .*tv/);
  const tenants = await ops('tenants');
  assert.match(tenants.out, /amora\s+Amora\s+hosts: amora.localhost/);
  const amora = federationManifest.parse(
    (await t.app.inject({ url: '/rest/v1/federation/manifest?tenant=amora' })).json(),
  );
  assert.ok(!amora.remotes.some((r) => r.name === 'mf-tv' || r.name === 'mf-specials'));
});

test('health lists the loads browsers reported', async () => {
  const empty = await ops('health', '--tenant', 'amora');
  assert.equal(empty.code, 0, empty.out);
  assert.match(empty.out, /no loads reported in the last 60 minutes/);
  const reported = await t.app.inject({
    method: 'POST',
    url: '/rest/v1/federation/telemetry/loads?tenant=amora',
    payload: {
      visitor: 'cli-test',
      loads: [
        {
          remote: 'mf-feed',
          version: '0.1.0',
          channel: 'pinned',
          outcome: 'success',
          stage: null,
          durationMs: 90,
          error: null,
        },
        {
          remote: 'mf-feed',
          version: '0.1.0',
          channel: 'pinned',
          outcome: 'failure',
          stage: 'entry',
          durationMs: 30,
          error: 'down',
        },
      ],
    },
  });
  assert.equal(reported.statusCode, 200, reported.body);
  const health = await ops('health', '--tenant', 'amora', '--minutes', '5');
  assert.equal(health.code, 0, health.out);
  assert.match(
    health.out,
    /amora\s+mf-feed\s+0\.1\.0 pinned: 2 loads, 1 failed \(50 %\), p50 90 ms, p95 90 ms; last failure .* at entry: down/,
  );
});
