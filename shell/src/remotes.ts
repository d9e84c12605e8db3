import semver from 'semver';
import { routeByName, type FederationManifest, type ManifestRemote, type RouteName } from '@velvet/contracts';

export interface RefusedRemote {
  remote: ManifestRemote;
  reason: 'disabled' | 'platform';
}

/**
 * The remotes the shell will run: switched on for the tenant (feature flag) and asking for a platform API range
 * this shell satisfies. The others are refused before any of their code is downloaded.
 */
export function selectRemotes(manifest: FederationManifest, platformVersion: string): { accepted: ManifestRemote[]; refused: RefusedRemote[] } {
  const accepted: ManifestRemote[] = [];
  const refused: RefusedRemote[] = [];
  for (const remote of manifest.remotes) {
    if (manifest.tenant.features[remote.descriptor.feature] === false) refused.push({ remote, reason: 'disabled' });
    else if (!semver.satisfies(platformVersion, remote.descriptor.platform)) refused.push({ remote, reason: 'platform' });
    else accepted.push(remote);
  }
  return { accepted, refused };
}

/** The remote mounted for a route, if it runs: null for shell routes and for remotes that are off or refused. */
export function remoteForRoute(name: RouteName, remotes: readonly ManifestRemote[]): ManifestRemote | null {
  const { owner } = routeByName(name);
  return owner === 'shell' ? null : (remotes.find((remote) => remote.name === owner) ?? null);
}

/** The tenant of this page: `?tenant=` while developing, else the host name. */
export function resolveTenant(location: Pick<Location, 'search' | 'hostname'>): string {
  return new URLSearchParams(location.search).get('tenant') ?? location.hostname;
}
