import path from 'node:path';
import rateLimit from '@fastify/rate-limit';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import {
  type FederationManifest,
  MAX_REMOTE_BUILD_BYTES,
  REMOTE_BUILD_MEDIA_TYPE,
  federationEndpoints,
  registryEndpoints,
  telemetryEndpoints,
} from '@velvet/contracts';
import { HttpError, requireOperator, route } from '../../http/endpoint';
import type { ModuleContext, ServerModule } from '../module';
import { TenantDirectory } from './directory';
import { actorOf, ensureOperator } from '../auth/operator';
import {
  listChanges,
  listTenants,
  listVersions,
  pinVersion,
  promoteCanary,
  recordChange,
  rollback,
  startCanary,
  switchFeatures,
  uploadBuild,
} from './registry';
import { remoteDeployments, tenantRemotes, tenants } from './schema';
import { tenantManifest, type ManifestRequest } from './manifest';
import { entryIntegrity, localBuilds, putIntoStore, remoteStoreDir } from './store';
import { ReportTokens } from './reportToken';
import { TenantRouteTables } from './routeTable';
import {
  pruneLoadReports,
  recordLoads,
  remoteHealth,
  remoteHealthSeries,
  storeServerRender,
  type CanaryFigures,
  type ServerRenderReport,
} from './telemetry';
import { amoraTenant, velvetTenant } from './tenants';
import { rateLimitStore } from '../../cluster/bus';

/** The largest batch of load reports: MAX_LOAD_REPORTS reports with their longest error text fit well below. */
const MAX_LOAD_REPORT_BYTES = 64 * 1024;
/** Load report batches one client address may send per minute without a report token; addresses are shared (NAT). */
const LOAD_REPORTS_PER_MINUTE = 240;
/** Load report batches per minute under the report tokens of one visitor: a page sends one or two. */
const LOAD_REPORTS_PER_VISITOR_MINUTE = 20;
const PRUNE_LOAD_REPORTS_MS = 60 * 60 * 1000;

/**
 * The seeded tenants and the operator exist, and every remote built in the repository is in the store. A build
 * put in at start is recorded as a deployment by 'startup' and becomes the version of every tenant whose pin the
 * server set itself; a version an operator pinned is never moved by a restart.
 */
async function prepare(ctx: ModuleContext): Promise<void> {
  for (const [make, title, seed] of [
    [velvetTenant, 'Velvet', 7],
    [amoraTenant, 'Amora', 11],
  ] as const) {
    const logoUrl = await ctx.images.generate({
      key: `tenants/${title.toLowerCase()}/logo`,
      width: 240,
      height: 60,
      title,
      seed,
    });
    await ctx.db.insert(tenants).values(make(logoUrl)).onConflictDoNothing();
  }
  await ensureOperator(ctx);
  const storeDir = remoteStoreDir(ctx.config);
  for (const build of await localBuilds(ctx.config.repoRoot)) {
    const { version, added } = await putIntoStore(storeDir, build);
    if (added) {
      await ctx.db.insert(remoteDeployments).values({
        remote: build.name,
        version,
        deployedBy: 'startup',
        entryIntegrity: await entryIntegrity(path.join(storeDir, build.name, version)),
      });
      await recordChange(ctx.db, { actor: 'startup', action: 'upload', remote: build.name, version });
      ctx.log.info({ remote: build.name, version }, 'remote put into the store');
    }
    // The pins the server set follow the build in the repository (also back to one stored before).
    const moved = await ctx.db
      .update(tenantRemotes)
      .set({
        version,
        pinHistory: sql`${tenantRemotes.pinHistory} || jsonb_build_array(${tenantRemotes.version})`,
        updatedAt: ctx.now(),
      })
      .where(
        and(
          eq(tenantRemotes.remote, build.name),
          eq(tenantRemotes.updatedBy, 'startup'),
          ne(tenantRemotes.version, version),
        ),
      )
      .returning();
    for (const pin of moved)
      await recordChange(ctx.db, {
        actor: 'startup',
        action: 'pin',
        tenantId: pin.tenantId,
        remote: build.name,
        version,
      });
    // Tenants that never had this remote get the current version.
    await ctx.db.execute(sql`
      insert into ${tenantRemotes} (tenant_id, remote, version)
      select ${tenants.id}, ${build.name}, ${version} from ${tenants}
      on conflict do nothing`);
  }
  // Builds stored before integrities were kept get theirs once, from the entry file as it is now.
  const missing = await ctx.db.select().from(remoteDeployments).where(isNull(remoteDeployments.entryIntegrity));
  for (const deployment of missing) {
    const integrity = await entryIntegrity(path.join(storeDir, deployment.remote, deployment.version));
    if (integrity)
      await ctx.db
        .update(remoteDeployments)
        .set({ entryIntegrity: integrity })
        .where(eq(remoteDeployments.id, deployment.id));
  }
}

