import type { Observable } from 'rxjs';
import type { i18n as I18n } from 'i18next';
import type { Endpoint, EndpointInput, EndpointResponse } from './endpoint';
import type { Guest } from './guest';
import type { Tenant } from './federation';
import type { SlotName } from './slots';
import type { SlotProps } from './slotProps';
import type { IncomingMessage, IncomingType, OutgoingPayload } from './socket';
import type { CurrentRoute, Language, RouteArgsOf, RouteName } from './routes';
import type { GraphqlOperation } from './graphql';
import type { Incentive } from './domains/conversion';
import contractsPackage from '../package.json' with { type: 'json' };

/**
 * The platform API: the one object the shell hands every remote in its mount props. A remote talks to the
 * world only through it. Bump PLATFORM_API_VERSION's major on any breaking change; remotes declare the
 * range they need in remote.json and the shell refuses those it cannot satisfy.
 */
export const PLATFORM_API_VERSION = '1.4.0';

/**
 * The version of these contracts, the one the shell provides to remotes and the registry checks uploads against
 * (remote.json `contracts`): taken from the package, whose version is the one source of it.
 */
export const CONTRACTS_VERSION: string = contractsPackage.version;

export interface PlatformBus {
  /** Typed stream of one incoming socket message type. */
  on<T extends IncomingType>(type: T): Observable<IncomingMessage<T>>;
  /** Sends a message; queued until the session is acknowledged. */
  send(message: OutgoingPayload): void;
  /** true once `ackSession` arrived on the current connection. */
  readonly ready$: Observable<boolean>;
}

export interface GuestSession {
  accessToken: string;
  guest: Guest;
}
export interface PlatformSession {
  readonly session$: Observable<GuestSession>;
  current(): GuestSession;
}

export interface PlatformApiClients {
  /** REST under /rest/v1, with token, language and version added to every call. */
  rest<E extends Endpoint>(endpoint: E, input?: EndpointInput<E>): Promise<EndpointResponse<E>>;
  /** The structured query service (POST /graphql). Refuses to run without a token: "Missing Vxql-Token". */
  query<R, V extends Record<string, unknown>>(operation: GraphqlOperation<R, V>, variables?: V): Promise<R>;
  /** The feed service (POST /feed/graphql); gets the token only for a logged-in guest. */
  feed<R, V extends Record<string, unknown>>(operation: GraphqlOperation<R, V>, variables?: V): Promise<R>;
}

export interface PlatformRouter {
  readonly route$: Observable<CurrentRoute>;
  current(): CurrentRoute;
  /** Arguments are typed per route (generated from every remote.json): `{ contestId }` for `contest`. */
  navigate<N extends RouteName>(name: N, args?: RouteArgsOf<N>, options?: { scrollTo?: string }): void;
  href<N extends RouteName>(name: N, args?: RouteArgsOf<N>, language?: Language): string;
  /**
   * Whether the route is served on this page load: the shell's own, or a route of a remote that runs. A link to a
   * route of a remote that is off for the tenant or refused shows as plain text instead.
   */
  has(name: RouteName): boolean;
}

export const SHELL_FLOWS = ['login', 'signup', 'ageCheck', 'moneyCharge', 'tvSubscription'] as const;
export type ShellFlow = (typeof SHELL_FLOWS)[number];
export interface PlatformUi {
  open(flow: ShellFlow): void;
  toast(message: string, kind?: 'info' | 'error' | 'success'): void;
}

export interface SlotRenderOptions {
  /**
   * Called instead of the platform's failure notice when the slot cannot be filled: no remote fills it, its
   * widget fails to load or mount, or the props fail the slot's schema (SLOT_PROPS).
   */
  onError?: (error: unknown) => void;
}

export interface PlatformSlots {
  /**
   * Mounts the widget that fills a slot into an element, with props checked against the slot's schema
   * (SLOT_PROPS); answers a function that unmounts it.
   */
  render<S extends SlotName>(
    slot: S,
    element: HTMLElement,
    props?: SlotProps<S>,
    options?: SlotRenderOptions,
  ): () => void;
  /** Whether any enabled remote fills the slot. */
  has(slot: SlotName): boolean;
}

export interface PlatformTelemetry {
  track(event: { context: string; action: string; data?: Record<string, unknown> }): void;
}

/**
 * The visitor's cookie consent categories: necessary (session, language, canary stickiness, dismissals) is always
 * granted; functional (remembered conveniences such as recent searches) and analytics (tracking events) only once
 * the visitor said yes to them.
 */
export const CONSENT_CATEGORIES = ['necessary', 'functional', 'analytics'] as const;
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];
/** The visitor's choice: `decided` is false until she made one, and then nothing optional is granted. */
export interface ConsentState {
  decided: boolean;
  functional: boolean;
  analytics: boolean;
}
export const NO_CONSENT: ConsentState = { decided: false, functional: false, analytics: false };

export interface PlatformConsent {
  /** The current choice, and every change of it (the visitor may change her mind at any time). */
  readonly consent$: Observable<ConsentState>;
  current(): ConsentState;
  /** Whether something of this category may run or be stored now. */
  allows(category: ConsentCategory): boolean;
}

/**
 * What a remote asks incentives for, in a region it shows itself: `videoPlayer` when a video's free preview ended
 * (the video's id), `inPage` on the current route's page load.
 */
export type RemoteIncentiveRequest = { region: 'videoPlayer'; videoId: number } | { region: 'inPage' };

export interface PlatformIncentives {
  /**
   * The request's due incentives of its region, highest priority first, leaving out groups this browser closed;
   * a failed call answers none.
   */
  load(request: RemoteIncentiveRequest): Promise<Incentive[]>;
  /**
   * Closes one the way the shell does: its group goes into the browser's block cookie (INCENTIVE_BLOCK_DAYS),
   * closeIncentive is sent and, once the server took it, the request's incentives are loaded again and answered.
   * The remote takes the closed one away at once; a close the server did not take answers null.
   */
  close(
    request: RemoteIncentiveRequest,
    incentive: Incentive,
    result: 'dismissed' | 'accepted',
  ): Promise<Incentive[] | null>;
}

export interface PlatformApi {
  version: string;
  bus: PlatformBus;
  session: PlatformSession;
  api: PlatformApiClients;
  i18n: I18n;
  router: PlatformRouter;
  ui: PlatformUi;
  slots: PlatformSlots;
  tenant: Tenant;
  /** Tracking events: sent only while the visitor consents to analytics. */
  telemetry: PlatformTelemetry;
  consent: PlatformConsent;
  /** Conversion incentives of the regions inside a remote's page (since 1.4). */
  incentives: PlatformIncentives;
}

/** Props a mounted widget of slot `S` receives: the platform plus the slot's props, checked by the slot host. */
export type WidgetProps<S extends SlotName> = { platform: PlatformApi } & SlotProps<S>;
