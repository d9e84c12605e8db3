import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import semver from 'semver';
import * as tar from 'tar';
import {
  CONTRACTS_VERSION,
  PLATFORM_API_VERSION,
  REMOTE_ENTRY_FILE,
  REMOTE_SERVER_ENTRY_FILE,
  remoteDescriptor,
  type DeploymentLogEntry,
  type FederationAction,
  type Page,
  type PublishedVersion,
  type RemoteName,
  type TenantDetails,
  type TenantRemote,
  type UploadedBuild,
} from '@velvet/contracts';
import type { Database } from '../../db/database';
import { countedPage, pageWindow } from '../../db/page';
import { HttpError } from '../../http/endpoint';
import type { ModuleContext } from '../module';
import { federationChanges, remoteDeployments, tenantRemotes, tenants } from './schema';
import { entryIntegrity, remoteEntryUrl, remoteStoreDir, storedDescriptor } from './store';
import { assertNoRouteConflict } from './routeTable';

/**
 * Files every build must have: the federation manifest and entry, the descriptor the registry reads, and the entry
 * of the node build the server renders with (browser and node builds of a version are published together).
 */
const REQUIRED_FILES = ['mf-manifest.json', REMOTE_ENTRY_FILE, 'remote.json', REMOTE_SERVER_ENTRY_FILE] as const;

interface Change {
  actor: string;
  action: FederationAction;
  tenantId?: string;
  remote?: string;
  version?: string;
  previousVersion?: string | null;
  detail?: Record<string, unknown>;
}

type Executor = Pick<Database, 'insert'>;

export async function recordChange(db: Executor, change: Change): Promise<void> {
  await db.insert(federationChanges).values({
    actor: change.actor,
    action: change.action,
    tenantId: change.tenantId ?? null,
    remote: change.remote ?? null,
    version: change.version ?? null,
    previousVersion: change.previousVersion ?? null,
    detail: change.detail ?? null,
  });
}

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );
const isFile = (file: string) =>
  stat(file).then(
    (stats) => stats.isFile(),
    () => false,
  );

async function countFiles(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).length;
}

/**
 * Unpacks an uploaded build (tar.gz of a dist folder) beside the store, checks it, and moves it into its
 * versioned folder in one rename, so a version folder is either absent or complete and is never written again.
 */
export async function uploadBuild(
  ctx: ModuleContext,
  actor: string,
  remote: RemoteName,
  version: string,
  archive: Buffer,
): Promise<UploadedBuild> {
  const storeDir = remoteStoreDir(ctx.config);
  const target = path.join(storeDir, remote, version);
  const versionExists = () => new HttpError(409, 'VERSION_EXISTS', `${remote} ${version} is already published`);
  if (await exists(target)) throw versionExists();

  const incoming = path.join(ctx.config.dataDir, 'remotes-incoming', randomUUID());
  await mkdir(incoming, { recursive: true });
  try {
    // The whole archive is read before a file is written: a broken one stops node-tar while files it already began
    // are still being written, which the clean-up below would race with.
    let outside: string | null;
    try {
      outside = await pathOutsideBuild(archive);
    } catch {
      throw new HttpError(422, 'INVALID_BUILD', 'The upload is not a readable tar.gz archive');
    }
    if (outside !== null)
      throw new HttpError(422, 'INVALID_BUILD', `The archive names a path outside the build folder: ${outside}`);
    // Only plain files and folders (a link could point anywhere).
    await pipeline(
      Readable.from([archive]),
      tar.x({ cwd: incoming, strict: true, filter: (_file, entry) => isPlain(entry) }),
    );
    for (const file of REQUIRED_FILES) {
      if (!(await isFile(path.join(incoming, file))))
        throw new HttpError(422, 'INVALID_BUILD', `The build has no ${file}`);
    }
    const descriptor = await readDescriptor(path.join(incoming, 'remote.json'));
    if (!descriptor) throw new HttpError(422, 'INVALID_BUILD', 'remote.json is not a valid remote descriptor');
    if (descriptor.name !== remote)
      throw new HttpError(422, 'INVALID_BUILD', `remote.json describes ${descriptor.name}, not ${remote}`);
    if (!semver.validRange(descriptor.platform) || !semver.satisfies(PLATFORM_API_VERSION, descriptor.platform)) {
      throw new HttpError(
        422,
        'PLATFORM_INCOMPATIBLE',
        `${remote} needs platform ${descriptor.platform}; this server offers ${PLATFORM_API_VERSION}`,
      );
    }
    // The wire shapes must match: a build made against other contracts is refused, as the shell would refuse it.
    const contracts = descriptor.contracts;
    if (contracts !== undefined && (!semver.validRange(contracts) || !semver.satisfies(CONTRACTS_VERSION, contracts))) {
      throw new HttpError(
        422,
        'SHARED_INCOMPATIBLE',
        `${remote} needs @velvet/contracts ${contracts}; this server offers ${CONTRACTS_VERSION}`,
      );
    }
    await assertNoRouteConflict(ctx.db, storeDir, descriptor);
    const files = await countFiles(incoming);
    const integrity = await entryIntegrity(incoming);
    await mkdir(path.dirname(target), { recursive: true });
    try {
      await rename(incoming, target);
    } catch {
      // Another upload of the same version won the race.
      throw versionExists();
    }
    await ctx.db.transaction(async (tx) => {
      await tx.insert(remoteDeployments).values({ remote, version, deployedBy: actor, entryIntegrity: integrity });
      await recordChange(tx, { actor, action: 'upload', remote, version, detail: { files } });
    });
    return { remote, version, entry: remoteEntryUrl(remote, version), descriptor, files };
  } finally {
    await rm(incoming, { recursive: true, force: true });
  }
}

