import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { REMOTE_NAMES, federationEndpoints, type ManifestRemote, type Tenant } from '@velvet/contracts';
import { HttpError, route } from '../../http/endpoint';
import type { ModuleContext, ServerModule } from '../module';
import { remoteDeployments, tenantRemotes, tenants } from './schema';
import { localBuilds, putIntoStore, remoteEntryUrl, remoteStoreDir, storedDescriptor } from './store';
import { DEFAULT_TENANT, velvetTenant } from './tenants';

/**
 * The main tenant exists, and every remote built in the repository is in the store. A build put in at start
 * is recorded as a deployment by 'startup' and becomes the version every tenant loads.
 */
async function prepare(ctx: ModuleContext): Promise<void> {
  const logoUrl = await ctx.images.generate({
    key: 'tenants/velvet/logo',
    width: 240,
    height: 60,
    title: 'Velvet',
    seed: 7,
  });
  await ctx.db.insert(tenants).values(velvetTenant(logoUrl)).onConflictDoNothing();
  const storeDir = remoteStoreDir(ctx.config);
  for (const build of await localBuilds(ctx.config.repoRoot)) {
    if (await putIntoStore(storeDir, build)) {
      await ctx.db
        .insert(remoteDeployments)
        .values({ remote: build.name, version: build.version, deployedBy: 'startup' });
      ctx.log.info({ remote: build.name, version: build.version }, 'remote put into the store');
      await ctx.db
        .update(tenantRemotes)
        .set({ version: build.version, updatedAt: new Date() })
        .where(eq(tenantRemotes.remote, build.name));
    }
    // Tenants that never had this remote get the current version.
    await ctx.db.execute(sql`
      insert into ${tenantRemotes} (tenant_id, remote, version)
      select ${tenants.id}, ${build.name}, ${build.version} from ${tenants}
      on conflict do nothing`);
  }
}

/** ?tenant= wins, then a tenant that lists the host name, then the main tenant. */
async function resolveTenant(ctx: ModuleContext, requested: string | undefined, hostname: string) {
  if (requested) {
    const [row] = await ctx.db.select().from(tenants).where(eq(tenants.id, requested));
    if (!row) throw new HttpError(404, 'NOT_FOUND', `No tenant ${requested}`);
    return row;
  }
  const host = hostname.replace(/:\d+$/, '').toLowerCase();
  const [byHost] = await ctx.db
    .select()
    .from(tenants)
    .where(sql`${tenants.hosts} @> ${JSON.stringify([host])}::jsonb`);
  if (byHost) return byHost;
  const [main] = await ctx.db.select().from(tenants).where(eq(tenants.id, DEFAULT_TENANT));
  if (!main) throw new HttpError(404, 'NOT_FOUND', 'No tenant configured');
  return main;
}

/** Tenants, the remote store and the federation manifest the shell boots from. */
export const federationModule: ServerModule = {
  name: 'federation',
  migrationsFolder: path.join(import.meta.dirname, 'migrations'),
  prepare,
  routes: (ctx) => async (app) => {
    route(app, federationEndpoints.alive, async () => ({ alive: true as const }));

    route(app, federationEndpoints.manifest, async ({ query, request }) => {
      const row = await resolveTenant(ctx, query.tenant, request.hostname);
      const tenant: Tenant = {
        id: row.id,
        brand: row.brand,
        logoUrl: row.logoUrl,
        languages: row.languages as Tenant['languages'],
        theme: row.theme,
        features: row.features,
        footerLinks: row.footerLinks,
      };
      const pins = await ctx.db
        .select()
        .from(tenantRemotes)
        .where(and(eq(tenantRemotes.tenantId, row.id)));
      const storeDir = remoteStoreDir(ctx.config);
      const remotes: ManifestRemote[] = [];
      for (const name of REMOTE_NAMES) {
        const pin = pins.find((p) => p.remote === name);
        if (!pin) continue;
        const descriptor = await storedDescriptor(storeDir, name, pin.version);
        if (!descriptor || tenant.features[descriptor.feature] !== true) continue;
        remotes.push({ name, version: pin.version, entry: remoteEntryUrl(name, pin.version), descriptor });
      }
      return { tenant, remotes };
    });
  },
};
