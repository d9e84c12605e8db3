import { z } from 'zod';
import { dbIntParam } from './input';
import { defineEndpoint, pageOf, pageQuery } from './endpoint';
import { LANGUAGES, REMOTE_NAMES, SHELL_ROUTES, type RouteDefinition } from './routes';
import { SLOT_NAMES } from './slots';

/** Slugs of a route: lower-case words and `:parameters`, separated by single slashes, none at either end. */
const routeSlugs = z
  .string()
  .max(200)
  .regex(
    /^(?:[a-z0-9-]+|:[a-zA-Z][a-zA-Z0-9]*)(?:\/(?:[a-z0-9-]+|:[a-zA-Z][a-zA-Z0-9]*))*$/,
    'slugs such as videos/:videoId',
  );
const paramsOf = (slugs: string) =>
  slugs
    .split('/')
    .filter((segment) => segment.startsWith(':'))
    .map((segment) => segment.slice(1))
    .sort();

/** A page a remote serves: its name (unique across remotes), its slugs per language and its arguments. */
export const routeDeclaration = z
  .object({
    name: z.string().regex(/^[a-z][a-zA-Z0-9]*$/),
    path: z.object({ de: routeSlugs, en: routeSlugs, es: routeSlugs }),
    /** The argument names; the slugs of every language name exactly these. */
    args: z.array(z.string()).default([]),
  })
  .refine(
    (route) =>
      (['de', 'en', 'es'] as const).every(
        (language) => paramsOf(route.path[language]).join('/') === [...route.args].sort().join('/'),
      ),
    { message: 'the slugs of every language must name exactly the declared args' },
  );
export type RouteDeclaration = z.infer<typeof routeDeclaration>;

/** Where the shell shows menu entries. */
export const MENU_PLACES = ['navbar'] as const;

/**
 * An entry of a shell menu linking to one of the remote's routes. An entry with an `id` is a menu of its own
 * (its title links to `route`); entries naming it as `parent` are its submenu, which may come from other remotes.
 * Entries sort by `order`; one with a `feature` shows only while the tenant has that feature on.
 */
export const menuEntry = z.object({
  where: z.enum(MENU_PLACES),
  id: z
    .string()
    .regex(/^[a-z][a-zA-Z0-9]*$/)
    .optional(),
  parent: z.string().optional(),
  route: z.string(),
  /** A key of the remote's `messages` (its i18next namespace, named like the remote). */
  label: z.string(),
  order: z.number().int(),
  feature: z.string().optional(),
});
export type MenuEntry = z.infer<typeof menuEntry>;

/** Texts the shell needs before the remote's code loads (menu labels), per language: key to text. */
const descriptorMessages = z.object({
  de: z.record(z.string(), z.string()),
  en: z.record(z.string(), z.string()),
  nl: z.record(z.string(), z.string()),
  es: z.record(z.string(), z.string()),
});

/**
 * A remote's declarative descriptor (`remote.json`): read by the shell and the server before any of its code
 * loads. It declares the remote's pages (routes), its menu entries with their labels in every language, the
 * slots it fills and the breadcrumb types its pages serve.
 */