const directories = new WeakMap<ModuleContext, TenantDirectory>();
/** The one tenant directory of a server: the manifest, load reports and the HTML matcher's route tables read it. */
function directoryOf(ctx: ModuleContext): TenantDirectory {
  let directory = directories.get(ctx);
  if (!directory) {
    // Catalogue answers shared by visitors follow the tenants' features: a switch drops them everywhere.
    directory = new TenantDirectory(ctx.db, ctx.config.visitorCacheMs, ctx.bus, () => ctx.visitorCache.clear());
    directories.set(ctx, directory);
  }
  return directory;
}

/** The route table per tenant that the server's HTML matcher serves pages from. */
export function tenantRouteTables(ctx: ModuleContext): TenantRouteTables {
  return new TenantRouteTables(directoryOf(ctx), remoteStoreDir(ctx.config));
}

/**
 * The manifest a page is rendered with on the server: the tenant's remotes at the versions this visitor gets (the
 * pinned ones, or a canary the visitor is in), as the browser's shell will get them.
 */
export function pageManifest(ctx: ModuleContext, request: Omit<ManifestRequest, 'now'>): Promise<FederationManifest> {
  return tenantManifest(directoryOf(ctx), remoteStoreDir(ctx.config), null, { ...request, now: ctx.now() });
}

/** The tenant a host name belongs to (else the main tenant), read from the directory the manifest reads. */
export const tenantOfHost = (ctx: ModuleContext, hostname: string) => directoryOf(ctx).tenant(undefined, hostname);
/** The tenant of this id (404 NOT_FOUND when there is none), for operators' calls naming one. */
export const namedTenant = (ctx: ModuleContext, tenantId: string) => directoryOf(ctx).tenant(tenantId, '');

/** Canaries the server ended: the next manifest and page serve the pinned version, and the log says why. */
function canariesRolledBack(ctx: ModuleContext, tenant: string, rolledBack: Array<{ remote: string } & CanaryFigures>) {
  if (rolledBack.length > 0) directoryOf(ctx).forget();
  for (const figures of rolledBack) ctx.log.warn({ tenant, ...figures }, 'canary rolled back: too many failed loads');
}

export type { ServerRenderReport };

/**
 * Records the server's render of a remote for a page: its failures count in the health view and, for a canary,
 * towards the canary's auto-rollback, as a browser's load failures do. Never rejects, so a page does not fail over
 * its record (a failure to store is logged).
 */
export async function recordServerRender(ctx: ModuleContext, render: ServerRenderReport): Promise<void> {
  try {
    const figures = await storeServerRender(ctx.db, render, ctx.config.canaryAutoRollback, ctx.now());
    if (figures) canariesRolledBack(ctx, render.tenant, [{ remote: render.remote, ...figures }]);
  } catch (error) {
    ctx.log.error({ err: error, tenant: render.tenant, remote: render.remote }, 'recording a server render failed');
  }
}

