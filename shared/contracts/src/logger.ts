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

/** One tracking event of the spec's analytics vocabulary (context, action and free-form data). */
export const trackEvent = z.object({
  context: z.string().min(1).max(100),
  action: z.string().min(1).max(100),
  data: z.record(z.string(), z.unknown()).optional(),
  /** Client clock in ms since the epoch. */
  timestamp: z.number().int().optional(),
});
export type TrackEvent = z.infer<typeof trackEvent>;

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
  track: defineEndpoint({
    method: 'POST',
    path: '/tracker/track',
    schemas: () => ({ body: trackEvent, response: z.object({ tracked: z.literal(true) }) }),
  }),
};
