import { useEffect } from 'react';
import { combineLatest, distinctUntilChanged, filter, map, merge, of, skip, startWith, switchMap, timer } from 'rxjs';
import type { i18n as I18n } from 'i18next';
import { mountRootParcel, start } from 'single-spa';
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import {
  CONTRACTS_VERSION,
  PLATFORM_API_VERSION,
  REMOTE_ENTRY_FILE,
  SOCKET_PATH,
  federationEndpoints,
  loggerEndpoints,
  routeTableOf,
  telemetryEndpoints,
  visitorSession,
} from '@velvet/contracts';
import { createFeedClient, createQueryClient, createRestClient, createSocketClient, type RestCall } from '@velvet/sdk';
import { createI18n, installRouteTable } from '@velvet/i18n';
import { applyTheme } from '@velvet/ui';
import { concurrentRoots, createSlotHost, deliveryPlugin, type Lifecycles } from '@velvet/federation';
import { loadShellStrings } from './locales/load';
import { createRouter, scrollToWhenRendered, type ShellRouter } from './router';
import { createSessionStore } from './session';
import { createUiStore } from './uiStore';
import { buildPlatform } from './platform';
import { createConsentStore } from './consent';
import { createInstallPrompt, type InstallPrompt } from './installPrompt';
import { registerRemoteApps } from './apps';
import { resolveTenant, selectRemotes } from './remotes';
import { fallbackRenderer } from './resilient';
import { beaconSender, createLoadReporter } from './loadReports';
import { createRemoteLoader } from './remoteLoader';
import { createNetworkLogger } from './networkLogger';
import { watchTabPresence } from './tabPresence';
import { trackPageViews } from './pageViews';
import { rememberVisitor, visitorId } from './visitor';
import { remoteSet, serverParts, serverRendered } from './serverState';
import { Layout } from './layout/Layout';
import { addDescriptorMessages } from './layout/menus';
import { ShellContext, type Shell } from './layout/ShellContext';
import { SHELL_VERSION } from './version';
import { nextTask } from './nextTask';
import './styles.css';

const CONNECTION_LOST_AFTER_MS = 10_000;

/** Renders nothing; runs `run` once the tree it closes has been committed (hydrated or rendered). */
function OnCommit({ run }: { run: () => void }) {
  useEffect(run, [run]);
  return null;
}
/** A remote's manifest or entry that has not arrived by then counts as failed: fallback, retry, report. */
const REMOTE_LOAD_TIMEOUT_MS = 10_000;