/** A relative path without `..`: it stays inside the folder the archive is unpacked into, in any subfolder. */
const insideBuild = (file: string) =>
  !path.posix.isAbsolute(file) && !path.win32.isAbsolute(file) && !file.split(/[\\/]/).includes('..');

/** Reads a tar.gz through without writing: the first path in it that leaves the build folder; throws when unreadable. */
async function pathOutsideBuild(archive: Buffer): Promise<string | null> {
  const outside: string[] = [];
  await pipeline(
    Readable.from([archive]),
    tar.t({
      strict: true,
      onReadEntry: (entry) => {
        if (!insideBuild(entry.path)) outside.push(entry.path);
      },
    }),
  );
  return outside[0] ?? null;
}

const isPlain = (entry: unknown) => {
  const type = (entry as { type?: string }).type;
  return type === 'File' || type === 'OldFile' || type === 'Directory';
};

async function readDescriptor(file: string) {
  try {
    const parsed = remoteDescriptor.safeParse(JSON.parse(await readFile(file, 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

type TenantRemoteRow = typeof tenantRemotes.$inferSelect;

export const tenantRemoteView = (row: TenantRemoteRow): TenantRemote => ({
  remote: row.remote as RemoteName,
  version: row.version,
  canaryVersion: row.canaryVersion,
  canaryPercent: row.canaryPercent,
  history: row.pinHistory,
  updatedAt: row.updatedAt.toISOString(),
  updatedBy: row.updatedBy,
});

export async function findTenant(db: Database, tenantId: string) {
  const [row] = await db.select().from(tenants).where(eq(tenants.id, tenantId));
  if (!row) throw new HttpError(404, 'NOT_FOUND', `No tenant ${tenantId}`);
  return row;
}

export async function tenantDetails(db: Database, row: typeof tenants.$inferSelect): Promise<TenantDetails> {
  const pins = await db.select().from(tenantRemotes).where(eq(tenantRemotes.tenantId, row.id));
  return {
    id: row.id,
    brand: row.brand,
    logoUrl: row.logoUrl,
    hosts: row.hosts,
    languages: row.languages as TenantDetails['languages'],
    theme: row.theme,
    features: row.features,
    footerLinks: row.footerLinks,
    remotes: pins.sort((a, b) => a.remote.localeCompare(b.remote)).map(tenantRemoteView),
  };
}

export async function listTenants(db: Database): Promise<TenantDetails[]> {
  const rows = await db.select().from(tenants).orderBy(tenants.created, tenants.id);
  return Promise.all(rows.map((row) => tenantDetails(db, row)));
}

/** Features are the keys the tenants know (one per remote); a typo must not create a new one. */
export async function switchFeatures(
  db: Database,
  actor: string,
  tenantId: string,
  on: string[],
  off: string[],
): Promise<TenantDetails> {
  const row = await findTenant(db, tenantId);
  const both = on.filter((key) => off.includes(key));
  if (both.length) throw new HttpError(400, 'VALIDATION_FAILED', `Switched both on and off: ${both.join(', ')}`);
  const known = new Set(
    (await db.select({ features: tenants.features }).from(tenants)).flatMap((t) => Object.keys(t.features)),
  );
  const unknown = [...on, ...off].filter((key) => !known.has(key));
  if (unknown.length) throw new HttpError(400, 'UNKNOWN_FEATURE', `Unknown features: ${unknown.join(', ')}`);
  const features = { ...row.features };
  for (const key of on) features[key] = true;
  for (const key of off) features[key] = false;
  await db.transaction(async (tx) => {
    await tx.update(tenants).set({ features }).where(eq(tenants.id, tenantId));
    await recordChange(tx, { actor, action: 'features', tenantId, detail: { on, off } });
  });
  return tenantDetails(db, { ...row, features });
}

/** A published version's descriptor; one whose routes collide with another remote's pinned ones is refused too. */
async function requireStored(ctx: ModuleContext, remote: RemoteName, version: string): Promise<void> {
  const storeDir = remoteStoreDir(ctx.config);
  const descriptor = await storedDescriptor(storeDir, remote, version);
  if (!descriptor) throw new HttpError(404, 'NOT_FOUND', `${remote} ${version} is not published`);
  await assertNoRouteConflict(ctx.db, storeDir, descriptor);
}

async function currentPin(db: Database, tenantId: string, remote: RemoteName): Promise<TenantRemoteRow | undefined> {
  const [row] = await db
    .select()
    .from(tenantRemotes)
    .where(and(eq(tenantRemotes.tenantId, tenantId), eq(tenantRemotes.remote, remote)));
  return row;
}

async function existingPin(db: Database, tenantId: string, remote: RemoteName): Promise<TenantRemoteRow> {
  const row = await currentPin(db, tenantId, remote);
  if (!row) throw new HttpError(404, 'NOT_FOUND', `Tenant ${tenantId} has no version of ${remote}`);
  return row;
}

type PinUpdate = Partial<
  Pick<TenantRemoteRow, 'version' | 'canaryVersion' | 'canaryPercent' | 'canarySince' | 'pinHistory'>
>;

/** The pointer change that ends a canary: its visitors go back to the pinned version. */
export const CANARY_ENDED = { canaryVersion: null, canaryPercent: 0, canarySince: null } satisfies PinUpdate;

/** Writes a tenant's pointer and its log entry together. */
async function movePointer(
  ctx: ModuleContext,
  key: { tenantId: string; remote: RemoteName },
  update: PinUpdate,
  change: Change,
): Promise<TenantRemote> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(tenantRemotes)
      .set({ ...update, updatedBy: change.actor, updatedAt: ctx.now() })
      .where(and(eq(tenantRemotes.tenantId, key.tenantId), eq(tenantRemotes.remote, key.remote)))
      .returning();
    await recordChange(tx, { ...change, tenantId: key.tenantId, remote: key.remote });
    return tenantRemoteView(row!);
  });
}

/** Pins a published version for a tenant; the version pinned before goes onto the rollback history. */
export async function pinVersion(
  ctx: ModuleContext,
  actor: string,
  key: { tenantId: string; remote: RemoteName },
  version: string,
): Promise<TenantRemote> {
  await findTenant(ctx.db, key.tenantId);
  await requireStored(ctx, key.remote, version);
  const row = await currentPin(ctx.db, key.tenantId, key.remote);
  if (!row) {
    return ctx.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(tenantRemotes)
        .values({ ...key, version, updatedBy: actor })
        .returning();
      await recordChange(tx, { actor, action: 'pin', ...key, version });
      return tenantRemoteView(created!);
    });
  }
  if (row.version === version) return tenantRemoteView(row);
  return movePointer(
    ctx,
    key,
    { version, pinHistory: [...row.pinHistory, row.version] },
    { actor, action: 'pin', version, previousVersion: row.version },
  );
}

