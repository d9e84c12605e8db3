import { z } from 'zod';
import { defineEndpoint } from '../endpoint';

/** What a guest can be told by web push; each is on by default and switched per subscription. */
export const PUSH_EVENTS = ['actor-online', 'campaigns', 'news'] as const;
export type PushEvent = (typeof PUSH_EVENTS)[number];
export const pushEvents = z.object({ 'actor-online': z.boolean(), campaigns: z.boolean(), news: z.boolean() });
export type PushEvents = z.infer<typeof pushEvents>;
export const DEFAULT_PUSH_EVENTS: PushEvents = { 'actor-online': true, campaigns: true, news: true };

/** Content encodings of an encrypted push message (RFC 8291's aes128gcm, and the older draft's aesgcm). */
export const PUSH_ENCODINGS = ['aes128gcm', 'aesgcm'] as const;
export type PushEncoding = (typeof PUSH_ENCODINGS)[number];
/** The browser's first supported encoding, else aesgcm (browsers that do not say support only that one). */
export const pushEncodingOf = (supported: readonly string[] | undefined): PushEncoding =>
  PUSH_ENCODINGS.find((encoding) => encoding === supported?.[0]) ?? 'aesgcm';

const base64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+=*$/, 'must be base64url');

/** A browser's PushSubscription as its toJSON() gives it: the push service's URL and the keys to encrypt for. */
export const pushSubscription = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url(200), auth: base64url(64) }),
});
export type PushSubscriptionJson = z.infer<typeof pushSubscription>;

/**
 * A subscription in a path (status, update, unsubscribe): base64url of its JSON. It carries the keys, so only the
 * browser holding the subscription (its auth secret) can ask about it or change it.
 */
export function encodePushSubscription(subscription: PushSubscriptionJson): string {
  const json = JSON.stringify({ endpoint: subscription.endpoint, keys: subscription.keys });
  return btoa(json).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}
/** The subscription a path names, or null when it is not one. */
export function decodePushSubscription(payload: string): PushSubscriptionJson | null {
  try {
    const parsed = pushSubscription.safeParse(JSON.parse(atob(payload.replaceAll('-', '+').replaceAll('_', '/'))));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The JSON a push message carries (encrypted): what the service worker shows and where a click leads. */
export const pushMessage = z.object({
  event: z.enum(PUSH_EVENTS),
  title: z.string(),
  body: z.string(),
  /** A path of the site (a performer's profile, a campaign's page). */
  url: z.string(),
  /** Notifications of one tag replace each other (one per performer coming on line). */
  tag: z.string(),
  icon: z.string().optional(),
});
export type PushMessage = z.infer<typeof pushMessage>;

const subscribed = z.object({ token: z.string(), subscribed: z.boolean(), events: pushEvents });
/** Only the events named change; the others stay as they are. */
/** A switch in a query: text on the wire, a boolean for the caller. */
const querySwitch = z.union([z.boolean(), z.stringbool()]).optional();
const eventSwitches = z.object({ 'actor-online': querySwitch, campaigns: querySwitch, news: querySwitch });
const payloadParams = z.object({ payload: z.string().min(1).max(4096) });
const pushText = z.object({ title: z.string().trim().min(1).max(80), body: z.string().trim().min(1).max(240) });

/** A campaign or news push an operator sends: its text in every language and the site path it opens. */
export const pushBroadcast = z.object({
  event: z.enum(['campaigns', 'news']),
  url: z
    .string()
    .max(500)
    .regex(/^\/([^/\s]\S*)?$/, 'must be a path of the site'),
  texts: z.object({ de: pushText, en: pushText, nl: pushText, es: pushText }),
});
export type PushBroadcast = z.infer<typeof pushBroadcast>;
export const pushDelivery = z.object({
  /** Subscriptions the push service took the message for. */
  sent: z.number().int(),
  /** Subscriptions the push service no longer knows (404, 410): deleted. */
  removed: z.number().int(),
  failed: z.number().int(),
});
export type PushDelivery = z.infer<typeof pushDelivery>;

export const pushEndpoints = {
  /** The server's VAPID public key (base64url), the applicationServerKey of every subscription. */
  key: defineEndpoint({
    method: 'GET',
    path: '/web-push/key',
    schemas: () => ({ response: z.object({ data: z.object({ key: z.string() }) }) }),
  }),
  subscribe: defineEndpoint({
    method: 'POST',
    path: '/web-push/subscribe',
    needsGuest: true,
    schemas: () => ({
      body: z.object({
        subscription: pushSubscription,
        events: pushEvents.partial().optional(),
        encoding: z.enum(PUSH_ENCODINGS).default('aesgcm'),
      }),
      response: z.object({ data: subscribed }),
    }),
  }),
  /** Whether the server holds this browser's subscription for the calling guest, and its events. */
  status: defineEndpoint({
    method: 'GET',
    path: '/web-push/status/:payload',
    needsGuest: true,
    schemas: () => ({
      params: payloadParams,
      response: z.object({ data: z.object({ subscribed: z.boolean(), events: pushEvents.nullable() }) }),
    }),
  }),
  /** Switches events of a subscription (the query names the ones that change). */
  update: defineEndpoint({
    method: 'PUT',
    path: '/web-push/update/:payload',
    needsGuest: true,
    schemas: () => ({
      params: payloadParams,
      query: eventSwitches,
      response: z.object({ data: z.object({ updated: z.boolean(), events: pushEvents.nullable() }) }),
    }),
  }),
  /** Whoever holds the subscription may end it, logged in or not (the path carries its keys). */
  unsubscribe: defineEndpoint({
    method: 'DELETE',
    path: '/web-push/unsubscribe/:payload',
    schemas: () => ({
      params: payloadParams,
      response: z.object({ data: z.object({ unsubscribed: z.boolean() }) }),
    }),
  }),
  /**
   * The service worker moves a subscription the browser renewed (pushsubscriptionchange) to its new endpoint and
   * keys; it has no session, so the token handed out at subscribe stands for the guest.
   */
  resubscribe: defineEndpoint({
    method: 'POST',
    path: '/web-push/resubscribe/:token',
    schemas: () => ({
      params: z.object({ token: base64url(64) }),
      body: z.object({ subscription: pushSubscription, encoding: z.enum(PUSH_ENCODINGS).optional() }),
      response: z.object({ data: subscribed }),
    }),
  }),
  /** Operators: a campaign or news push to every subscription with that event on. */
  broadcast: defineEndpoint({
    method: 'POST',
    path: '/web-push/broadcast',
    needsGuest: true,
    schemas: () => ({ body: pushBroadcast, response: z.object({ data: pushDelivery }) }),
  }),
};

/**
 * The browser's own record of its subscriptions (IndexedDB), shared by the page and the service worker: one record
 * per guest (identity) and server key, keyed `identity:key`, holding the re-subscribe token.
 */
export const PUSH_STORE = { database: 'vx', version: 5, store: 'web-push', index: 'identity' } as const;
export interface PushStoreRecord {
  /** `${identity}:${key}` */
  id: string;
  identity: string;
  key: string;
  token: string;
  endpoint: string;
  encoding: PushEncoding;
}
/** The service worker scripts, one per platform, each registered with scope `/`. */
export const PUSH_WORKER_PATHS = { desktop: '/push-worker-desktop.js', mobile: '/push-worker-mobile.js' } as const;
