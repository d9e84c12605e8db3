import {
  HOME_BLOCKS,
  REMOTE_NAMES,
  homeSlot,
  type FederationManifest,
  type ManifestRemote,
  type RouteDefinition,
  type Tenant,
} from '@velvet/contracts';
import { inCanary } from './canary';
import type { TenantDirectory } from './directory';
import { remoteEntryUrl, storedDescriptor, storedExposeScripts, type Expose } from './store';

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

/**
 * Home blocks a phone's first screen shows, with the shell's look-ahead: their remotes' widgets are wanted at
 * once, the blocks below load as the reader scrolls.
 */
const FIRST_SCREEN_HOME_BLOCKS = 5;

/**
 * The scripts a page will load from remotes as soon as the shell has booted: the owner's app, or on home the
 * widgets of the first screen's blocks. Named in the HTML, the browser fetches them while the shell itself
 * downloads and runs, instead of one round trip after another once it has. Remotes on canary are left out: the
 * HTML does not know the visitor, and a preload of the wrong version would only cost bandwidth.
 */
export async function pagePreloads(
  directory: TenantDirectory,
  storeDir: string,
  page: Omit<ManifestRequest, 'visitor'> & { route: RouteDefinition },
): Promise<string[]> {
  const manifest = await tenantManifest(directory, storeDir, { ...page, visitor: undefined });
  const onCanary = new Set(
    (await directory.pins(manifest.tenant.id)).filter((pin) => pin.canaryVersion !== null).map((pin) => pin.remote),
  );
  const remotes = manifest.remotes.filter((remote) => !onCanary.has(remote.name));
  const { route } = page;
  const wanted: { remote: ManifestRemote; expose: Expose }[] =
    route.owner === 'shell'
      ? route.name === 'home'
        ? HOME_BLOCKS.slice(0, FIRST_SCREEN_HOME_BLOCKS).flatMap((block) => {
            const remote = remotes.find((candidate) => candidate.descriptor.slots.includes(homeSlot(block)));
            return remote ? [{ remote, expose: './widgets' as const }] : [];
          })
        : []
      : remotes.filter((remote) => remote.name === route.owner).map((remote) => ({ remote, expose: './app' as const }));
  const scripts = await Promise.all(
    wanted.map(({ remote, expose }) => storedExposeScripts(storeDir, remote.name, remote.version, expose)),
  );
  return [...new Set(scripts.flat())];
}