export async function startCanary(
  ctx: ModuleContext,
  actor: string,
  key: { tenantId: string; remote: RemoteName },
  version: string,
  percent: number,
): Promise<TenantRemote> {
  await findTenant(ctx.db, key.tenantId);
  await requireStored(ctx, key.remote, version);
  const row = await existingPin(ctx.db, key.tenantId, key.remote);
  if (row.version === version)
    throw new HttpError(400, 'VALIDATION_FAILED', `${key.remote} ${version} is already the pinned version`);
  // A new canary version counts its loads afresh; a changed share of the same one keeps counting.
  const update: PinUpdate =
    percent === 0
      ? CANARY_ENDED
      : {
          canaryVersion: version,
          canaryPercent: percent,
          canarySince: row.canaryVersion === version && row.canarySince ? row.canarySince : ctx.now(),
        };
  return movePointer(ctx, key, update, {
    actor,
    action: 'canary',
    version,
    previousVersion: row.canaryVersion,
    detail: { percent },
  });
}

export async function promoteCanary(
  ctx: ModuleContext,
  actor: string,
  key: { tenantId: string; remote: RemoteName },
): Promise<TenantRemote> {
  await findTenant(ctx.db, key.tenantId);
  const row = await existingPin(ctx.db, key.tenantId, key.remote);
  if (!row.canaryVersion)
    throw new HttpError(409, 'NO_CANARY', `Tenant ${key.tenantId} has no canary of ${key.remote}`);
  return movePointer(
    ctx,
    key,
    { ...CANARY_ENDED, version: row.canaryVersion, pinHistory: [...row.pinHistory, row.version] },
    { actor, action: 'promote', version: row.canaryVersion, previousVersion: row.version },
  );
}