/** Tenants, the remote store and the federation manifest the shell boots from. */
export const federationModule: ServerModule = {
  name: 'federation',
  migrationsFolder: path.join(import.meta.dirname, 'migrations'),
  prepare,
  start: (ctx) =>
    ctx.leases.repeat('federation: pruning load reports', PRUNE_LOAD_REPORTS_MS, () =>
      pruneLoadReports(ctx.db, ctx.now()),
    ),
  routes: (ctx) => async (app) => {
    const directory = directoryOf(ctx);
    /** Waits for a change of tenants or pins, then has the directory read them again (an upload changes neither). */
    const changing = async <T>(change: Promise<T>): Promise<T> => {
      try {
        return await change;
      } finally {
        directory.forget();
      }
    };
    route(app, federationEndpoints.alive, async () => ({ alive: true as const }));

    const reportTokens = new ReportTokens(ctx.config.jwtSecret);
    const grantOf = (body: unknown) => {
      const token = (body as { token?: unknown } | null | undefined)?.token;
      return typeof token === 'string' ? reportTokens.read(token) : null;
    };

    // Browsers' load reports: their own scope, so the smaller body limit applies to them alone.
    await app.register(async (reports) => {
      // Over the limit: 429, which the error handler answers as RATE_LIMITED. Counted once the body is parsed: a
      // batch with a token this server signed is limited per visitor of that token, wherever it comes from; any
      // other per client address.
      await reports.register(rateLimit, {
        ...rateLimitStore(ctx.bus, 'load-reports'),
        hook: 'preValidation',
        timeWindow: 60_000,
        keyGenerator: (request) => {
          const grant = grantOf(request.body);
          return grant ? `visitor:${grant.tenant}:${grant.visitor}` : `address:${request.ip}`;
        },
        max: (_request, key) =>
          key.startsWith('visitor:') ? LOAD_REPORTS_PER_VISITOR_MINUTE : LOAD_REPORTS_PER_MINUTE,
      });
      reports.addContentTypeParser(
        'application/json',
        { parseAs: 'string', bodyLimit: MAX_LOAD_REPORT_BYTES },
        reports.getDefaultJsonParser('error', 'error'),
      );
      route(reports, telemetryEndpoints.reportLoads, async ({ query, body, request }) => {
        const tenant = await directory.tenant(query.tenant, request.hostname);
        const grant = grantOf(body);
        // A token counts only for the tenant and visitor it was made for, and until it expires.
        const valid =
          grant?.tenant === tenant.id && grant.visitor === body.visitor && grant.expires > ctx.now().getTime()
            ? grant
            : null;
        const { accepted, rolledBack } = await recordLoads(
          ctx.db,
          tenant.id,
          body.visitor,
          body.loads,
          ctx.config.canaryAutoRollback,
          valid,
          ctx.now(),
        );
        canariesRolledBack(ctx, tenant.id, rolledBack);
        return { accepted };
      });
    });

    route(app, federationEndpoints.manifest, async ({ query, request, reply, auth }) => {
      const manifest = await tenantManifest(directory, remoteStoreDir(ctx.config), reportTokens, {
        tenant: query.tenant,
        hostname: request.hostname,
        visitor: query.visitor ?? auth?.guestId,
        now: ctx.now(),
      });
      // Answers differ per visitor (canary, report token) and per switched feature: never cached.
      reply.header('cache-control', 'no-cache');
      return manifest;
    });

    const operator = async (auth: Parameters<typeof requireOperator>[0], authError: HttpError | null) => {
      if (authError) throw authError;
      requireOperator(auth);
      return actorOf(ctx.db, auth.guestId);
    };

    // Operators only, from here on. The upload's body is the build archive itself; it has its own scope so the
    // caller is checked on the request line and headers, before a byte of the body is read.
    await app.register(async (uploads) => {
      uploads.addHook('onRequest', async (request, reply) => {
        try {
          if (request.authError) throw request.authError;
          requireOperator(request.auth);
        } catch (error) {
          // The unread body is not drained: the connection ends with the refusal.
          reply.header('connection', 'close');
          throw error;
        }
      });
      uploads.addContentTypeParser(
        [REMOTE_BUILD_MEDIA_TYPE, 'application/x-gzip', 'application/octet-stream'],
        { parseAs: 'buffer', bodyLimit: MAX_REMOTE_BUILD_BYTES },
        (_request, body, done) => done(null, body),
      );
      route(uploads, registryEndpoints.upload, async ({ params, auth, request }) => {
        const actor = await operator(auth, request.authError);
        if (!Buffer.isBuffer(request.body))
          throw new HttpError(415, 'INVALID_BUILD', `Send the build as ${REMOTE_BUILD_MEDIA_TYPE}`);
        return uploadBuild(ctx, actor, params.remote, params.version, request.body);
      });
    });
    route(app, registryEndpoints.deployments, async ({ query, auth, request }) => {
      await operator(auth, request.authError);
      return listChanges(ctx.db, query);
    });
    route(app, registryEndpoints.versions, async ({ params, query, auth, request }) => {
      await operator(auth, request.authError);
      return listVersions(ctx.db, params.remote, query);
    });
    route(app, telemetryEndpoints.health, async ({ query, auth, request }) => {
      await operator(auth, request.authError);
      return { items: await remoteHealth(ctx.db, query, ctx.now()) };
    });
    route(app, telemetryEndpoints.healthSeries, async ({ query, auth, request }) => {
      await operator(auth, request.authError);
      return remoteHealthSeries(ctx.db, query, ctx.now());
    });
    route(app, registryEndpoints.processes, async ({ auth, request }) => {
      await operator(auth, request.authError);
      return { items: await ctx.processes.list() };
    });
    route(app, registryEndpoints.tenants, async ({ auth, request }) => {
      await operator(auth, request.authError);
      return { items: await listTenants(ctx.db) };
    });
    route(app, registryEndpoints.features, async ({ params, body, auth, request }) => {
      const actor = await operator(auth, request.authError);
      return changing(switchFeatures(ctx.db, actor, params.tenantId, body.on, body.off));
    });
    route(app, registryEndpoints.pin, async ({ params, body, auth, request }) => {
      const actor = await operator(auth, request.authError);
      return changing(pinVersion(ctx, actor, params, body.version));
    });
    route(app, registryEndpoints.canary, async ({ params, body, auth, request }) => {
      const actor = await operator(auth, request.authError);
      return changing(startCanary(ctx, actor, params, body.version, body.percent));
    });
    route(app, registryEndpoints.promote, async ({ params, auth, request }) => {
      const actor = await operator(auth, request.authError);
      return changing(promoteCanary(ctx, actor, params));
    });
    route(app, registryEndpoints.rollback, async ({ params, auth, request }) => {
      const actor = await operator(auth, request.authError);
      return changing(rollback(ctx, actor, params));
    });
  },
};
