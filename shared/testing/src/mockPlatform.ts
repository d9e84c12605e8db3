import { BehaviorSubject, Subject, filter, map } from 'rxjs';
import {
  DEFAULT_LANGUAGE,
  formatBalance,
  LANGUAGES,
  NO_GUEST_FLAGS,
  PLATFORM_API_VERSION,
  SLOT_PROPS,
  conversionEndpoints,
  incomingMessages,
  seoEndpoints,
  outgoingMessages,
  type ConsentState,
  type CurrentRoute,
  type Endpoint,
  type EndpointInput,
  type EndpointResponse,
  type GraphqlOperation,
  type Guest,
  type GuestFlags,
  type GuestSession,
  type IncomingMessage,
  type IncomingType,
  type Language,
  type OutgoingPayload,
  type PlatformApi,
  type RouteArgs,
  type RouteName,
  type ShellFlow,
  type SlotName,
  type Tenant,
} from '@velvet/contracts';
import { ApiError } from '@velvet/sdk';
import { createI18n, pathFor } from '@velvet/i18n';

/** Answers one REST endpoint in a test: gets the call's input, answers the response (sync or async). */
export type RestHandler = (input: EndpointInput<Endpoint>) => unknown;
/** Answers structured-query or feed operations: by operation, with its variables. */
export type GraphqlHandler = (
  operation: GraphqlOperation<unknown, Record<string, unknown>>,
  variables: Record<string, unknown>,
) => unknown;

/** Any guest fields to change; flags merge into the current ones. */
export type GuestOverrides = Partial<Omit<Guest, 'flags'>> & { flags?: Partial<GuestFlags> };

export interface MockPlatformOptions {
  loggedIn?: boolean;
  language?: Language;
  route?: { name: RouteName; args?: RouteArgs; scrollTo?: string };
  /** Keyed by the endpoint's `path` as written in the contract, e.g. '/actor/getActorStateById/:actorId'. */
  rest?: Record<string, RestHandler>;
  query?: GraphqlHandler;
  feed?: GraphqlHandler;
  guest?: GuestOverrides;
  tenant?: Partial<Tenant>;
  /** Routes `router.has` answers false for, as if their remote were off; none by default. */
  offRoutes?: RouteName[];
  /** Slots that `slots.has` reports as filled; all by default. */
  filledSlots?: SlotName[];
  /** The visitor's cookie choice; by default she decided and granted every category. */
  consent?: Partial<ConsentState>;
}

export interface RecordedRestCall {
  method: Endpoint['method'];
  path: string;
  input: EndpointInput<Endpoint> | undefined;
}
export interface RenderedSlot {
  slot: SlotName;
  props: Record<string, unknown> | undefined;
  mounted: boolean;
}

/** A full platform API for tests, plus what the test drives and what it reads back. */
export interface MockPlatform extends PlatformApi {
  /** Pushes an incoming socket message (validated against its contract) to the bus. */
  emit(message: IncomingMessage): void;
  /** Everything sent over the bus, in order. */
  readonly sent: OutgoingPayload[];
  readonly navigations: { name: RouteName; args: RouteArgs }[];
  readonly openedFlows: ShellFlow[];
  readonly toasts: { message: string; kind: 'info' | 'error' | 'success' }[];
  readonly restCalls: RecordedRestCall[];
  readonly renderedSlots: RenderedSlot[];
  readonly tracked: { context: string; action: string; data?: Record<string, unknown> }[];
  /** Replaces the session's guest (e.g. to log in during a test). */
  setGuest(guest: GuestOverrides): void;
  /** Changes the visitor's cookie choice, as the shell's banner does. */
  setConsent(consent: Partial<ConsentState>): void;
}

const defaultTenant: Tenant = {
  id: 'default',
  brand: 'Velvet',
  logoUrl: '/media/brand/logo.svg',
  languages: [...LANGUAGES],
  theme: {},
  features: {},
  footerLinks: [],
};

/** A complete guest as the server answers it, for tests that need one without a whole mock platform. */
export function guestFixture(
  loggedIn: boolean,
  language: Language = DEFAULT_LANGUAGE,
  overrides: GuestOverrides = {},
): Guest {
  return {
    id: loggedIn ? 'guest-1' : 'anonymous-1',
    name: loggedIn ? 'Tester' : 'Visitor',
    email: loggedIn ? 'tester@example.com' : null,
    avatarUrl: null,
    language,
    avsStatus: 'unknown',
    balance: { amount: 0, formatted: formatBalance(0, 'en') },
    ...overrides,
    flags: {
      ...NO_GUEST_FLAGS,
      ...overrides.flags,
      loggedIn,
      anonymous: !loggedIn,
    },
  };
}

