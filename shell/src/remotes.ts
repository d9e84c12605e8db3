import satisfies from 'semver/functions/satisfies';
import type { FederationManifest, ManifestRemote, RouteName } from '@velvet/contracts';
import { routeNamed } from '@velvet/i18n';

export interface RefusedRemote {
  remote: ManifestRemote;
  reason: 'disabled' | 'platform';
}

/**
 * The remotes the shell will run: switched on for the tenant (feature flag) and asking for a platform API range
 * this shell satisfies. The others are refused before any of their code is downloaded.
 */
export function selectRemotes(
  manifest: FederationManifest,
  platformVersion: string,
): { accepted: ManifestRemote[]; refused: RefusedRemote[] } {
  const accepted: ManifestRemote[] = [];
  const refused: RefusedRemote[] = [];
  for (const remote of manifest.remotes) {
    if (manifest.tenant.features[remote.descriptor.feature] === false) refused.push({ remote, reason: 'disabled' });
    else if (!satisfies(platformVersion, remote.descriptor.platform)) refused.push({ remote, reason: 'platform' });
    else accepted.push(remote);
  }
  return { accepted, refused };
}

/**
 * The remote mounted for a route of the installed table, if it runs: null for shell routes, for routes outside the
 * table and for remotes that are off or refused.
 */
export function remoteForRoute(name: RouteName, remotes: readonly ManifestRemote[]): ManifestRemote | null {
  const owner = routeNamed(name)?.owner;
  return !owner || owner === 'shell' ? null : (remotes.find((remote) => remote.name === owner) ?? null);
}

const TENANT_KEY = 'velvet.tenant';

/**
 * The tenant asked for explicitly with `?tenant=` (development; remembered for the tab). Otherwise undefined: the
 * host name travels in the Host header and the server maps it to its tenant, or to the main one.
 */
export function resolveTenant(
  location: Pick<Location, 'search'>,
  storage: Pick<Storage, 'getItem' | 'setItem'>,
): string | undefined {
  const requested = new URLSearchParams(location.search).get('tenant');
  if (requested) storage.setItem(TENANT_KEY, requested);
  return requested ?? storage.getItem(TENANT_KEY) ?? undefined;
}
