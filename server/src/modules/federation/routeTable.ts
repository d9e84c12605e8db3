import {
  REMOTE_NAMES,
  SHELL_ROUTES,
  routeConflicts,
  routesOfDescriptor,
  type RemoteDescriptor,
  type RemoteName,
  type RouteConflict,
  type RouteDefinition,
} from '@velvet/contracts';
import type { Database } from '../../db/database';
import { HttpError } from '../../http/endpoint';
import type { TenantDirectory } from './directory';
import { tenantRemotes } from './schema';
import { storedDescriptor } from './store';

/**
 * The route table a tenant's pages are served from: the shell's routes and those of every enabled remote at its
 * pinned version and at its canary, if any (a canary visitor reloading a page only the canary has gets the shell,
 * which decides with its own manifest). Kept per tenant, versions and features, so a page request costs no file read
 * once the table is known, and a pin, canary, rollback or feature switch shows on the next request.
 */
export class TenantRouteTables {
  private readonly tables = new Map<string, RouteDefinition[]>();

  constructor(
    private readonly directory: TenantDirectory,
    private readonly storeDir: string,
  ) {}

  async routes(requestedTenant: string | undefined, hostname: string): Promise<readonly RouteDefinition[]> {
    const tenant = await this.directory.tenant(requestedTenant, hostname).catch(() => null);
    if (!tenant) return SHELL_ROUTES;
    const pins = await this.directory.pins(tenant.id);
    const versions = pins
      .map((pin) => `${pin.remote}@${pin.version}+${pin.canaryVersion ?? ''}`)
      .sort()
      .join(',');
    const key = `${tenant.id}|${versions}|${JSON.stringify(tenant.features)}`;
    const known = this.tables.get(key);
    if (known) return known;
    const routes: RouteDefinition[] = [...SHELL_ROUTES];
    for (const name of REMOTE_NAMES) {
      const pin = pins.find((p) => p.remote === name);
      if (!pin) continue;
      const served = new Set<string>();
      for (const version of [pin.version, pin.canaryVersion]) {
        const descriptor = version ? await storedDescriptor(this.storeDir, name, version) : null;
        if (!descriptor || tenant.features[descriptor.feature] !== true) continue;
        for (const route of routesOfDescriptor(descriptor))
          if (!served.has(route.name)) {
            served.add(route.name);
            routes.push(route);
          }
      }
    }
    // Old keys are dropped with the tenant's next change: a table per tenant is all that stays.
    for (const stale of this.tables.keys()) if (stale.startsWith(`${tenant.id}|`)) this.tables.delete(stale);
    this.tables.set(key, routes);
    return routes;
  }
}

/**
 * Refuses (422 ROUTE_CONFLICT) a descriptor whose routes collide with the shell's or with those of another remote at
 * a version some tenant has pinned or in canary: two owners of one slug would make a URL mean two pages.
 */
export async function assertNoRouteConflict(
  db: Pick<Database, 'select'>,
  storeDir: string,
  descriptor: RemoteDescriptor,
): Promise<void> {
  const pins = await db.select().from(tenantRemotes);
  const existing: RouteDefinition[] = [...SHELL_ROUTES];
  const seen = new Set<string>();
  for (const pin of pins) {
    if (pin.remote === descriptor.name) continue;
    for (const version of [pin.version, pin.canaryVersion]) {
      const key = `${pin.remote}@${version}`;
      if (!version || seen.has(key)) continue;
      seen.add(key);
      const other = await storedDescriptor(storeDir, pin.remote as RemoteName, version);
      if (other) existing.push(...routesOfDescriptor(other));
    }
  }
  const conflicts = routeConflicts(routesOfDescriptor(descriptor), existing);
  if (conflicts.length > 0) throw new HttpError(422, 'ROUTE_CONFLICT', describe(conflicts));
}

const describe = (conflicts: RouteConflict[]) =>
  conflicts
    .map(({ route, owner, with: other, withOwner, language }) =>
      language
        ? `${owner} route ${route} has the ${language} slugs of ${withOwner} route ${other}`
        : `${owner} route ${route} is named like a route of ${withOwner}`,
    )
    .join('; ');
