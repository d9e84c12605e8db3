import {
  REMOTE_NAMES,
  type FederationManifest,
  type ManifestRemote,
  type RemoteName,
  type Tenant,
} from '@velvet/contracts';
import { inCanary } from './canary';
import type { TenantDirectory } from './directory';
import type { ReportTokens } from './reportToken';
import { remoteEntryUrl, storedDescriptor } from './store';

export interface ManifestRequest {
  /** `?tenant=`, else the host name decides. */
  tenant: string | undefined;
  hostname: string;
  /** Who is asking, for a canary's share; none gets the pinned versions. */
  visitor: string | undefined;
  now: Date;
}

/**
 * The tenant's federation manifest: its brand and features, each enabled remote at the version this visitor gets with
 * its entry's integrity, and (for a named visitor) the report token that lets this page's loads count for the
 * canaries it was given.
 */
export async function tenantManifest(
  directory: TenantDirectory,
  storeDir: string,
  /** Null where the manifest is not a browser's (a server render): no report token is signed for it. */
  reportTokens: ReportTokens | null,
  request: ManifestRequest,
): Promise<FederationManifest> {
  const row = await directory.tenant(request.tenant, request.hostname);
  const tenant: Tenant = {
    id: row.id,
    brand: row.brand,
    logoUrl: row.logoUrl,
    languages: row.languages as Tenant['languages'],
    theme: row.theme,
    features: row.features,
    footerLinks: row.footerLinks,
  };
  const pins = await directory.pins(row.id);
  const remotes: ManifestRemote[] = [];
  for (const name of REMOTE_NAMES) {
    const pin = pins.find((p) => p.remote === name);
    if (!pin) continue;
    const { visitor } = request;
    const canary =
      pin.canaryVersion !== null && visitor !== undefined && inCanary(row.id, name, visitor, pin.canaryPercent);
    const version = canary ? pin.canaryVersion! : pin.version;
    const descriptor = await storedDescriptor(storeDir, name, version);
    if (!descriptor || tenant.features[descriptor.feature] !== true) continue;
    const channel = canary ? ('canary' as const) : ('pinned' as const);
    const integrity = await directory.entryIntegrity(name, version);
    remotes.push({
      name,
      version,
      entry: remoteEntryUrl(name, version),
      descriptor,
      channel,
      ...(integrity ? { integrity } : {}),
    });
  }
  if (request.visitor === undefined || !reportTokens) return { tenant, remotes };
  const canary = remotes
    .filter((remote) => remote.channel === 'canary')
    .map((remote): [RemoteName, string] => [remote.name, remote.version]);
  const reportToken = reportTokens.issue({ tenant: row.id, visitor: request.visitor, canary }, request.now);
  return { tenant, remotes, reportToken };
}