/** The URL of a route exactly as the shell builds it. */
export function routeHref(name: RouteName, args: RouteArgs = {}, language: Language = DEFAULT_LANGUAGE): string {
  return pathFor(name, args, language);
}

/** Checks a part of a call against the endpoint's schema, as the server would: a bad call is a 400. */
function validatePart(endpoint: Endpoint, part: 'params' | 'query' | 'body', value: unknown) {
  const schema = endpoint[part];
  if (!schema) return;
  const result = schema.safeParse(value ?? {});
  if (!result.success) {
    throw new ApiError(
      400,
      'VALIDATION_FAILED',
      `${endpoint.method} ${endpoint.path} ${part}: ${result.error.message}`,
    );
  }
}

/**
 * A platform API for Jest tests of a remote. REST answers come from `rest` handlers keyed by endpoint path
 * and are parsed with the endpoint's response schema, so a fixture that drifts from the contract fails the
 * test. Calls that need a guest are refused for an anonymous session with the SDK's LOGIN_REQUIRED error.
 */
export function createMockPlatform(options: MockPlatformOptions = {}): MockPlatform {
  const language = options.language ?? DEFAULT_LANGUAGE;
  const session$ = new BehaviorSubject<GuestSession>({
    accessToken: options.loggedIn ? 'guest-token' : 'anonymous-token',
    guest: guestFixture(options.loggedIn ?? false, language, options.guest),
  });
  const route$ = new BehaviorSubject<CurrentRoute>({
    name: options.route?.name ?? 'home',
    args: options.route?.args ?? {},
    language,
    ...(options.route?.scrollTo ? { scrollTo: options.route.scrollTo } : {}),
  });
  const incoming$ = new Subject<IncomingMessage>();
  const ready$ = new BehaviorSubject(true);
  const consent$ = new BehaviorSubject<ConsentState>({
    decided: true,
    functional: true,
    analytics: true,
    ...options.consent,
  });

  const sent: OutgoingPayload[] = [];
  const navigations: MockPlatform['navigations'] = [];
  const openedFlows: ShellFlow[] = [];
  const toasts: MockPlatform['toasts'] = [];
  const restCalls: RecordedRestCall[] = [];
  const renderedSlots: RenderedSlot[] = [];
  const tracked: MockPlatform['tracked'] = [];

  const graphql = (handler: GraphqlHandler | undefined, service: string) =>
    (async (operation: GraphqlOperation<unknown, Record<string, unknown>>, variables?: Record<string, unknown>) => {
      if (!handler)
        throw new Error(`No ${service} handler in createMockPlatform for: ${operation.document.slice(0, 80)}`);
      return handler(operation, variables ?? {});
    }) as PlatformApi['api']['query'];

  const platform: MockPlatform = {
    version: PLATFORM_API_VERSION,
    bus: {
      on: <T extends IncomingType>(type: T) =>
        incoming$.pipe(
          filter((message) => message.type === type),
          map((message) => message as IncomingMessage<T>),
        ),
      send: (message) => {
        const schema = outgoingMessages[message.type];
        schema.parse(message);
        sent.push(message);
      },
      ready$,
    },
    session: { session$, current: () => session$.getValue() },
    api: {
      rest: (async (endpoint: Endpoint, input?: EndpointInput<Endpoint>) => {
        restCalls.push({
          method: endpoint.method,
          path: endpoint.path,
          input: input as EndpointInput<Endpoint> | undefined,
        });
        if (endpoint.needsGuest && !session$.getValue().guest.flags.loggedIn) {
          throw new ApiError(401, 'LOGIN_REQUIRED', `${endpoint.path} needs a logged-in guest`);
        }
        validatePart(endpoint, 'params', input?.params);
        validatePart(endpoint, 'query', input?.query);
        validatePart(endpoint, 'body', input?.body);
        const handler = options.rest?.[endpoint.path];
        if (!handler) throw new Error(`No rest handler in createMockPlatform for ${endpoint.method} ${endpoint.path}`);
        return endpoint.response.parse(await handler(input as EndpointInput<Endpoint>));
      }) as PlatformApi['api']['rest'],
      query: graphql(options.query, 'query'),
      feed: graphql(options.feed, 'feed'),
    },
    i18n: createI18n(language),
    router: {
      route$,
      current: () => route$.getValue(),
      navigate: (name: RouteName, args: RouteArgs = {}, navigateOptions?: { scrollTo?: string }) => {
        navigations.push({ name, args });
        route$.next({
          name,
          args,
          language,
          ...(navigateOptions?.scrollTo ? { scrollTo: navigateOptions.scrollTo } : {}),
        });
      },
      href: (name, args, hrefLanguage) => routeHref(name, args, hrefLanguage ?? language),
      has: (name) => !options.offRoutes?.includes(name),
    },
    ui: {
      open: (flow) => void openedFlows.push(flow),
      toast: (message, kind = 'info') => void toasts.push({ message, kind }),
    },
    slots: {
      render: (slot, element, props) => {
        // as the real slot host does: props that fail the slot's schema never reach a widget, here they fail the test
        SLOT_PROPS[slot].parse(props ?? {});
        const record: RenderedSlot = { slot, props, mounted: true };
        renderedSlots.push(record);
        element.setAttribute('data-mock-slot', slot);
        return () => {
          record.mounted = false;
          element.removeAttribute('data-mock-slot');
        };
      },
      has: (slot) => !options.filledSlots || options.filledSlots.includes(slot),
    },
    tenant: { ...defaultTenant, ...options.tenant },
    telemetry: { track: (event) => void tracked.push(event) },
    consent: {
      consent$,
      current: () => consent$.getValue(),
      allows: (category) => category === 'necessary' || consent$.getValue()[category],
    },
    // The shell's flow through this platform's REST answers (recorded in restCalls); the block cookie is the shell's.
    incentives: {
      // As the shell's: a failed call (here also one the test gives no handler) answers none.
      load: async (request) => {
        const answer = await (
          request.region === 'videoPlayer'
            ? platform.api.rest(conversionEndpoints.videoPreviewEnd, {
                params: { albumId: request.videoId },
                query: {},
              })
            : platform.api.rest(conversionEndpoints.pageLoad, {
                query: {},
                body: { routeName: route$.getValue().name, routeArgs: {} },
              })
        ).catch(() => null);
        return answer?.data.incentives.filter((incentive) => incentive.region === request.region) ?? [];
      },
      close: async (request, incentive, result) => {
        const answer = await platform.api.rest(conversionEndpoints.close, {
          body: { result, incentive: { id: incentive.id } },
        });
        return answer.data.success ? platform.incentives.load(request) : null;
      },
    },

    emit: (message) => {
      const schema = incomingMessages[message.type];
      incoming$.next(schema.parse(message) as IncomingMessage);
    },
    sent,
    navigations,
    openedFlows,
    toasts,
    restCalls,
    renderedSlots,
    tracked,
    setConsent: (consent) => consent$.next({ ...consent$.getValue(), ...consent }),
    setGuest: (guest) => {
      const current = session$.getValue();
      const loggedIn = guest.flags?.loggedIn ?? current.guest.flags.loggedIn;
      session$.next({
        accessToken: loggedIn ? 'guest-token' : 'anonymous-token',
        guest: guestFixture(loggedIn, language, {
          ...current.guest,
          ...guest,
          flags: { ...current.guest.flags, ...guest.flags },
        }),
      });
    },
  };
  return platform;
}

