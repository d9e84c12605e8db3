import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/database';
import type { Bus } from '../../cluster/bus';
import { HttpError } from '../../http/endpoint';
import { remoteDeployments, tenantRemotes, tenants } from './schema';
import { DEFAULT_TENANT } from './tenants';

type TenantRow = typeof tenants.$inferSelect;
type PinRow = typeof tenantRemotes.$inferSelect;

interface Snapshot {
  tenants: TenantRow[];
  pins: Map<string, PinRow[]>;
}

/** The bus topic of a change of tenants or pins: every process reads them again. */
const DIRECTORY_CHANGED = 'tenant-directory';

/**
 * Tenants and their remote pins, as every page load reads them (the manifest, load reports): a handful of rows
 * read at most once per `ttlMs` and again at once after a change (`forget`) made by this process or, told through
 * the bus, by any other, so a manifest costs no query. A ttl of 0 reads them every time.
 */
export class TenantDirectory {
  private snapshot: Promise<Snapshot> | null = null;
  private readAt = 0;
  /** Integrities are taken once per stored version and never change: kept for the life of the server. */
  private readonly integrities = new Map<string, string>();

  constructor(
    private readonly db: Database,
    private readonly ttlMs: number,
    private readonly bus: Bus,
    /** Runs on every process after any change, e.g. to drop answers computed from the tenants as they were. */
    onChange: () => void,
  ) {
    bus.subscribe(DIRECTORY_CHANGED, () => {
      this.snapshot = null;
      onChange();
    });
  }

  /** ?tenant= wins, then a tenant that lists the host name, then the main tenant. */
  async tenant(requested: string | undefined, hostname: string): Promise<TenantRow> {
    const { tenants: rows } = await this.read();
    if (requested) {
      const row = rows.find((tenant) => tenant.id === requested);
      if (!row) throw new HttpError(404, 'NOT_FOUND', `No tenant ${requested}`);
      return row;
    }
    const host = hostname.replace(/:\d+$/, '').toLowerCase();
    const row = rows.find((tenant) => tenant.hosts.includes(host)) ?? rows.find((t) => t.id === DEFAULT_TENANT);
    if (!row) throw new HttpError(404, 'NOT_FOUND', 'No tenant configured');
    return row;
  }

  async pins(tenantId: string): Promise<PinRow[]> {
    return (await this.read()).pins.get(tenantId) ?? [];
  }

  /** The entry integrity kept for a stored version, or null for a version stored without one. */
  async entryIntegrity(remote: string, version: string): Promise<string | null> {
    const key = `${remote}@${version}`;
    const known = this.integrities.get(key);
    if (known) return known;
    const [row] = await this.db
      .select({ integrity: remoteDeployments.entryIntegrity })
      .from(remoteDeployments)
      .where(
        and(
          eq(remoteDeployments.remote, remote),
          eq(remoteDeployments.version, version),
          isNotNull(remoteDeployments.entryIntegrity),
        ),
      )
      .limit(1);
    if (row?.integrity) this.integrities.set(key, row.integrity);
    return row?.integrity ?? null;
  }

  /** Call after every change of tenants or pins: every process forgets them. A read already under way is not kept. */
  forget(): void {
    this.bus.publish(DIRECTORY_CHANGED, null);
  }

  private read(): Promise<Snapshot> {
    if (!this.snapshot || performance.now() - this.readAt >= this.ttlMs) {
      this.readAt = performance.now();
      this.snapshot = this.load();
      // A failed read is not kept: the next request tries again.
      const failed = this.snapshot;
      failed.catch(() => {
        if (this.snapshot === failed) this.snapshot = null;
      });
    }
    return this.snapshot;
  }

  private async load(): Promise<Snapshot> {
    const [tenantRows, pinRows] = await Promise.all([
      this.db.select().from(tenants).orderBy(asc(tenants.id)),
      this.db.select().from(tenantRemotes),
    ]);
    const pins = new Map<string, PinRow[]>();
    for (const pin of pinRows) pins.set(pin.tenantId, [...(pins.get(pin.tenantId) ?? []), pin]);
    return { tenants: tenantRows, pins };
  }
}
