import { z } from 'zod';
import { dbInt } from './input';
import { defineEndpoint } from './endpoint';

/** What the socket client reports about its connection: the kinds of socket failure. */
export const SOCKET_ERROR_TYPES = ['connectionClosed', 'pongMissing', 'malformedMessage'] as const;
export type SocketErrorType = (typeof SOCKET_ERROR_TYPES)[number];

export const websocketConnectionError = z.object({
  /** The close code (1002 protocol error, 4000 pong missing, ...) or 1007 for a frame that failed validation. */
  errorCode: dbInt(0, 4999),
  type: z.enum(SOCKET_ERROR_TYPES),
  reason: z.string().max(500).default(''),
});
export type WebsocketConnectionError = z.infer<typeof websocketConnectionError>;

/** A tracking event's data is stored as it comes: at most this many characters of JSON. */
export const TRACK_DATA_MAX_CHARS = 4_000;

/** One tracking event of the spec's analytics vocabulary (context, action and free-form data). */
export const trackEvent = z.object({
  context: z.string().min(1).max(100),
  action: z.string().min(1).max(100),
  data: z
    .record(z.string(), z.unknown())
    .refine((data) => JSON.stringify(data).length <= TRACK_DATA_MAX_CHARS, {
      message: `at most ${TRACK_DATA_MAX_CHARS} characters of JSON`,
    })
    .optional(),
  /** Client clock in ms since the epoch. */
  timestamp: z.number().int().min(0).max(8.64e15).optional(),
});
export type TrackEvent = z.infer<typeof trackEvent>;

/**
 * The event the shell sends for every page a visitor opens (with analytics consent): `data.route` names the page's
 * route, and the server sums these per route and day for the operators' analytics.
 */
export const PAGE_VIEW_EVENT = { context: 'navigation', action: 'pageView' } as const;
/** A tab the visitor left (hidden) and came back to (visible again). */
export const TAB_EVENTS = { context: 'tab', leave: 'leave', comeback: 'comeback' } as const;

/** What a browser says about its network: it went off line, or came back. */
export const BROWSER_ONLINE_STATUSES = ['online', 'offline'] as const;
export type BrowserOnlineStatus = (typeof BROWSER_ONLINE_STATUSES)[number];

/** The longest span the operators' analytics sums over, in days. */
export const ANALYTICS_MAX_DAYS = 92;
/** The performers the analytics charts, the most visited in the span. */
export const ANALYTICS_TOP_PERFORMERS = 10;

const analyticsDay = z.iso.date();
export const analyticsQuery = z
  .object({ from: analyticsDay, to: analyticsDay })
  .refine(({ from, to }) => from <= to, { message: 'from must not be after to', path: ['from'] })
  .refine(({ from, to }) => (Date.parse(to) - Date.parse(from)) / 86_400_000 < ANALYTICS_MAX_DAYS, {
    message: `at most ${ANALYTICS_MAX_DAYS} days`,
    path: ['to'],
  });
export const analyticsReport = z.object({
  /** Every day of the span, YYYY-MM-DD (UTC), oldest first. */
  days: z.array(z.string()),
  /** Page views per route and day (days without views left out). */
  pages: z.array(z.object({ day: z.string(), route: z.string(), visits: z.number().int() })),
  /** Profile visits per day of the most visited performers of the span. */
  performers: z.array(
    z.object({ day: z.string(), actorId: z.number().int(), name: z.string(), visits: z.number().int() }),
  ),
});
export type AnalyticsReport = z.infer<typeof analyticsReport>;

export const loggerEndpoints = {
  websocketConnectionError: defineEndpoint({
    method: 'POST',
    path: '/logger/websocketConnectionError',
    schemas: () => ({ body: websocketConnectionError, response: z.object({ logged: z.literal(true) }) }),
  }),
  /** A messenger failure a browser met (a conversation that did not load, a refused message). */
  vxmessengerError: defineEndpoint({
    method: 'POST',
    path: '/logger/vxmessengerError',
    schemas: () => ({
      body: z.object({ message: z.string().min(1).max(1000) }),
      response: z.object({ logged: z.literal(true) }),
    }),
  }),
  /** The browser went off line or came back (sent when it is back: the network logger keeps it until then). */
  browserOnline: defineEndpoint({
    method: 'POST',
    path: '/logger/browserOnline',
    schemas: () => ({
      body: z.object({ status: z.enum(BROWSER_ONLINE_STATUSES) }),
      response: z.object({ logged: z.literal(true) }),
    }),
  }),
  /** Stored; a page view (PAGE_VIEW_EVENT) also counts towards its route's visits of the day. */
  track: defineEndpoint({
    method: 'POST',
    path: '/tracker/track',
    schemas: () => ({ body: trackEvent, response: z.object({ tracked: z.literal(true) }) }),
  }),
  /**
   * A visit of a performer's profile, by her name. A name no performer has is no visit (tracked false): a broken
   * link's profile page answers its own 404, and its visit must not add a failed request to the page.
   */
  trackActorProfileVisit: defineEndpoint({
    method: 'POST',
    path: '/tracker/trackActorProfileVisit',
    schemas: () => ({
      body: z.object({ actorName: z.string().min(1).max(100) }),
      response: z.object({ tracked: z.boolean() }),
    }),
  }),
  /** Operators only: page views per route and profile visits per performer, per day of `from`..`to` (UTC). */
  analytics: defineEndpoint({
    method: 'GET',
    path: '/tracker/analytics',
    schemas: () => ({ query: analyticsQuery, response: analyticsReport }),
  }),
};
