import { and, asc, count, eq, gte, lt, sql } from 'drizzle-orm';
import {
  HEALTH_SERIES_POINTS,
  type RemoteHealth,
  type RemoteHealthPoint,
  type RemoteHealthStage,
  type RemoteLoadReport,
  type RemoteName,
  type ServerRenderStage,
} from '@velvet/contracts';
import type { Database } from '../../db/database';
import { CANARY_ENDED, recordChange } from './registry';
import type { ReportGrant } from './reportToken';
import { remoteLoads, tenantRemotes } from './schema';

/** Who the deployment log names for a rollback the server did by itself. */
export const AUTO_ROLLBACK_ACTOR = 'server';

/** Reports are kept a week: the longest window the health view offers. */
export const LOAD_REPORTS_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

export interface AutoRollbackThreshold {
  minLoads: number;
  failureShare: number;
}

/** The figures an auto-rollback is decided on; they go into its deployment log entry. */
export interface CanaryFigures {
  loads: number;
  failures: number;
  failureShare: number;
  minLoads: number;
  threshold: number;
  canaryPercent: number;
  since: string;
}

export const reachesThreshold = (loads: number, failures: number, threshold: AutoRollbackThreshold) =>
  loads >= threshold.minLoads && loads > 0 && failures / loads >= threshold.failureShare;

/**
 * Ends a tenant's canary of one remote when its counted loads reported since it started reach the threshold: the same
 * pointer change as an operator's rollback, logged as 'auto-rollback' with the figures. The pointer row is locked
 * first, so reports arriving together end a canary once. Answers the figures when it rolled back.
 */
export async function autoRollbackCanary(
  db: Database,
  key: { tenantId: string; remote: RemoteName },
  threshold: AutoRollbackThreshold,
  now: Date,
): Promise<CanaryFigures | null> {
  return db.transaction(async (tx) => {
    const [pin] = await tx
      .select()
      .from(tenantRemotes)
      .where(and(eq(tenantRemotes.tenantId, key.tenantId), eq(tenantRemotes.remote, key.remote)))
      .for('update');
    if (!pin?.canaryVersion || !pin.canarySince) return null;
    const [counted] = await tx
      .select({ loads: count(), failures: count(sql`case when ${remoteLoads.outcome} = 'failure' then 1 end`) })
      .from(remoteLoads)
      .where(
        and(
          eq(remoteLoads.tenantId, key.tenantId),
          eq(remoteLoads.remote, key.remote),
          eq(remoteLoads.version, pin.canaryVersion),
          eq(remoteLoads.channel, 'canary'),
          eq(remoteLoads.counted, true),
          gte(remoteLoads.at, pin.canarySince),
        ),
      );
    const loads = counted?.loads ?? 0;
    const failures = counted?.failures ?? 0;
    if (!reachesThreshold(loads, failures, threshold)) return null;
    const figures: CanaryFigures = {
      loads,
      failures,
      failureShare: Math.round((failures / loads) * 1000) / 1000,
      minLoads: threshold.minLoads,
      threshold: threshold.failureShare,
      canaryPercent: pin.canaryPercent,
      since: pin.canarySince.toISOString(),
    };
    await tx
      .update(tenantRemotes)
      .set({ ...CANARY_ENDED, updatedBy: AUTO_ROLLBACK_ACTOR, updatedAt: now })
      .where(and(eq(tenantRemotes.tenantId, key.tenantId), eq(tenantRemotes.remote, key.remote)));
    await recordChange(tx, {
      actor: AUTO_ROLLBACK_ACTOR,
      action: 'auto-rollback',
      tenantId: key.tenantId,
      remote: key.remote,
      version: pin.version,
      previousVersion: pin.canaryVersion,
      detail: { ...figures },
    });
    return figures;
  });
}

/** A load as stored: a browser's report, or the server's render with its stage as `server-<stage>`. */
type StoredLoad = Omit<RemoteLoadReport, 'stage'> & { stage: RemoteHealthStage | null };

const loadRow = (tenantId: string, visitor: string, load: StoredLoad, now: Date) => ({
  at: now,
  tenantId,
  visitor,
  remote: load.remote,
  version: load.version,
  channel: load.channel,
  outcome: load.outcome,
  // A success has no stage; a failure without one is counted as a failed mount.
  stage: load.outcome === 'failure' ? (load.stage ?? 'mount') : null,
  durationMs: load.durationMs,
  error: load.outcome === 'failure' ? load.error : null,
});

/**
 * Stores one browser's load reports for a tenant, then checks the canary of every remote whose report counted.
 * A canary load counts only under a valid grant (the caller checked its signature, tenant, visitor and expiry) that
 * names that remote and version, and only the first one of each per page load (the grant's nonce, held by a unique
 * index, so a replayed token or a batch of fifty failures counts once). Everything else is stored for the health
 * view alone. Answers how many were stored, how many count, and which canaries ended.
 */
