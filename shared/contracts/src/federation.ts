import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { LANGUAGES, REMOTE_NAMES } from './routes';

/** Named places in the shell (and in remotes) that widgets of other remotes fill. */
export const HOME_BLOCKS = [
  'Favorite',
  'TOP',
  'CAMSHOWS',
  'Dailybonus',
  'VIP30',
  'Feed',
  'Trends',
  'Videostation',
  'New',
  'Contests',
  'WelcomeClips',
  'Categories',
  'Blog',
  'TV',
] as const;
export type HomeBlock = (typeof HOME_BLOCKS)[number];
export const homeSlot = (block: HomeBlock) => `home.${block}` as const;
export const SLOT_NAMES = [
  ...HOME_BLOCKS.map(homeSlot),
  'actorProfile.videos',
  'actorProfile.pictures',
  'myAccount.spinwheel',
  /** The money charge the shell shows in its modal host for `ui.open('moneyCharge')`. */
  'flow.moneyCharge',
] as const;
export type SlotName = (typeof SLOT_NAMES)[number];

/**
 * A remote's declarative descriptor (`remote.json`): read by the shell before any of its code loads.
 * Routes it owns come from the route table; the descriptor names them so the shell can check both agree.
 */
export const remoteDescriptor = z.object({
  name: z.enum(REMOTE_NAMES),
  /** The Module Federation container name (a JS identifier). */
  federationName: z.string().regex(/^[a-z_][a-z0-9_]*$/),
  /** semver range of the platform API the remote needs, e.g. "^1". */
  platform: z.string(),
  /** The feature key that switches the remote per tenant. */
  feature: z.string(),
  routes: z.array(z.string()),
  slots: z.array(z.enum(SLOT_NAMES)),
});
export type RemoteDescriptor = z.infer<typeof remoteDescriptor>;

export const theme = z.record(z.string(), z.string());
export const tenant = z.object({
  id: z.string(),
  brand: z.string(),
  logoUrl: z.string(),
  languages: z.array(z.enum(LANGUAGES)),
  theme,
  features: z.record(z.string(), z.boolean()),
  footerLinks: z.array(z.object({ key: z.string(), href: z.string() })),
});
export type Tenant = z.infer<typeof tenant>;

export const manifestRemote = z.object({
  name: z.enum(REMOTE_NAMES),
  version: z.string(),
  /** URL of the remote's mf-manifest.json, e.g. /remotes/mf-tv/0.1.0/mf-manifest.json. */
  entry: z.string(),
  descriptor: remoteDescriptor,
});
export type ManifestRemote = z.infer<typeof manifestRemote>;

export const federationManifest = z.object({
  tenant,
  remotes: z.array(manifestRemote),
});
export type FederationManifest = z.infer<typeof federationManifest>;

export const federationEndpoints = {
  manifest: defineEndpoint({
    method: 'GET',
    path: '/federation/manifest',
    query: z.object({ tenant: z.string().optional() }),
    response: federationManifest,
  }),
  alive: defineEndpoint({ method: 'GET', path: '/alive', response: z.object({ alive: z.literal(true) }) }),
};