export const remoteDescriptor = z
  .object({
    name: z.enum(REMOTE_NAMES),
    /** The Module Federation container name (a JS identifier). */
    federationName: z.string().regex(/^[a-z_][a-z0-9_]*$/),
    /** semver range of the platform API the remote needs, e.g. "^1". */
    platform: z.string(),
    /** The feature key that switches the remote per tenant. */
    feature: z.string(),
    routes: z.array(routeDeclaration),
    menus: z.array(menuEntry).default([]),
    messages: descriptorMessages.default({ de: {}, en: {}, nl: {}, es: {} }),
    slots: z.array(z.enum(SLOT_NAMES)),
    breadcrumbs: z.array(z.string()).default([]),
    /**
     * semver range of @velvet/contracts (the wire shapes) the build needs, written by the build from the version it
     * was made with (shared/federation/webpack.cjs). Absent in a source remote.json.
     */
    contracts: z.string().optional(),
  })
  .superRefine((descriptor, ctx) => {
    const names = descriptor.routes.map((route) => route.name);
    if (new Set(names).size !== names.length) ctx.addIssue({ code: 'custom', message: 'route names repeat' });
    for (const entry of descriptor.menus) {
      if (!names.includes(entry.route))
        ctx.addIssue({ code: 'custom', message: `menu entry links to ${entry.route}, not a route of this remote` });
      for (const language of LANGUAGES)
        if (descriptor.messages[language][entry.label] === undefined)
          ctx.addIssue({ code: 'custom', message: `menu label ${entry.label} has no ${language} text` });
    }
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

/** The file name of a build's entry script, beside its mf-manifest.json: the file `integrity` is taken of. */
export const REMOTE_ENTRY_FILE = 'remoteEntry.js';
/**
 * The entry of a build's node build, which the server renders the remote's pages with: the browser and node builds
 * of one version are published together, so every build in the store has both.
 */
export const REMOTE_SERVER_ENTRY_FILE = 'server/remoteEntry.js';

export const manifestRemote = z.object({
  name: z.enum(REMOTE_NAMES),
  version: z.string(),
  /** URL of the remote's mf-manifest.json, e.g. /remotes/mf-tv/0.1.0/mf-manifest.json. */
  entry: z.string(),
  descriptor: remoteDescriptor,
  /** Whether this visitor got the tenant's pinned version or falls into its canary share. */
  channel: z.enum(['pinned', 'canary']).optional(),
  /**
   * Subresource Integrity (sha384) of the version's remoteEntry.js, taken when it entered the store: the shell loads
   * the entry script with it, so an entry file changed since fails to load. Absent for a build stored without one.
   */
  integrity: z.string().optional(),
});
export type ManifestRemote = z.infer<typeof manifestRemote>;

export const federationManifest = z.object({
  tenant,
  remotes: z.array(manifestRemote),
  /**
   * Signed for this page load of this visitor (when the request names one): sent with the page's load reports, it
   * lets them count towards the auto-rollback of the canaries this manifest gave the visitor, once per page load.
   */
  reportToken: z.string().optional(),
});
export type FederationManifest = z.infer<typeof federationManifest>;

export const federationEndpoints = {
  manifest: defineEndpoint({
    method: 'GET',
    path: '/federation/manifest',
    schemas: () => ({
      query: z.object({
        tenant: z.string().optional(),
        /** Who asks, so a canary share sticks to a visitor; without it the caller's guest id is used. */
        visitor: z.string().max(200).optional(),
      }),
      response: federationManifest,
    }),
  }),
  alive: defineEndpoint({
    method: 'GET',
    path: '/alive',
    schemas: () => ({ response: z.object({ alive: z.literal(true) }) }),
  }),
};

// ---- Remote registry (operators only): builds, pins, canaries, rollbacks and features per tenant ----

/** A remote's version: semver (https://semver.org), e.g. 0.1.0 or 0.1.0-20261122T030000. */
export const remoteVersion = z
  .string()
  .max(100)
  .regex(
    /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?$/,
    'a semver version such as 1.2.3 or 1.2.3-20261122T030000',
  );

/** Which version of a remote a tenant loads, and the canary that a share of its visitors gets instead. */
export const tenantRemote = z.object({
  remote: z.enum(REMOTE_NAMES),
  version: z.string(),
  canaryVersion: z.string().nullable(),
  /** 0 to 100: the share of visitors (by a hash of their id) that get the canary. */
  canaryPercent: z.number().int(),
  /** Versions pinned before, newest last: what a rollback goes back to. */
  history: z.array(z.string()),
  updatedAt: z.string(),
  updatedBy: z.string(),
});
export type TenantRemote = z.infer<typeof tenantRemote>;

/**
 * One server process of the site as the operator console lists it: `ok`, `draining` (told to stop, its requests
 * going elsewhere) or `silent` (no heartbeat for a few seconds: killed, or cut off from the others).
 */
export const serverProcess = z.object({
  instance: z.string(),
  startedAt: z.string(),
  seenAt: z.string(),
  sockets: z.number().int(),
  state: z.enum(['ok', 'draining', 'silent']),
});
export type ServerProcess = z.infer<typeof serverProcess>;

export const tenantDetails = tenant.extend({ hosts: z.array(z.string()), remotes: z.array(tenantRemote) });
export type TenantDetails = z.infer<typeof tenantDetails>;

/** `auto-rollback`: the server ended a canary whose browsers reported too many failed loads. */
export const FEDERATION_ACTIONS = [
  'upload',
  'pin',
  'canary',
  'promote',
  'rollback',
  'auto-rollback',
  'features',
] as const;
export type FederationAction = (typeof FEDERATION_ACTIONS)[number];

/** One change of the registry: who did what, when. Never edited. */
export const deploymentLogEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  /** The operator's email, or `startup` for builds the server put in the store itself. */
  actor: z.string(),
  action: z.enum(FEDERATION_ACTIONS),
  tenant: z.string().nullable(),
  remote: z.string().nullable(),
  version: z.string().nullable(),
  previousVersion: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()).nullable(),
});
export type DeploymentLogEntry = z.infer<typeof deploymentLogEntry>;