/** A running canary is ended first (its visitors go back to the pinned version); otherwise the pin goes back. */
export async function rollback(
  ctx: ModuleContext,
  actor: string,
  key: { tenantId: string; remote: RemoteName },
  reason?: string,
): Promise<TenantRemote> {
  await findTenant(ctx.db, key.tenantId);
  const row = await existingPin(ctx.db, key.tenantId, key.remote);
  const detail = reason ? { reason } : undefined;
  if (row.canaryVersion) {
    return movePointer(ctx, key, CANARY_ENDED, {
      actor,
      action: 'rollback',
      version: row.version,
      previousVersion: row.canaryVersion,
      detail: { ...detail, canary: true },
    });
  }
  const previous = row.pinHistory.at(-1);
  if (!previous)
    throw new HttpError(409, 'NOTHING_TO_ROLL_BACK', `Tenant ${key.tenantId} has no earlier version of ${key.remote}`);
  return movePointer(
    ctx,
    key,
    { version: previous, pinHistory: row.pinHistory.slice(0, -1) },
    { actor, action: 'rollback', version: previous, previousVersion: row.version, ...(detail ? { detail } : {}) },
  );
}

/** Published versions of a remote, newest first; a version rebuilt in place on start counts once. */
export async function listVersions(
  db: Database,
  remote: RemoteName,
  query: { page: number; pageSize: number },
): Promise<Page<PublishedVersion>> {
  const latest = db
    .selectDistinctOn([remoteDeployments.version], {
      version: remoteDeployments.version,
      deployedAt: remoteDeployments.deployedAt,
      deployedBy: remoteDeployments.deployedBy,
    })
    .from(remoteDeployments)
    .where(eq(remoteDeployments.remote, remote))
    .orderBy(remoteDeployments.version, desc(remoteDeployments.id))
    .as('latest');
  const { items, total } = await countedPage(
    db.select().from(latest).orderBy(desc(latest.deployedAt), desc(latest.version)).$dynamic(),
    db.select({ total: count() }).from(latest),
    pageWindow(query.page, query.pageSize),
  );
  return {
    items: items.map((row) => ({ ...row, deployedAt: row.deployedAt.toISOString() })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export async function listChanges(
  db: Database,
  query: { page: number; pageSize: number; remote?: string | undefined; tenant?: string | undefined },
): Promise<Page<DeploymentLogEntry>> {
  const filters: SQL[] = [];
  if (query.remote) filters.push(eq(federationChanges.remote, query.remote));
  if (query.tenant) filters.push(eq(federationChanges.tenantId, query.tenant));
  const where = filters.length ? and(...filters) : undefined;
  const { items, total } = await countedPage(
    db.select().from(federationChanges).where(where).orderBy(desc(federationChanges.id)).$dynamic(),
    db.select({ total: count() }).from(federationChanges).where(where),
    pageWindow(query.page, query.pageSize),
  );
  return {
    items: items.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      actor: row.actor,
      action: row.action as FederationAction,
      tenant: row.tenantId,
      remote: row.remote,
      version: row.version,
      previousVersion: row.previousVersion,
      detail: row.detail,
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}