/**
 * A typed `rest` entry: `rest: { ...restFixture(chatEndpoints.actorList, ({ query }) => ...) }`. The handler sees
 * the endpoint's input type and must answer its response type.
 */
export function restFixture<E extends Endpoint>(
  endpoint: E,
  handler: (input: EndpointInput<E>) => EndpointResponse<E> | Promise<EndpointResponse<E>>,
): Record<string, RestHandler> {
  return { [endpoint.path]: handler as RestHandler };
}

/**
 * A `rest` entry for the page trail's call (`breadcrumb/{breadcrumbType}`): home, then the page named after the type
 * and its payload (`category {"categorySlug":"couples"}`), so a test sees which trail its page asked for and shows.
 */
export function breadcrumbFixture(): Record<string, RestHandler> {
  return restFixture(seoEndpoints.breadcrumb, ({ params, body }) => ({
    data: {
      breadcrumb: [
        { name: 'Velvet', path: '/en/', route: 'home' },
        { name: `${params.breadcrumbType} ${JSON.stringify(body.payload)}`, path: '/en/page/', route: 'home' },
      ],
    },
  }));
}

/** The inputs of every call a test made to one endpoint, typed, in order. */
export function restCallsTo<E extends Endpoint>(platform: MockPlatform, endpoint: E): (EndpointInput<E> | undefined)[] {
  return platform.restCalls
    .filter((call) => call.method === endpoint.method && call.path === endpoint.path)
    .map((call) => call.input as EndpointInput<E> | undefined);
}
