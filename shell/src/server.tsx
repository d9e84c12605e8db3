/**
 * The shell's page renderer for the server: the first screen of a page (the layout in the tenant's brand and the
 * URL's language, and the owner remote's part with its data) as HTML that every visitor shares, and the answers it
 * was rendered with, which the browser's query caches start from when it hydrates. Built for Node
 * (dist/server/render.cjs); the remotes' node builds are loaded from the store with the federation runtime.
 */
import { renderToString } from 'react-dom/server';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n, TFunction } from 'i18next';
import { QueryClient } from '@tanstack/react-query';
import {
  CONTRACTS_VERSION,
  HOME_BLOCKS,
  PLATFORM_API_VERSION,
  homeSlot,
  legalEndpoints,
  legalTypeOfPage,
  routeTableOf,
  tenantDefaultLanguage,
  visitorSession,
  type PlatformApi,
  type RouteDefinition,
  type SlotName,
  type FederationManifest,
  type Language,
  type ManifestRemote,
  type PageRequest,
  type PartOutcome,
  type RemoteName,
  type RenderedPage,
  type SharedLoads,
  type ShellRenderer,
} from '@velvet/contracts';
import {
  createFeedClient,
  createQueryClient,
  createRestClient,
  createSocketClient,
  preloadGraphqlClient,
} from '@velvet/sdk';
import { createI18n, installRouteTable } from '@velvet/i18n';
import { themeCss } from '@velvet/ui/theme';
import {
  createSlotHost,
  dehydrateLoads,
  ServerLoadsContext,
  type RemoteLifecycles,
  type ServerLoads,
} from '@velvet/federation';
import { createRouter } from './router';
import { createSessionStore } from './session';
import { createUiStore } from './uiStore';
import { buildPlatform } from './platform';
import { createConsentStore } from './consent';
import { createInstallPrompt } from './installPrompt';
import { remoteForRoute, selectRemotes } from './remotes';
import { shellResources } from './locales';
import { addDescriptorMessages } from './layout/menus';
import { Layout } from './layout/Layout';
import { ShellContext, type Shell } from './layout/ShellContext';
import { serverRemotes, ServerRemoteError } from './serverRemotes';
import { SHELL_VERSION } from './version';
import { remoteSet, type ServedSeoText, type ServerPageState, type ServerPart } from './serverState';

export { ServerRemoteError };

/** Webpack's module runtime of this build (the node build; undefined where the file runs unbundled, in tests). */
declare const __webpack_require__:
  | {
      m: Record<string, (module: { exports: unknown }) => void>;
      consumesLoadingData?: { initialConsumes?: (string | number)[] };
    }
  | undefined;

/**
 * The federation runtime resolves a shared package this build provides eagerly (react, i18next, the query library,
 * ...) again at every use, dropping it from webpack's module cache each time: on the server a version match per
 * hook call, some percent of every render. Each is kept once resolved, as webpack keeps any module: the shell's
 * copies are the page's singletons, and nothing registers another version of them in this process.
 */
function keepSharedPackages() {
  if (typeof __webpack_require__ === 'undefined') return;
  const factories = __webpack_require__.m;
  for (const id of __webpack_require__.consumesLoadingData?.initialConsumes ?? []) {
    const resolve = factories[id];
    if (!resolve) continue;
    let resolved: { exports: unknown } | null = null;
    factories[id] = (module) => {
      if (!resolved) {
        resolve(module);
        resolved = { exports: module.exports };
      } else module.exports = resolved.exports;
    };
  }
}
keepSharedPackages();

/** A page as the shell renders it, its state read back by the browser's shell. */
export type ShellRenderedPage = RenderedPage<ServerPageState>;

/** The home blocks of a phone's first screen and a little more: rendered on the server, the rest in the browser. */
export const FIRST_SCREEN_BLOCKS = 3;

/** Where the page's remote is mounted, as the browser's shell builds it (`.vv-outlet > [data-outlet]`). */
const outletHtml = (remote: RemoteName, outcome: 'server' | 'client', content: string) =>
  `<div class="vv-outlet"><div data-outlet="${remote}" data-ssr="${outcome}">${content}</div></div>`;