export async function recordLoads(
  db: Database,
  tenantId: string,
  visitor: string,
  loads: readonly RemoteLoadReport[],
  threshold: AutoRollbackThreshold,
  grant: Pick<ReportGrant, 'canary' | 'nonce'> | null,
  now: Date,
): Promise<{ accepted: number; counted: number; rolledBack: Array<{ remote: RemoteName } & CanaryFigures> }> {
  const row = (load: RemoteLoadReport) => loadRow(tenantId, visitor, load, now);
  const granted = new Set(grant?.canary.map(([remote, version]) => `${remote}\0${version}`));
  const candidates = new Map<string, RemoteLoadReport>();
  const rest: RemoteLoadReport[] = [];
  for (const load of loads) {
    const key = `${load.remote}\0${load.version}`;
    if (load.channel === 'canary' && granted.has(key) && !candidates.has(key)) candidates.set(key, load);
    else rest.push(load);
  }
  const countedRows =
    grant && candidates.size > 0
      ? await db
          .insert(remoteLoads)
          .values([...candidates.values()].map((load) => ({ ...row(load), counted: true, pageLoad: grant.nonce })))
          .onConflictDoNothing()
          .returning({ remote: remoteLoads.remote, version: remoteLoads.version })
      : [];
  // A page load that already counted for a version is stored again without counting.
  const countedKeys = new Set(countedRows.map((counted) => `${counted.remote}\0${counted.version}`));
  for (const [key, load] of candidates) if (!countedKeys.has(key)) rest.push(load);
  if (rest.length > 0) await db.insert(remoteLoads).values(rest.map(row));

  const rolledBack: Array<{ remote: RemoteName } & CanaryFigures> = [];
  for (const remote of new Set(countedRows.map((counted) => counted.remote as RemoteName))) {
    const figures = await autoRollbackCanary(db, { tenantId, remote }, threshold, now);
    if (figures) rolledBack.push({ remote, ...figures });
  }
  return { accepted: loads.length, counted: countedRows.length, rolledBack };
}

/** The server's render of one remote's node build for a page of a tenant, as the render module reports it. */
export interface ServerRenderReport {
  tenant: string;
  remote: RemoteName;
  /** The version rendered: the tenant's pinned one, or its canary for a visitor in the canary's share. */
  version: string;
  channel: 'pinned' | 'canary';
  outcome: 'success' | 'failure';
  /** Where a failure happened; a failure without one counts as `throws`. */
  stage: ServerRenderStage | null;
  durationMs: number;
  /** A short error message for a failure. */
  error: string | null;
}

/** The visitor a server render is stored under: its HTML is shared by every visitor of the page. */
export const SERVER_RENDER_VISITOR = 'server';
/** A server render's error is kept as short as a browser's report may send one. */
const MAX_ERROR_LENGTH = 500;

/**
 * Stores a server render beside browsers' loads, so the health view counts its failures with theirs. A canary render
 * counts towards the canary's auto-rollback as a browser's counted load does, and is checked against the threshold
 * the same way; the server chose the version itself, so it needs no report token. Answers the figures when the
 * canary was rolled back.
 */
export async function storeServerRender(
  db: Database,
  render: ServerRenderReport,
  threshold: AutoRollbackThreshold,
  now: Date,
): Promise<CanaryFigures | null> {
  const counted = render.channel === 'canary';
  const failed = render.outcome === 'failure';
  const load: StoredLoad = {
    ...render,
    stage: failed ? `server-${render.stage ?? 'throws'}` : null,
    durationMs: Math.max(0, Math.round(render.durationMs)),
    error: failed ? (render.error?.slice(0, MAX_ERROR_LENGTH) ?? null) : null,
  };
  await db
    .insert(remoteLoads)
    .values({ ...loadRow(render.tenant, SERVER_RENDER_VISITOR, load, now), source: 'server', counted });
  return counted ? autoRollbackCanary(db, { tenantId: render.tenant, remote: render.remote }, threshold, now) : null;
}

/**
 * Loads per tenant, remote, version and channel reported in the last `minutes`, the server's renders among them:
 * counts, failure share, the median and 95th percentile of browsers' successful load times, and the latest failure.
 */
