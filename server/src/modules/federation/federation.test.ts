import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { brotliDecompressSync } from 'node:zlib';
import { after, before, describe, test } from 'node:test';
import { eq } from 'drizzle-orm';
import { federationManifest, type ErrorBody, type FederationManifest } from '@velvet/contracts';
import { createTestApp, type TestApp } from '../../testing/app';
import { fixtureRepo, NO_MENUS, fixtureRoute } from '../../testing/fixtures';
import { remoteDeployments, tenants } from './schema';

let t: TestApp;
let repoRoot: string;
before(async () => {
  repoRoot = await fixtureRepo([
    {
      descriptor: {
        name: 'mf-tv',
        federationName: 'mf_tv',
        platform: '^1',
        feature: 'tv',
        routes: [fixtureRoute('tvProgram', 'tv/program')],
        ...NO_MENUS,
        slots: ['home.TV'],
      },
      version: '1.4.0',
    },
    {
      descriptor: {
        name: 'mf-feed',
        federationName: 'mf_feed',
        platform: '^1',
        feature: 'feed',
        routes: [fixtureRoute('feed', 'feed')],
        ...NO_MENUS,
        slots: ['home.Feed'],
      },
      version: '0.2.0',
    },
  ]);
  t = await createTestApp({ config: { repoRoot } });
});
after(async () => {
  await t.close();
  await rm(repoRoot, { recursive: true, force: true });
});

const manifest = async (url = '/rest/v1/federation/manifest') => {
  const response = await t.app.inject({ url });
  assert.equal(response.statusCode, 200, response.body);
  return federationManifest.parse(response.json()) as FederationManifest;
};

describe('federation manifest', () => {
  test('lists the built remotes of the main tenant with versioned entries', async () => {
    const { tenant, remotes } = await manifest();
    assert.equal(tenant.id, 'velvet');
    assert.deepEqual(tenant.languages, ['de', 'en', 'nl', 'es']);
    assert.ok(tenant.footerLinks.length >= 5);
    assert.deepEqual(
      remotes.map((r) => [r.name, r.version, r.entry]),
      [
        ['mf-tv', '1.4.0', '/remotes/mf-tv/1.4.0/mf-manifest.json'],
        ['mf-feed', '0.2.0', '/remotes/mf-feed/0.2.0/mf-manifest.json'],
      ],
    );
    assert.deepEqual(remotes[0]!.descriptor.slots, ['home.TV']);
    const logo = await t.app.inject({ url: tenant.logoUrl });
    assert.equal(logo.statusCode, 200);
    assert.equal(logo.headers['content-type'], 'image/webp');
  });

  test('records the startup deployments', async () => {
    const rows = await t.ctx.db.select().from(remoteDeployments);
    assert.deepEqual(rows.map((r) => [r.remote, r.version, r.deployedBy]).sort(), [
      ['mf-feed', '0.2.0', 'startup'],
      ['mf-tv', '1.4.0', 'startup'],
    ]);
  });

  test('leaves out remotes whose feature is off for the tenant', async () => {
    const [row] = await t.ctx.db.select().from(tenants).where(eq(tenants.id, 'velvet'));
    await t.ctx.db
      .update(tenants)
      .set({ features: { ...row!.features, tv: false } })
      .where(eq(tenants.id, 'velvet'));
    try {
      assert.deepEqual(
        (await manifest()).remotes.map((r) => r.name),
        ['mf-feed'],
      );
    } finally {
      await t.ctx.db.update(tenants).set({ features: row!.features }).where(eq(tenants.id, 'velvet'));
    }
  });

  test('picks the tenant by ?tenant=, by host name, else the main tenant; an unknown ?tenant= is 404', async () => {
    await t.ctx.db.insert(tenants).values({
      id: 'nightowl',
      brand: 'Night Owl',
      logoUrl: '/media/tenants/velvet/logo.webp',
      hosts: ['nightowl.test'],
      languages: ['de'],
      theme: { 'color-accent': '#3355ff' },
      features: { tv: true },
      footerLinks: [],
    });
    assert.equal((await manifest('/rest/v1/federation/manifest?tenant=nightowl')).tenant.brand, 'Night Owl');
    const byHost = await t.app.inject({ url: '/rest/v1/federation/manifest', headers: { host: 'nightowl.test:8080' } });
    assert.equal(byHost.json<FederationManifest>().tenant.id, 'nightowl');
    // A tenant created after the start has no pinned remotes yet.
    assert.deepEqual(byHost.json<FederationManifest>().remotes, []);
    const other = await t.app.inject({ url: '/rest/v1/federation/manifest', headers: { host: 'elsewhere.test' } });
    assert.equal(other.json<FederationManifest>().tenant.id, 'velvet');
    const unknown = await t.app.inject({ url: '/rest/v1/federation/manifest?tenant=nope' });
    assert.equal(unknown.statusCode, 404);
    assert.equal(unknown.json<ErrorBody>().code, 'NOT_FOUND');
  });
});

describe('remote store', () => {
  test('serves entries no-cache and chunks immutable', async () => {
    for (const file of ['mf-manifest.json', 'remoteEntry.js']) {
      const response = await t.app.inject({ url: `/remotes/mf-tv/1.4.0/${file}` });
      assert.equal(response.statusCode, 200);
      assert.equal(response.headers['cache-control'], 'no-cache');
    }
    // The entry's brotli twin is what a browser gets, and it is no more cacheable than the entry.
    const brotli = await t.app.inject({
      url: '/remotes/mf-tv/1.4.0/remoteEntry.js',
      headers: { 'accept-encoding': 'br' },
    });
    assert.equal(brotli.headers['content-encoding'], 'br');
    assert.equal(brotli.headers['cache-control'], 'no-cache');
    assert.equal(brotliDecompressSync(brotli.rawPayload).toString(), 'var mf_tv;');
    const chunk = await t.app.inject({ url: '/remotes/mf-tv/1.4.0/123.89abcdef.js' });
    assert.equal(chunk.statusCode, 200);
    assert.equal(chunk.headers['cache-control'], 'public, max-age=31536000, immutable');
    const missing = await t.app.inject({ url: '/remotes/mf-tv/9.9.9/remoteEntry.js' });
    assert.equal(missing.statusCode, 404);
    assert.equal(missing.json<ErrorBody>().code, 'NOT_FOUND');
  });

  test('alive', async () => {
    assert.deepEqual((await t.app.inject({ url: '/rest/v1/alive' })).json(), { alive: true });
  });
});
