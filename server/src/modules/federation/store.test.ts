import assert from 'node:assert/strict';
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { federationManifest, type RemoteDescriptor } from '@velvet/contracts';
import { createTestApp, type TestApp } from '../../testing/app';
import { fixtureManifest, fixtureRepo, NO_MENUS, fixtureRoute } from '../../testing/fixtures';
import { federationModule } from '.';
import { remoteDeployments, tenantRemotes } from './schema';
import { buildDigest, localBuilds, remoteStoreDir } from './store';

const tv: RemoteDescriptor = {
  name: 'mf-tv',
  federationName: 'mf_tv',
  platform: '^1',
  feature: 'tv',
  routes: [fixtureRoute('tvProgram', 'tv/program')],
  ...NO_MENUS,
  slots: ['home.TV'],
};

let t: TestApp;
let repoRoot: string;
let storeDir: string;
before(async () => {
  repoRoot = await fixtureRepo([{ descriptor: tv, version: '1.0.0' }]);
  t = await createTestApp({ config: { repoRoot } });
  storeDir = remoteStoreDir(t.config);
});
after(async () => {
  await t.close();
  await rm(repoRoot, { recursive: true, force: true });
});

const distFile = (file: string) => path.join(repoRoot, 'mf-tv', 'dist', file);
/** A rebuild without a version bump: new hashed chunk names in the entry and manifest. */
async function rebuild(marker: string) {
  await writeFile(distFile('remoteEntry.js'), `var mf_tv; // loads 456.${marker}.js`);
  await writeFile(distFile('mf-manifest.json'), JSON.stringify({ id: 'mf_tv', chunk: `456.${marker}.js` }));
  await writeFile(distFile(`456.${marker}.js`), `/* ${marker} */`);
}
const restart = () => federationModule.prepare!(t.ctx);
const servedVersion = async (tenant: string) => {
  const response = await t.app.inject({ url: `/rest/v1/federation/manifest?tenant=${tenant}` });
  return federationManifest.parse(response.json()).remotes.find((r) => r.name === 'mf-tv')?.version;
};
const storedVersions = async () => (await readdir(path.join(storeDir, 'mf-tv'))).sort();

describe('local builds on start', () => {
  test('the same build again adds nothing', async () => {
    await restart();
    assert.deepEqual(await storedVersions(), ['1.0.0']);
    const deployments = await t.ctx.db.select().from(remoteDeployments);
    assert.equal(deployments.length, 1);
  });

  test('a rebuild without a version bump becomes a new version named by its content; the old folder is untouched', async () => {
    const entryBefore = await readFile(path.join(storeDir, 'mf-tv', '1.0.0', 'remoteEntry.js'), 'utf8');
    // An operator pins amora; velvet's pin is the server's own.
    await t.ctx.db
      .update(tenantRemotes)
      .set({ updatedBy: 'operator@velvet.test' })
      .where(and(eq(tenantRemotes.tenantId, 'amora'), eq(tenantRemotes.remote, 'mf-tv')));
    await rebuild('b2');
    await restart();
    const digest = (await buildDigest(path.join(repoRoot, 'mf-tv', 'dist')))!;
    const local = `1.0.0-local.${digest.slice(0, 8)}`;
    assert.deepEqual(await storedVersions(), ['1.0.0', local]);
    assert.equal(await readFile(path.join(storeDir, 'mf-tv', '1.0.0', 'remoteEntry.js'), 'utf8'), entryBefore);
    assert.equal(await servedVersion('velvet'), local);
    assert.equal(await servedVersion('amora'), '1.0.0');
    // Its files are served like any version: chunks immutable, the entry no-cache.
    const chunk = await t.app.inject({ url: `/remotes/mf-tv/${local}/456.b2.js` });
    assert.equal(chunk.statusCode, 200);
    assert.equal(chunk.headers['cache-control'], 'public, max-age=31536000, immutable');
    const entry = await t.app.inject({ url: `/remotes/mf-tv/${local}/remoteEntry.js` });
    assert.equal(entry.headers['cache-control'], 'no-cache');
    // The same rebuild again on the next start adds nothing.
    await restart();
    assert.deepEqual(await storedVersions(), ['1.0.0', local]);
  });

  test('going back to the first build pins the stored version again without copying', async () => {
    await writeFile(distFile('remoteEntry.js'), 'var mf_tv;');
    await writeFile(distFile('mf-manifest.json'), fixtureManifest(tv, '1.0.0'));
    await restart();
    assert.equal((await storedVersions()).length, 2);
    assert.equal(await servedVersion('velvet'), '1.0.0');
  });

  test('a rebuild that changes only the node build is a new version, its node build beside its browser files', async () => {
    const before = (await buildDigest(path.join(repoRoot, 'mf-tv', 'dist')))!;
    await writeFile(distFile('server/remoteEntry.js'), 'exports.mf_tv = {}; // loads server/789.n2.js');
    const digest = (await buildDigest(path.join(repoRoot, 'mf-tv', 'dist')))!;
    assert.notEqual(digest, before);
    await restart();
    const local = `1.0.0-local.${digest.slice(0, 8)}`;
    assert.equal((await storedVersions()).length, 3);
    assert.equal(await servedVersion('velvet'), local);
    assert.match(await readFile(path.join(storeDir, 'mf-tv', local, 'server', 'remoteEntry.js'), 'utf8'), /n2/);
    // The browser build alone is the same: only the node build made it new.
    assert.equal(
      await readFile(path.join(storeDir, 'mf-tv', local, 'remoteEntry.js'), 'utf8'),
      await readFile(path.join(storeDir, 'mf-tv', '1.0.0', 'remoteEntry.js'), 'utf8'),
    );
  });

  test('a dist without its node build is no build: start leaves the store and the pins as they are', async () => {
    const served = await servedVersion('velvet');
    const stored = await storedVersions();
    const nodeEntry = await readFile(distFile('server/remoteEntry.js'));
    // A browser-only rebuild: new chunks, and the node build gone.
    await rebuild('b3');
    await rm(distFile('server'), { recursive: true });
    try {
      assert.deepEqual(await localBuilds(repoRoot), []);
      assert.equal(await buildDigest(path.join(repoRoot, 'mf-tv', 'dist')), null);
      await restart();
      assert.deepEqual(await storedVersions(), stored);
      assert.equal(await servedVersion('velvet'), served);
    } finally {
      await mkdir(distFile('server'));
      await writeFile(distFile('server/remoteEntry.js'), nodeEntry);
    }
    assert.deepEqual(
      (await localBuilds(repoRoot)).map((build) => build.name),
      ['mf-tv'],
    );
  });
});