export const uploadedBuild = z.object({
  remote: z.enum(REMOTE_NAMES),
  version: z.string(),
  entry: z.string(),
  descriptor: remoteDescriptor,
  files: z.number().int(),
});
export type UploadedBuild = z.infer<typeof uploadedBuild>;

/** One published build of a remote: what a pin or a canary can choose. */
export const publishedVersion = z.object({ version: z.string(), deployedAt: z.string(), deployedBy: z.string() });
export type PublishedVersion = z.infer<typeof publishedVersion>;

const tenantRemoteParams = z.object({ tenantId: z.string().min(1).max(100), remote: z.enum(REMOTE_NAMES) });

/** The media type of an uploaded build: a gzipped tar of the remote's dist folder (files at the top level). */
export const REMOTE_BUILD_MEDIA_TYPE = 'application/gzip';
/**
 * The largest build archive the registry takes: a production build of the largest remote (mf-chat, 72 files) packs
 * to about 2 MB, the rest is headroom for growth and source maps. Larger uploads are 413 PAYLOAD_TOO_LARGE, checked
 * on the declared length before the body is read.
 */
export const MAX_REMOTE_BUILD_BYTES = 25 * 1024 * 1024;

export const registryEndpoints = {
  /**
   * Publishes a build as a new immutable version. The body is a tar.gz of the dist folder (REMOTE_BUILD_MEDIA_TYPE);
   * an existing version is 409 VERSION_EXISTS, a descriptor whose platform range this server does not satisfy
   * 422 PLATFORM_INCOMPATIBLE, one whose @velvet/contracts range the platform's contracts do not satisfy
   * 422 SHARED_INCOMPATIBLE, a build without mf-manifest.json, remoteEntry.js, server/remoteEntry.js (its node
   * build) or a matching remote.json, or with a path leaving its folder, 422 INVALID_BUILD, an archive over
   * MAX_REMOTE_BUILD_BYTES 413 PAYLOAD_TOO_LARGE. Callers who are no operator are refused (401/403) before the body
   * is read.
   */
  upload: defineEndpoint({
    method: 'POST',
    path: '/federation/remotes/:remote/versions/:version',
    schemas: () => ({
      params: z.object({ remote: z.enum(REMOTE_NAMES), version: remoteVersion }),
      response: uploadedBuild,
    }),
  }),
  /** The published versions of a remote, newest first. */
  versions: defineEndpoint({
    method: 'GET',
    path: '/federation/remotes/:remote/versions',
    schemas: () => ({
      params: z.object({ remote: z.enum(REMOTE_NAMES) }),
      query: pageQuery,
      response: pageOf(publishedVersion),
    }),
  }),
  deployments: defineEndpoint({
    method: 'GET',
    path: '/federation/deployments',
    schemas: () => ({
      query: pageQuery.extend({ remote: z.enum(REMOTE_NAMES).optional(), tenant: z.string().optional() }),
      response: pageOf(deploymentLogEntry),
    }),
  }),
  /** The server processes of the site and their health (operators). */
  processes: defineEndpoint({
    method: 'GET',
    path: '/federation/processes',
    schemas: () => ({ response: z.object({ items: z.array(serverProcess) }) }),
  }),
  tenants: defineEndpoint({
    method: 'GET',
    path: '/federation/tenants',
    schemas: () => ({ response: z.object({ items: z.array(tenantDetails) }) }),
  }),
  /** Switches features of a tenant; the next manifest (page load) has them, no deploy needed. */
  features: defineEndpoint({
    method: 'PUT',
    path: '/federation/tenants/:tenantId/features',
    schemas: () => ({
      params: z.object({ tenantId: z.string().min(1).max(100) }),
      body: z.object({ on: z.array(z.string()).default([]), off: z.array(z.string()).default([]) }),
      response: tenantDetails,
    }),
  }),
  pin: defineEndpoint({
    method: 'PUT',
    path: '/federation/tenants/:tenantId/remotes/:remote/pin',
    schemas: () => ({ params: tenantRemoteParams, body: z.object({ version: remoteVersion }), response: tenantRemote }),
  }),
  /** Starts (or changes) a canary; percent 0 ends it. */
  canary: defineEndpoint({
    method: 'PUT',
    path: '/federation/tenants/:tenantId/remotes/:remote/canary',
    schemas: () => ({
      params: tenantRemoteParams,
      body: z.object({ version: remoteVersion, percent: z.number().int().min(0).max(100) }),
      response: tenantRemote,
    }),
  }),
  /** The canary becomes the pinned version (409 NO_CANARY without one). */
  promote: defineEndpoint({
    method: 'POST',
    path: '/federation/tenants/:tenantId/remotes/:remote/promote',
    schemas: () => ({ params: tenantRemoteParams, response: tenantRemote }),
  }),
  /**
   * Ends a running canary; without one, pins the version pinned before (409 NOTHING_TO_ROLL_BACK when there
   * is none). Either way a pointer change: no build moves.
   */
  rollback: defineEndpoint({
    method: 'POST',
    path: '/federation/tenants/:tenantId/remotes/:remote/rollback',
    schemas: () => ({ params: tenantRemoteParams, response: tenantRemote }),
  }),
};