/** The boot order: tenant, manifest, federation runtime, one application per remote, socket, layout, start. */
async function boot(router: ShellRouter, i18n: I18n, install: InstallPrompt) {
  const getLanguage = () => router.current().language;
  // The session calls REST, and REST sends the session's token: the wrapper defers the lookup to call time.
  const session = createSessionStore({
    rest: (endpoint, input) => rest(endpoint, input),
    storage: window.localStorage,
  });
  const rest: RestCall = createRestClient({
    baseUrl: '/rest/v1',
    getToken: () => session.token(),
    getLanguage,
    version: SHELL_VERSION,
    isLoggedIn: () => session.isLoggedIn(),
  });

  const tenant = resolveTenant(window.location, window.sessionStorage);
  const visitor = visitorId(window.localStorage);
  rememberVisitor(document, visitor);
  // The session (a stored token, or an anonymous one) does not depend on the manifest: both are asked at once.
  const [manifest] = await Promise.all([
    rest(federationEndpoints.manifest, { query: { tenant, visitor } }),
    session.start(),
    loadShellStrings(i18n, router.current().language),
  ]);
  applyTheme(manifest.tenant.theme);

  // Every remote load is reported (batched, once per remote and outcome) for the health view and canary rollback.
  const reportsUrl = `/rest/v1${telemetryEndpoints.reportLoads.path}${tenant ? `?tenant=${encodeURIComponent(tenant)}` : ''}`;
  const reporter = createLoadReporter({ visitor, token: manifest.reportToken, send: beaconSender(reportsUrl) });
  window.addEventListener('pagehide', reporter.flush);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') reporter.flush();
  });
  const loader = createRemoteLoader({ loadRemote, reporter });
  // The integrity is the entry script's, which lies beside the manifest the registry names (`entry`).
  const integrities = new Map(
    manifest.remotes.map((remote) => [
      new URL(REMOTE_ENTRY_FILE, new URL(remote.entry, document.baseURI)).href,
      remote.integrity,
    ]),
  );
  registerPlugins([
    deliveryPlugin({
      timeoutMs: REMOTE_LOAD_TIMEOUT_MS,
      onFailure: loader.recordFailure,
      integrity: (url) => integrities.get(url),
    }),
  ]);

  const { accepted, refused } = selectRemotes(manifest, {
    platform: PLATFORM_API_VERSION,
    contracts: CONTRACTS_VERSION,
  });
  for (const { remote, reason } of refused) console.info(`[shell] ${remote.name} not loaded: ${reason}`);
  const incompatible = refused.filter(({ reason }) => reason !== 'disabled');
  for (const { remote, detail } of incompatible) reporter.failed(remote, 'incompatible', 0, detail);
  const incompatibleRemotes = incompatible.map(({ remote }) => remote);
  registerRemotes(accepted.map((remote) => ({ name: remote.descriptor.federationName, entry: remote.entry })));
  // The pages are those the manifest's remotes declare: the URL is read again against that table.
  const routed = [...accepted, ...incompatibleRemotes];
  installRouteTable(routeTableOf(routed));
  addDescriptorMessages(i18n, routed);
  router.sync();

  // The clients, stores and subscriptions below are wired in tasks of their own, apart from the manifest's.
  await nextTask();

  // Log posts wait for the network while the browser is off line, and go out when it is back.
  const logger = createNetworkLogger({ rest, window });
  const socketUrl = `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}${SOCKET_PATH}`;
  const socket = createSocketClient({
    url: socketUrl,
    getSession: () => {
      const current = session.session$.value;
      return current
        ? { accessToken: current.accessToken, guestId: current.guest.id, loggedIn: current.guest.flags.loggedIn }
        : null;
    },
    language: getLanguage,
    log: (error) => logger.log(loggerEndpoints.websocketConnectionError, { body: error }),
  });

  // A page the server rendered for this tenant is hydrated: its outlet (with the remote's part) is the outlet, and
  // each part the server rendered is hydrated by the first mount of the same remote version.
  const rendered = serverRendered(document);
  // Only the same page is hydrated: same tenant, same remotes (a canary, a refused remote change menus and parts)
  // and the same language (a page whose language the router reads otherwise is rendered afresh).
  const hydrate =
    rendered !== null &&
    (rendered.state === null ||
      (rendered.state.tenant === manifest.tenant.id &&
        rendered.state.remotes.join(' ') === remoteSet(accepted).join(' '))) &&
    document.documentElement.lang === router.current().language;
  const parts = serverParts(hydrate ? rendered.state : null);

  const ui = createUiStore();
  const consent = createConsentStore(document);
  const fallback = (remote: string, element: HTMLElement) =>
    fallbackRenderer(remote, () => i18n.t('shell:remote.failed'))(element);
  const slots = createSlotHost({
    remotes: accepted,
    loadWidgets: (remote) => loader.load<Record<string, Lifecycles>>(remote, 'widgets'),
    mountParcel: mountRootParcel,
    platform: () => platform,
    renderFallback: fallback,
    onMountError: (remote, error) => reporter.failed(remote, 'mount', 0, error),
    serverState: (slot, remote) => parts.take(slot, remote),
    // The host's props are wrong, not the widget's remote: telemetry, not a failed load against its canary.
    onPropsRefused: (error, remote) =>
      platform.telemetry.track({
        context: 'slots',
        action: 'propsRefused',
        data: { slot: error.slot, remote: remote.name, message: error.message },
      }),
  });
  const platform = buildPlatform({
    rest,
    query: createQueryClient({
      url: '/graphql',
      getToken: session.token,
      getLanguage,
      isLoggedIn: session.isLoggedIn,
    }),
    feed: createFeedClient({
      url: '/feed/graphql',
      getToken: session.token,
      getLanguage,
      isLoggedIn: session.isLoggedIn,
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

  const outlet =
    (hydrate ? rendered.root.querySelector<HTMLElement>('.vv-outlet') : null) ?? document.createElement('div');
  outlet.className = 'vv-outlet';
  registerRemoteApps({
    remotes: accepted,
    refused: incompatibleRemotes,
    platform,
    outlet,
    loadApp: (remote) => loader.load<Lifecycles>(remote, 'app'),
    serverParts: parts,
    renderFallback: fallback,
    onError: (remote, error, phase) => {
      if (phase === 'mount') reporter.failed(remote, 'mount', 0, error);
      console.error(`[shell] ${remote.name} failed`, error);
    },
  });

  await nextTask();
  socket.connect();
  // Page views, profile visits and the tab's leave and comeback are analytics: `track` sends them with consent only.
  trackPageViews({
    route$: router.route$,
    track: platform.telemetry.track,
    profileVisit: (actorName) =>
      void rest(loggerEndpoints.trackActorProfileVisit, { body: { actorName } }).catch(() => undefined),
    allowsAnalytics: () => consent.allows('analytics'),
  });
  watchTabPresence({ document, window, track: platform.telemetry.track, message: () => i18n.t('shell:tab.comeBack') });
  router.route$.subscribe((route) => {
    document.documentElement.lang = route.language;
    // The new language's strings first, so the layout never shows keys in between; a language left meanwhile
    // is not switched to.
    if (i18n.language !== route.language)
      void loadShellStrings(i18n, route.language).then(() => {
        if (router.current().language === route.language) void i18n.changeLanguage(route.language);
      });
    if (route.scrollTo) scrollToWhenRendered(route.scrollTo);
  });
  // A new token (login, signup, logout) opens a new socket session; the balance push updates the session.
  session.session$
    .pipe(
      map((current) => current?.accessToken),
      distinctUntilChanged(),
      skip(1),
    )
    .subscribe(() => socket.restart());
  socket.on('guestBalance').subscribe((message) => session.setBalance(message));
  // A subscription push updates the flags; one that says a subscription started is a purchase, in EUR.
  socket.on('subscription').subscribe((message) => {
    session.setSubscription(message);
    if (message.started)
      platform.telemetry.track({
        context: 'purchase',
        action: 'subscription',
        data: {
          category: message.kind,
          plan: message.started.plan,
          price: message.started.priceCents / 100,
          currency: message.started.currency,
        },
      });
  });
  socket.on('guestAvatar').subscribe((message) => session.setAvatar(message));
  socket.on('conversionChat').subscribe((message) => session.setConversionChat(message));
  // The age verification follows its pushes; the guest hears the outcome wherever the check was started.
  socket.on('avsPending').subscribe((message) => session.setAvs(message));
  socket.on('avsSet').subscribe((message) => {
    session.setAvs(message);
    ui.ui.toast(i18n.t('shell:avs.set'), 'success');
  });
  socket.on('avsRejected').subscribe((message) => {
    session.setAvs(message);
    ui.ui.toast(i18n.t('shell:avs.rejected', { message: message.message }), 'error');
  });
  socket.on('avsRevoked').subscribe((message) => {
    session.setAvs(message);
    ui.ui.toast(i18n.t('shell:avs.revoked'), 'info');
  });
  // Session expiry and pageReload pushes reload the page (no payment flow exists yet to wait for), except after a
  // lock: the guest first reads why (LockedNotice), and its button reloads.
  let locked = false;
  socket.on('guestLocked').subscribe(() => (locked = true));
  merge(socket.on('sessionExpired'), socket.on('pageReload'))
    .pipe(filter(() => !locked))
    .subscribe(() => window.location.reload());
  // The status bar shows the server's message for the guest; a socket down for longer than a short reconnect
  // says so instead until it is back.
  const connectionLost$ = socket.ready$.pipe(
    distinctUntilChanged(),
    switchMap((ready) => (ready ? of(false) : timer(CONNECTION_LOST_AFTER_MS).pipe(map(() => true)))),
    distinctUntilChanged(),
    startWith(false),
  );
  const guestStatus$ = socket.on('statusBar').pipe(
    map((message) => message.statusBar),
    startWith(null),
  );
  combineLatest([connectionLost$, guestStatus$]).subscribe(([lost, status]) =>
    ui.statusBar$.next(lost ? { type: 'connectionLost', data: {}, action: null } : status),
  );

  // The layout is rendered and the remotes started in tasks of their own, after the wiring above. The visitor
  // session the layout's first render reads is made before, in a task of its own too: it formats a balance, and the
  // page's first number format costs tens of milliseconds on a phone (the browser loads the language's number data).
  await nextTask();
  visitorSession(router.current().language);
  await nextTask();
  const shell: Shell = {
    platform,
    session,
    router,
    ui,
    consent,
    install,
    slots,
    socket,
    remotes: accepted,
    refused: incompatibleRemotes,
    outlet,
    prerendered: new Map([...parts.slots].map((slot) => [slot, ''])),
    legal: hydrate ? (rendered.state?.legal ?? null) : null,
    seoText: hydrate ? (rendered.state?.seoText ?? null) : null,
    i18n,
  };
  let layoutCommitted = () => {};
  const committed = new Promise<void>((resolve) => (layoutCommitted = resolve));
  const layout = (
    <ShellContext.Provider value={shell}>
      <Layout />
      <OnCommit run={layoutCommitted} />
    </ShellContext.Provider>
  );
  const root = document.getElementById('root')!;
  if (hydrate) concurrentRoots.hydrateRoot(root, layout);
  else concurrentRoots.createRoot(root).render(layout);
  // The page answers to its visitor once the layout is React's (it renders in slices) and the route's remote is
  // mounted (or shows its fallback). Marked on <html> for whoever waits for it (the end-to-end tests).
  const firstRouting = new Promise((resolve) =>
    window.addEventListener('single-spa:routing-event', resolve, { once: true }),
  );
  void Promise.all([committed, firstRouting]).then(() => document.documentElement.setAttribute('data-ready', ''));
  await nextTask();
  start({ urlRerouteOnly: true });
}

const router = createRouter({ window, storage: window.sessionStorage });
const i18n = createI18n(router.current().language);
// Listening before the boot's requests: the browser may offer the install while they are under way.
const install = createInstallPrompt(window, document);
boot(router, i18n, install).catch((error: unknown) => {
  console.error('[shell] boot failed', error);
  const root = document.getElementById('root');
  if (!root) return;
  const message = document.createElement('p');
  message.setAttribute('role', 'alert');
  message.className = 'vv-boot-error';
  message.textContent = i18n.t('shell:boot.failed');
  root.replaceChildren(message);
});
