// The federation runtime's own range matcher, the one it checks shared versions with: no second semver library.
import { satisfy } from '@module-federation/enhanced/runtime';
import type { FederationManifest, ManifestRemote, RouteName } from '@velvet/contracts';
import { routeNamed } from '@velvet/i18n';

/** What this shell offers remotes: the platform API's version and the version of its @velvet/contracts. */
export interface ShellOffer {
  platform: string;
  contracts: string;
}

export interface RefusedRemote {
  remote: ManifestRemote;
  /** `disabled`: off for the tenant; `platform`, `contracts`: it needs a range of it this shell does not offer. */
  reason: 'disabled' | 'platform' | 'contracts';
  /** For an incompatible remote, what it needs against what the shell offers (its load report's error). */
  detail?: string;
}

/**
 * The remotes the shell will run: switched on for the tenant (feature flag), asking for a platform API range
 * this shell satisfies and for @velvet/contracts (the wire shapes, which each app bundles) its version satisfies.
 * The others are refused before any of their code is downloaded: this is where the shapes are held to match.
 */
export function selectRemotes(
  manifest: FederationManifest,
  offer: ShellOffer,
): { accepted: ManifestRemote[]; refused: RefusedRemote[] } {
  const accepted: ManifestRemote[] = [];
  const refused: RefusedRemote[] = [];
  for (const remote of manifest.remotes) {
    const { feature, platform, contracts } = remote.descriptor;
    if (manifest.tenant.features[feature] === false) refused.push({ remote, reason: 'disabled' });
    else if (!satisfy(offer.platform, platform))
      refused.push({
        remote,
        reason: 'platform',
        detail: `needs platform ${platform}; this shell offers ${offer.platform}`,
      });
    else if (contracts !== undefined && !satisfy(offer.contracts, contracts))
      refused.push({
        remote,
        reason: 'contracts',
        detail: `needs @velvet/contracts ${contracts}; this shell offers ${offer.contracts}`,
      });
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
