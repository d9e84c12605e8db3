import { REMOTE_NAMES, type FederationManifest, type ManifestRemote, type Tenant } from '@velvet/contracts';
import { inCanary } from './canary';
import type { TenantDirectory } from './directory';
import { remoteEntryUrl, storedDescriptor } from './store';

export interface ManifestRequest {
  /** `?tenant=`, else the host name decides. */
  tenant: string | undefined;
  hostname: string;
  /** Who is asking, for a canary's share; none gets the pinned versions. */
  visitor: string | undefined;
}

/** The tenant's federation manifest: its brand and features, and each enabled remote at the version this visitor gets. */
export async function tenantManifest(
  directory: TenantDirectory,
  storeDir: string,
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
    remotes.push({ name, version, entry: remoteEntryUrl(name, version), descriptor, channel });
  }
  return { tenant, remotes };
}
