import { filter, type Observable } from 'rxjs';
import type { i18n as I18n } from 'i18next';
import {
  PLATFORM_API_VERSION,
  loggerEndpoints,
  type GuestSession,
  type PlatformApi,
  type PlatformSlots,
  type Tenant,
} from '@velvet/contracts';
import type { GraphqlCall, RestCall, SocketClient } from '@velvet/sdk';
import type { SessionStore } from './session';
import type { ShellRouter } from './router';
import type { UiStore } from './uiStore';
import type { ConsentStore } from './consent';
import { createRemoteIncentives } from './incentives';

/** The platform API handed to every remote, assembled from the shell's clients and stores. */
export function buildPlatform(parts: {
  rest: RestCall;
  query: GraphqlCall;
  feed: GraphqlCall;
  socket: SocketClient;
  session: SessionStore;
  router: ShellRouter;
  ui: UiStore;
  slots: () => PlatformSlots;
  i18n: I18n;
  tenant: Tenant;
  consent: ConsentStore;
}): PlatformApi {
  const session$: Observable<GuestSession> = parts.session.session$.pipe(filter((s): s is GuestSession => s !== null));
  return {
    version: PLATFORM_API_VERSION,
    bus: {
      on: (type) => parts.socket.on(type),
      // A message that needs a logged-in guest, sent by an anonymous visitor, opens the login flow rather than
      // being lost on the way.
      send: (message) => {
        if (!parts.socket.send(message)) parts.ui.ui.open('login');
      },
      ready$: parts.socket.ready$,
    },
    session: { session$, current: () => parts.session.current() },
    api: { rest: parts.rest, query: parts.query, feed: parts.feed },
    i18n: parts.i18n,
    router: parts.router,
    ui: parts.ui.ui,
    slots: {
      render: (slot, element, props, options) => parts.slots().render(slot, element, props, options),
      has: (slot) => parts.slots().has(slot),
    },
    tenant: parts.tenant,
    telemetry: {
      // Tracking events are analytics: sent only while the visitor consents to that category, never queued for later.
      track: (event) => {
        if (!parts.consent.allows('analytics')) return;
        void parts.rest(loggerEndpoints.track, { body: { ...event, timestamp: Date.now() } }).catch(() => undefined);
      },
    },
    consent: parts.consent.consent,
    incentives: createRemoteIncentives({
      rest: parts.rest,
      router: parts.router,
      session: () => parts.session.session$.value?.accessToken ?? null,
      document: () => (typeof document === 'undefined' ? undefined : document),
    }),
  };
}