// ---- Load telemetry from browsers, and the health it feeds ----

/** Where a remote load failed: its manifest, its entry, an exposed module, the mount, a lazy chunk, or the contract check. */
export const REMOTE_LOAD_STAGES = ['manifest', 'entry', 'expose', 'mount', 'chunk', 'incompatible', 'timeout'] as const;
export type RemoteLoadStage = (typeof REMOTE_LOAD_STAGES)[number];

/**
 * Where the server's render of a remote failed: its node build is missing, threw, ran over the render budget, or
 * needs a platform or contracts this server does not offer. Stored and shown as `server-<stage>`, so the health view
 * tells them from a browser's failures.
 */
export const SERVER_RENDER_STAGES = ['missing', 'throws', 'timeout', 'incompatible'] as const;
export type ServerRenderStage = (typeof SERVER_RENDER_STAGES)[number];
/** Every failed stage the health view shows: a browser's load stages and the server's render stages. */
export const REMOTE_HEALTH_STAGES = [
  ...REMOTE_LOAD_STAGES,
  'server-missing',
  'server-throws',
  'server-timeout',
  'server-incompatible',
] as const satisfies ReadonlyArray<RemoteLoadStage | `server-${ServerRenderStage}`>;
export type RemoteHealthStage = (typeof REMOTE_HEALTH_STAGES)[number];

/** One load of one remote in one browser. */
export const remoteLoadReport = z.object({
  remote: z.enum(REMOTE_NAMES),
  version: z.string().max(100),
  channel: z.enum(['pinned', 'canary']),
  outcome: z.enum(['success', 'failure']),
  /** Set for a failure. */
  stage: z.enum(REMOTE_LOAD_STAGES).nullable(),
  durationMs: z.number().int().min(0).max(600_000),
  /** A short error message for a failure. */
  error: z.string().max(500).nullable(),
});
export type RemoteLoadReport = z.infer<typeof remoteLoadReport>;

/** A browser sends at most this many load reports in one request. */
export const MAX_LOAD_REPORTS = 50;

/**
 * A canary is rolled back by the server itself once at least `minLoads` of its loads were reported for a tenant
 * and the share of failures among them reaches `failureShare` (the server's config may override both).
 */
export const CANARY_AUTO_ROLLBACK = { minLoads: 10, failureShare: 0.25 } as const;