/** Resolves with `done` when it settles before `deadline` (a performance.now() time), else with false. */
function beforeDeadline(done: Promise<unknown>, deadline: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), Math.max(0, deadline - performance.now()));
    void done.then(() => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** Pages whose loads are remembered (a few per URL of the site); the oldest are forgotten first. */
const KEPT_PLANS = 4_000;
/** The loads each part of a page asked for the last time it was rendered, by page, versions and place. */
const plans = new Map<string, string[]>();

/**
 * Renders `element` until a pass asks for no data it has not had: each pass may ask (useLoaded) for answers, which
 * are fetched into `queryClient` before the next, through `shared` (`key` names each in it). The loads the part
 * asked for when it was last rendered (`plan`) start the cache wherever `shared` still keeps their answers, so a
 * page seen before renders in one pass. Passes are synchronous, so `beforePass` can install what the page shares
 * with others in this process (the route table) just before each one. A failed answer stays loading (the browser
 * asks again), one that answered 404 shows the part's not-found view; past `deadline` the render gives up.
 */
async function renderWithData(
  element: ReactElement,
  queryClient: QueryClient,
  loads: { shared: SharedLoads; key: (key: string) => string; plan: string },
  beforePass: () => void,
  deadline: number,
): Promise<string> {
  for (const key of plans.get(loads.plan) ?? []) {
    const kept = loads.shared.kept(loads.key(key));
    if (kept) queryClient.setQueryData([key], kept.value);
  }
  const asked = new Set<string>();
  for (;;) {
    const wanted: Promise<void>[] = [];
    const serverLoads: ServerLoads = {
      want: (key, load) => {
        if (asked.has(key)) return;
        asked.add(key);
        // The answer is put in the cache as the load gave it (a paged query's load gives its first page in the paged
        // shape, which the query's own fetch would wrap again); a failed one goes in as the query's error.
        wanted.push(
          loads.shared.load(loads.key(key), load).then(
            (value) => void queryClient.setQueryData([key], value),
            (error: unknown) =>
              queryClient.prefetchQuery({
                queryKey: [key],
                queryFn: () => Promise.reject(error as Error),
                retry: false,
              }),
          ),
        );
      },
    };
    beforePass();
    const html = renderToString(
      <ServerLoadsContext.Provider value={serverLoads}>{element}</ServerLoadsContext.Provider>,
    );
    if (wanted.length === 0) {
      if (plans.size >= KEPT_PLANS && !plans.has(loads.plan)) plans.clear();
      plans.set(
        loads.plan,
        queryClient
          .getQueryCache()
          .getAll()
          .map((query) => String(query.queryKey[0])),
      );
      return html;
    }
    if (!(await beforeDeadline(Promise.all(wanted), deadline))) throw new ServerRemoteError('timeout', 'render budget');
  }
}

/**
 * Options whose every value is a string, a number or a boolean: what the text of such a call is depends on the key,
 * the options and the store alone (a namespace, a default, a count, a name it interpolates).
 */
const primitiveOptions = (options: unknown): options is Record<string, string | number | boolean> | undefined =>
  options === undefined ||
  (typeof options === 'object' &&
    options !== null &&
    Object.values(options).every((value) => ['string', 'number', 'boolean'].includes(typeof value)));

/** Texts kept at once by `translatedOnce` (those with the values they interpolate), all dropped when more come. */
const KEPT_TEXTS = 10_000;

/**
 * The instance's `getFixedT` whose functions translate each text of its store once per set of values: every render
 * of a language translates the same labels (the layout's menus, footer and navbar, a part's headings, a count of
 * none), and i18next copies its whole options twice per call and resolves plurals again. Only a call whose options
 * are all strings, numbers and booleans is kept, only for a key the store holds, and at most `KEPT_TEXTS` at once;
 * texts added to the store (a remote's namespace at its first render) drop it all.
 */
export function translatedOnce(instance: I18n): I18n['getFixedT'] {
  const scopes = new Map<string, TFunction>();
  const texts = new Map<string, string>();
  for (const change of ['added', 'removed'] as const) instance.store.on(change, () => texts.clear());
  const separator = () => (instance.options.keySeparator || '.') as string;
  return ((lng: string | readonly string[] | null, ns?: string | readonly string[] | null, keyPrefix?: string) => {
    const scope = JSON.stringify([lng, ns, keyPrefix]);
    let fixed = scopes.get(scope);
    if (!fixed) {
      const translate = instance.getFixedT(lng as string, ns as string, keyPrefix) as unknown as ((
        key: unknown,
        ...rest: unknown[]
      ) => unknown) & { lng?: string; lngs?: readonly string[]; ns?: string | readonly string[] };
      const once = (key: unknown, ...rest: unknown[]) => {
        const [options, ...more] = rest;
        if (typeof key !== 'string' || more.length > 0 || !primitiveOptions(options)) return translate(key, ...rest);
        const id = `${scope}\n${key}\n${options === undefined ? '' : JSON.stringify(options)}`;
        const kept = texts.get(id);
        if (kept !== undefined) return kept;
        const text = translate(key, options);
        const path = keyPrefix ? `${keyPrefix}${separator()}${key}` : key;
        const where = { ...options, lng: translate.lng, ns: options?.ns ?? translate.ns };
        if (typeof text === 'string' && instance.exists(path, where as never)) {
          if (texts.size >= KEPT_TEXTS) texts.clear();
          texts.set(id, text);
        }
        return text;
      };
      fixed = Object.assign(once, { lng: translate.lng, lngs: translate.lngs, ns: translate.ns, keyPrefix }) as never;
      scopes.set(scope, fixed);
    }
    return fixed;
  }) as I18n['getFixedT'];
}

/** Sets of remote versions whose route table and translations are kept (a few per tenant, pin and canary). */
const KEPT_REMOTE_SETS = 64;
const perRemotes = new Map<string, { table: RouteDefinition[]; i18n: Map<Language, I18n> }>();

/**
 * What every page of one set of remote versions shares: its route table (installed before each pass, its matchers
 * compiled once) and an i18next per language holding the shell's texts, the descriptors' menu labels and, once a
 * part is rendered, the remotes' namespaces.
 */
function forRemotes(routed: readonly ManifestRemote[]) {
  const key = routed.map((remote) => `${remote.name}@${remote.version}`).join(' ');
  let kept = perRemotes.get(key);
  if (!kept) {
    if (perRemotes.size >= KEPT_REMOTE_SETS) perRemotes.clear();
    perRemotes.set(key, (kept = { table: routeTableOf(routed), i18n: new Map() }));
  }
  const { table, i18n } = kept;
  return {
    table,
    i18n: (language: Language) => {
      let view = i18n.get(language);
      if (!view) {
        const instance = createI18n(language, shellResources);
        addDescriptorMessages(instance, routed);
        // react-i18next's useTranslation copies the instance's own properties (forty-odd) on each call of a server
        // render, where its memo lasts one render: the renders get a view of it with none of its own but the
        // `getFixedT` that keeps its texts, which reads, translates and adds texts through the instance it is made
        // from.
        view = Object.create(instance) as I18n;
        view.getFixedT = translatedOnce(instance);
        i18n.set(language, view);
      }
      return view;
    },
  };
}

const selections = new Map<string, ReturnType<typeof selectRemotes>>();
/**
 * The remotes a manifest's page runs (`selectRemotes`), checked once per tenant features and remote versions: a
 * stored version's descriptor never changes, and its range checks are a good part of a small render.
 */
function selectedRemotes(manifest: FederationManifest) {
  const key = JSON.stringify([
    manifest.tenant.features,
    manifest.remotes.map((remote) => [remote.name, remote.version, remote.channel, remote.entry]),
  ]);
  let selected = selections.get(key);
  if (!selected) {
    if (selections.size >= KEPT_REMOTE_SETS) selections.clear();
    selected = selectRemotes(manifest, { platform: PLATFORM_API_VERSION, contracts: CONTRACTS_VERSION });
    selections.set(key, selected);
  }
  return selected;
}

/** The shell's stores for one server render: the URL's route, the visitor's session, no socket connection. */
function serverShell(
  request: PageRequest,
  manifest: FederationManifest,
  remotes: ReturnType<typeof selectRemotes>,
  i18nIn: (language: Language) => I18n,
) {
  const url = new URL(request.url, 'http://server.invalid');
  const memory = new Map<string, string>();
  const router = createRouter({
    window: {
      location: url,
      history: {
        pushState: () => {
          throw new Error('a server render does not navigate');
        },
      },
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    },
    storage: { getItem: (key) => memory.get(key) ?? null, setItem: (key, value) => void memory.set(key, value) },
    defaultLanguage: tenantDefaultLanguage(manifest.tenant.languages),
  });
  const language = router.current().language;
  const i18n = i18nIn(language);
  const getLanguage = () => router.current().language;
  const rest = createRestClient({
    baseUrl: 'http://server.invalid/rest/v1',
    getToken: () => request.token,
    getLanguage,
    version: SHELL_VERSION,
    isLoggedIn: () => false,
    fetch: request.fetch,
  });
  const session = createSessionStore({
    rest,
    storage: { getItem: () => null, setItem: () => undefined, removeItem: () => undefined },
  });
  // Every visitor gets this page: it is rendered with the visitor session, which hydration shows too.
  session.session$.next(visitorSession(language));
  const ui = createUiStore();
  // A shared page knows no visitor's cookie: it is rendered as for one who has not chosen yet.
  const consent = createConsentStore({ cookie: '' });
  const socket = createSocketClient({
    url: 'ws://server.invalid',
    getSession: () => null,
    language: getLanguage,
    log: () => undefined,
  });
  const { accepted, refused } = remotes;
  const incompatible = refused.filter(({ reason }) => reason !== 'disabled').map(({ remote }) => remote);
  const slots = createSlotHost({
    remotes: accepted,
    loadWidgets: (remote) =>
      serverRemotes.load<Record<string, RemoteLifecycles>>(remote, request.serverEntry(remote), 'widgets'),
    // Effects do not run on the server: a slot is filled in the browser.
    mountParcel: () => {
      throw new Error('widgets are mounted in the browser');
    },
    platform: () => platform,
    renderFallback: () => undefined,
  });
  const platform = buildPlatform({
    rest,
    query: createQueryClient({
      url: 'http://server.invalid/graphql',
      getToken: () => request.token,
      getLanguage,
      fetch: request.fetch,
    }),
    feed: createFeedClient({
      url: 'http://server.invalid/feed/graphql',
      getToken: () => request.token,
      getLanguage,
      isLoggedIn: () => false,
      fetch: request.fetch,
    }),
    socket,
    session,
    router,
    ui,
    slots: () => slots,
    i18n,
    tenant: manifest.tenant,
    consent,
  });
  return { router, i18n, platform, session, ui, consent, slots, socket, accepted, incompatible };
}

/**
 * Renders one remote part (the owner's app, or a slot's widget) with its data within `deadline`; a part that cannot
 * be is left to the browser, with the reason.
 */
async function renderPart(
  remote: ManifestRemote,
  place: 'outlet' | SlotName,
  request: PageRequest,
  platform: PlatformApi,
  installTable: () => void,
  deadline: number,
): Promise<{ outcome: PartOutcome; html: string; part: ServerPart | null }> {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const entry = request.serverEntry(remote);
  try {
    const lifecycles =
      place === 'outlet'
        ? await serverRemotes.loadWithin<RemoteLifecycles>(remote, entry, 'app', deadline)
        : (await serverRemotes.loadWithin<Record<string, RemoteLifecycles>>(remote, entry, 'widgets', deadline))[place];
    if (!lifecycles) throw new Error(`${remote.name} has no widget ${place}`);
    // What a part loads depends on its tenant, language, remote version and the key its code gives it.
    const scope = `${request.manifest.tenant.id} ${platform.router.current().language} ${remote.name}@${remote.version}`;
    const html = await renderWithData(
      await lifecycles.serverElement({ platform, queryClient }),
      queryClient,
      {
        shared: request.shared,
        key: (key) => `${scope} ${key}`,
        plan: `${scope} ${place} ${request.url}`,
      },
      installTable,
      deadline,
    );
    return {
      outcome: { remote, place, outcome: 'server' },
      html,
      part: { remote: remote.name, version: remote.version, queries: dehydrateLoads(queryClient) },
    };
  } catch (error) {
    return {
      outcome: {
        remote,
        place,
        outcome: 'client',
        stage: error instanceof ServerRemoteError ? error.stage : 'throws',
        error: error instanceof Error ? error.message : String(error),
        warming: error instanceof ServerRemoteError && error.warming,
      },
      html: '',
      part: null,
    };
  }
}

/** The page's first screen as HTML: the layout, the owner remote's part and home's first blocks, with their data. */
export async function renderPage(request: PageRequest): Promise<ShellRenderedPage> {
  const deadline = performance.now() + request.budgetMs;
  const { manifest } = request;
  const remotes = selectedRemotes(manifest);
  const routed = [
    ...remotes.accepted,
    ...remotes.refused.filter(({ reason }) => reason !== 'disabled').map(({ remote }) => remote),
  ];
  const { table, i18n: i18nIn } = forRemotes(routed);
  // The route table is the page's; other renders in this process have theirs: install it before each pass.
  const installTable = () => installRouteTable(table);
  installTable();
  const shellParts = serverShell(request, manifest, remotes, i18nIn);
  const { router, i18n, platform } = shellParts;

  const { route, notFound } = router.state$.value;
  // A legal page is the shell's own with data: its text is read before the layout renders.
  const legalType = notFound ? undefined : legalTypeOfPage(route.name);
  const legal = legalType
    ? await platform.api
        .rest(legalEndpoints.text, { params: { type: legalType }, query: { language: route.language } })
        .catch(() => null)
    : null;
  // So is the route's SEO text under the page's content, which the server holds in memory.
  const seoText: ServedSeoText | null =
    notFound || !request.seoText
      ? null
      : { tag: route.name, language: route.language, text: request.seoText(route.name, route.language) };
  const owner = notFound ? null : remoteForRoute(route.name, shellParts.accepted);
  const blocks: { slot: SlotName; remote: ManifestRemote }[] = [];
  if (!notFound && route.name === 'home')
    for (const slot of HOME_BLOCKS.map(homeSlot)) {
      const remote = shellParts.accepted.find((candidate) => candidate.descriptor.slots.includes(slot));
      if (remote && blocks.length < FIRST_SCREEN_BLOCKS) blocks.push({ slot, remote });
    }
  const [outletPart, ...blockParts] = await Promise.all([
    owner ? renderPart(owner, 'outlet', request, platform, installTable, deadline) : null,
    ...blocks.map(({ slot, remote }) => renderPart(remote, slot, request, platform, installTable, deadline)),
  ]);

  const state: ServerPageState = {
    tenant: manifest.tenant.id,
    remotes: remoteSet(shellParts.accepted),
    outlet: outletPart?.part ?? null,
    slots: {},
    ...(legal ? { legal } : {}),
    ...(seoText ? { seoText } : {}),
  };
  const prerendered = new Map<SlotName, string>();
  blocks.forEach(({ slot }, index) => {
    const rendered = blockParts[index]!;
    if (!rendered.part) return;
    state.slots[slot] = rendered.part;
    prerendered.set(slot, `<div data-ssr="server">${rendered.html}</div>`);
  });
  const outcomes = [outletPart, ...blockParts].flatMap((part) => (part ? [part.outcome] : []));
  const styled = new Set(outcomes.filter((part) => part.outcome === 'server').map((part) => part.remote));
  const shell: Shell = {
    platform,
    session: shellParts.session,
    router,
    ui: shellParts.ui,
    consent: shellParts.consent,
    // No browser offers an install on the server: the prompt shows after hydration, when one does.
    install: createInstallPrompt({ addEventListener: () => undefined }, { cookie: '' }),
    slots: shellParts.slots,
    socket: shellParts.socket,
    remotes: shellParts.accepted,
    refused: shellParts.incompatible,
    outlet: owner && outletPart ? outletHtml(owner.name, outletPart.part ? 'server' : 'client', outletPart.html) : '',
    prerendered,
    legal,
    seoText,
    i18n,
  };
  installTable();
  const html = renderToString(
    <I18nextProvider i18n={i18n}>
      <ShellContext.Provider value={shell}>
        <Layout />
      </ShellContext.Provider>
    </I18nextProvider>,
  );
  return {
    language: route.language,
    html,
    styles: [themeCss(manifest.tenant.theme), ...[...styled].flatMap((remote) => serverRemotes.styles(remote))],
    state,
    parts: outcomes,
  };
}

/**
 * Loads the node builds of a manifest's remotes ahead of the first page (their app, and their widgets where they
 * fill slots) and the structured query client, so the first render of each is not spent loading code. Answers the
 * remotes that failed to load.
 */
export async function preloadRemotes(
  manifest: FederationManifest,
  serverEntry: (remote: ManifestRemote) => string,
): Promise<{ remote: ManifestRemote; error: string }[]> {
  const { accepted } = selectRemotes(manifest, { platform: PLATFORM_API_VERSION, contracts: CONTRACTS_VERSION });
  const failed: { remote: ManifestRemote; error: string }[] = [];
  await preloadGraphqlClient();
  for (const remote of accepted)
    for (const module of remote.descriptor.slots.length > 0 ? (['app', 'widgets'] as const) : (['app'] as const))
      await serverRemotes.load(remote, serverEntry(remote), module).catch((error: unknown) => {
        failed.push({ remote, error: error instanceof Error ? error.message : String(error) });
      });
  return failed;
}

/** What the server loads from this module's build: checked here against the one definition of that boundary. */
export const renderer = { renderPage, preloadRemotes } satisfies ShellRenderer;