export async function remoteHealth(
  db: Database,
  query: { tenant?: string | undefined; minutes: number },
  now: Date,
): Promise<RemoteHealth[]> {
  const since = new Date(now.getTime() - query.minutes * 60_000);
  const where = and(
    gte(remoteLoads.at, since),
    query.tenant !== undefined ? eq(remoteLoads.tenantId, query.tenant) : undefined,
  );
  const successMs = (fraction: number) =>
    sql<
      number | null
    >`round(percentile_cont(${fraction}) within group (order by ${remoteLoads.durationMs}) filter (where ${remoteLoads.outcome} = 'success' and ${remoteLoads.source} = 'browser'))::int`;
  const groups = await db
    .select({
      tenant: remoteLoads.tenantId,
      remote: remoteLoads.remote,
      version: remoteLoads.version,
      channel: remoteLoads.channel,
      loads: count(),
      failures: count(sql`case when ${remoteLoads.outcome} = 'failure' then 1 end`),
      countedLoads: count(sql`case when ${remoteLoads.counted} then 1 end`),
      countedFailures: count(sql`case when ${remoteLoads.counted} and ${remoteLoads.outcome} = 'failure' then 1 end`),
      p50Ms: successMs(0.5),
      p95Ms: successMs(0.95),
    })
    .from(remoteLoads)
    .where(where)
    .groupBy(remoteLoads.tenantId, remoteLoads.remote, remoteLoads.version, remoteLoads.channel)
    .orderBy(asc(remoteLoads.tenantId), asc(remoteLoads.remote), asc(remoteLoads.version), asc(remoteLoads.channel));
  const lastFailures = await db
    .selectDistinctOn([remoteLoads.tenantId, remoteLoads.remote, remoteLoads.version, remoteLoads.channel], {
      tenant: remoteLoads.tenantId,
      remote: remoteLoads.remote,
      version: remoteLoads.version,
      channel: remoteLoads.channel,
      at: remoteLoads.at,
      stage: remoteLoads.stage,
      error: remoteLoads.error,
    })
    .from(remoteLoads)
    .where(and(where, eq(remoteLoads.outcome, 'failure')))
    .orderBy(
      remoteLoads.tenantId,
      remoteLoads.remote,
      remoteLoads.version,
      remoteLoads.channel,
      sql`${remoteLoads.at} desc, ${remoteLoads.id} desc`,
    );
  const groupKey = (row: { tenant: string; remote: string; version: string; channel: string }) =>
    `${row.tenant}\0${row.remote}\0${row.version}\0${row.channel}`;
  const lastFailure = new Map(lastFailures.map((row) => [groupKey(row), row]));
  return groups.map((group) => {
    const failure = lastFailure.get(groupKey(group));
    return {
      tenant: group.tenant,
      remote: group.remote as RemoteName,
      version: group.version,
      channel: group.channel as RemoteHealth['channel'],
      loads: group.loads,
      failures: group.failures,
      failureShare: group.loads > 0 ? group.failures / group.loads : 0,
      p50Ms: group.p50Ms === null ? null : Number(group.p50Ms),
      p95Ms: group.p95Ms === null ? null : Number(group.p95Ms),
      lastFailure: failure
        ? { at: failure.at.toISOString(), stage: failure.stage as RemoteHealthStage, error: failure.error }
        : null,
      counted: { loads: group.countedLoads, failures: group.countedFailures },
    };
  });
}

/**
 * One remote's loads over the last `minutes` per channel, in stretches of a whole number of minutes (at most
 * HEALTH_SERIES_POINTS of them, aligned to the epoch so a stretch keeps its bounds as the window moves): loads,
 * failures, their share and the median of browsers' successful load times.
 */
export async function remoteHealthSeries(
  db: Database,
  query: { tenant?: string | undefined; remote: RemoteName; minutes: number },
  now: Date,
): Promise<{ bucketMinutes: number; points: RemoteHealthPoint[] }> {
  const bucketMinutes = Math.ceil(query.minutes / HEALTH_SERIES_POINTS);
  const bucketMs = bucketMinutes * 60_000;
  // The length is written into the text (an integer the server computed): as a parameter, the select's and the
  // group's expressions would be two and PostgreSQL could not tell they are the same.
  const bucket = sql<string>`floor(extract(epoch from ${remoteLoads.at}) * 1000 / ${sql.raw(String(bucketMs))})::bigint`;
  const rows = await db
    .select({
      bucket,
      channel: remoteLoads.channel,
      loads: count(),
      failures: count(sql`case when ${remoteLoads.outcome} = 'failure' then 1 end`),
      p50Ms: sql<
        number | null
      >`round(percentile_cont(0.5) within group (order by ${remoteLoads.durationMs}) filter (where ${remoteLoads.outcome} = 'success' and ${remoteLoads.source} = 'browser'))::int`,
    })
    .from(remoteLoads)
    .where(
      and(
        gte(remoteLoads.at, new Date(now.getTime() - query.minutes * 60_000)),
        eq(remoteLoads.remote, query.remote),
        query.tenant !== undefined ? eq(remoteLoads.tenantId, query.tenant) : undefined,
      ),
    )
    .groupBy(bucket, remoteLoads.channel)
    .orderBy(bucket, remoteLoads.channel);
  return {
    bucketMinutes,
    points: rows.map((row) => ({
      at: new Date(Number(row.bucket) * bucketMs).toISOString(),
      channel: row.channel as RemoteHealthPoint['channel'],
      loads: row.loads,
      failures: row.failures,
      failureShare: row.loads > 0 ? row.failures / row.loads : 0,
      p50Ms: row.p50Ms === null ? null : Number(row.p50Ms),
    })),
  };
}

/** Deletes reports older than the longest health window. */
export async function pruneLoadReports(db: Database, now: Date): Promise<void> {
  await db.delete(remoteLoads).where(lt(remoteLoads.at, new Date(now.getTime() - LOAD_REPORTS_KEPT_MS)));
}