export const remoteHealth = z.object({
  tenant: z.string(),
  remote: z.enum(REMOTE_NAMES),
  version: z.string(),
  channel: z.enum(['pinned', 'canary']),
  /** Browsers' loads and the server's renders of the remote. */
  loads: z.number().int(),
  failures: z.number().int(),
  /** failures / loads, 0 without loads. */
  failureShare: z.number(),
  /** Of browsers' successful loads (a server render's time is no load time). */
  p50Ms: z.number().int().nullable(),
  p95Ms: z.number().int().nullable(),
  lastFailure: z
    .object({ at: z.string(), stage: z.enum(REMOTE_HEALTH_STAGES), error: z.string().nullable() })
    .nullable(),
  /**
   * The loads among them that count towards a canary's auto-rollback (sent with a valid report token, once per page
   * load, or rendered by the server itself); the rest came without proof that the server put the visitor in that
   * canary.
   */
  counted: z.object({ loads: z.number().int(), failures: z.number().int() }),
});
export type RemoteHealth = z.infer<typeof remoteHealth>;

/** The health over time is cut into at most this many points, each as long as the window asks. */
export const HEALTH_SERIES_POINTS = 30;

/** One remote's loads of one channel in one stretch of time. */
export const remoteHealthPoint = z.object({
  /** The stretch's start, ISO time. */
  at: z.string(),
  channel: z.enum(['pinned', 'canary']),
  loads: z.number().int(),
  failures: z.number().int(),
  failureShare: z.number(),
  /** Median of browsers' successful load times in the stretch. */
  p50Ms: z.number().int().nullable(),
});
export type RemoteHealthPoint = z.infer<typeof remoteHealthPoint>;

export const telemetryEndpoints = {
  /**
   * Anyone's browser reports its remote loads; the tenant comes from the request like the manifest's. Every report is
   * stored for the health view, but only canary loads sent with the manifest's `reportToken` of that visitor count
   * towards an auto-rollback, the first of each remote version per page load. Batches are limited per visitor of a
   * valid token, else per client address (429 RATE_LIMITED).
   */
  reportLoads: defineEndpoint({
    method: 'POST',
    path: '/federation/telemetry/loads',
    schemas: () => ({
      query: z.object({ tenant: z.string().optional() }),
      body: z.object({
        visitor: z.string().min(1).max(200),
        /** The manifest's `reportToken` of this page load. */
        token: z.string().max(2_000).optional(),
        loads: z.array(remoteLoadReport).min(1).max(MAX_LOAD_REPORTS),
      }),
      response: z.object({ accepted: z.number().int() }),
    }),
  }),
  /** Operators only: loads per tenant, remote, version and channel over the last `minutes`. */
  health: defineEndpoint({
    method: 'GET',
    path: '/federation/health',
    schemas: () => ({
      query: z.object({
        tenant: z.string().optional(),
        minutes: dbIntParam(1, 10_080).default(60),
      }),
      response: z.object({ items: z.array(remoteHealth) }),
    }),
  }),
  /**
   * Operators only: one remote's loads over the last `minutes` per channel, in stretches of `bucketMinutes`
   * (at most HEALTH_SERIES_POINTS of them; stretches without loads left out), so canary and pinned compare over time.
   */
  healthSeries: defineEndpoint({
    method: 'GET',
    path: '/federation/health/series',
    schemas: () => ({
      query: z.object({
        tenant: z.string().optional(),
        remote: z.enum(REMOTE_NAMES),
        minutes: dbIntParam(1, 10_080).default(60),
      }),
      response: z.object({ bucketMinutes: z.number().int(), points: z.array(remoteHealthPoint) }),
    }),
  }),
};

/** A descriptor's routes as entries of the route table, owned by its remote. */
export const routesOfDescriptor = (descriptor: Pick<RemoteDescriptor, 'name' | 'routes'>): RouteDefinition[] =>
  descriptor.routes.map((route) => ({ name: route.name, owner: descriptor.name, path: route.path }));

/** The route table of a page load: the shell's routes and those of the remotes it runs. */
export const routeTableOf = (remotes: readonly Pick<ManifestRemote, 'descriptor'>[]): RouteDefinition[] => [
  ...SHELL_ROUTES,
  ...remotes.flatMap((remote) => routesOfDescriptor(remote.descriptor)),
];
