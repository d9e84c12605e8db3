import {
  PUSH_WORKER_PATHS,
  encodePushSubscription,
  pushEncodingOf,
  pushEndpoints,
  type PlatformApi,
  type PushEvent,
  type PushEvents,
  type PushSubscriptionJson,
} from '@velvet/contracts';
import { ApiError } from '@velvet/sdk';
import type { PushRecordStore } from './pushStore';

/** The failures of the push flow, by the messages they carry. */
export const PUSH_ERROR_MESSAGES = {
  unsupported: 'Push messages not supported',
  blocked: 'Push messages are blocked.',
  permission: 'Bad permission result',
  noRegistration: 'No registration available',
  noToken: 'No re-subscribe token found',
} as const;
export type PushErrorKind = keyof typeof PUSH_ERROR_MESSAGES;
export class PushError extends Error {
  constructor(readonly kind: PushErrorKind) {
    super(PUSH_ERROR_MESSAGES[kind]);
    this.name = 'PushError';
  }
}

/** What of the browser web push needs; a browser without one of them cannot take pushes. */
export interface PushBrowser {
  serviceWorker: ServiceWorkerContainer | undefined;
  pushManager: boolean;
  notification: Pick<typeof Notification, 'permission' | 'requestPermission'> | undefined;
  /** PushManager.supportedContentEncodings, where the browser tells. */
  encodings: readonly string[] | undefined;
  /** A phone or tablet gets the mobile worker script. */
  mobile: boolean;
}

/** This browser's web push parts. Call it in the browser only (an effect or a click). */
export function browserPush(): PushBrowser {
  const agent = navigator as Navigator & { userAgentData?: { mobile?: boolean } };
  return {
    serviceWorker: 'serviceWorker' in navigator ? navigator.serviceWorker : undefined,
    pushManager: 'PushManager' in window,
    notification: 'Notification' in window ? Notification : undefined,
    encodings: 'PushManager' in window ? PushManager.supportedContentEncodings : undefined,
    mobile: agent.userAgentData?.mobile ?? /Mobi|Android/i.test(navigator.userAgent),
  };
}

export interface PushContext {
  browser: PushBrowser;
  api: PlatformApi['api'];
  store: PushRecordStore;
  /** Whose subscription it is: the logged-in guest's id. */
  identity: string;
}

export type PushState =
  { kind: 'unsupported' } | { kind: 'blocked' } | { kind: 'off' } | { kind: 'on'; events: PushEvents };

function workerContainer(browser: PushBrowser): ServiceWorkerContainer {
  if (!browser.serviceWorker || !browser.pushManager || !browser.notification) throw new PushError('unsupported');
  return browser.serviceWorker;
}

const base64url = (bytes: ArrayBuffer) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
const keyBytes = (key: string) =>
  Uint8Array.from(atob(key.replaceAll('-', '+').replaceAll('_', '/')), (char) => char.charCodeAt(0));

/** The worker registered for scope `/`, or noRegistration. */
async function registration(browser: PushBrowser): Promise<ServiceWorkerRegistration> {
  const found = await workerContainer(browser).getRegistration('/');
  if (!found) throw new PushError('noRegistration');
  return found;
}

const asJson = (subscription: PushSubscription) => subscription.toJSON() as PushSubscriptionJson;
const recordId = (identity: string, key: string) => `${identity}:${key}`;

/** The browser's subscription, or null when it has none (no worker registered counts as none). */
async function browserSubscription(browser: PushBrowser): Promise<PushSubscription | null> {
  try {
    return await (await registration(browser)).pushManager.getSubscription();
  } catch (error) {
    if (error instanceof PushError && error.kind === 'noRegistration') return null;
    throw error;
  }
}

/** What the settings show when they open: no support, blocked, off, or on with the events switched on. */
export async function readPushState(ctx: PushContext): Promise<PushState> {
  try {
    workerContainer(ctx.browser);
  } catch {
    return { kind: 'unsupported' };
  }
  if (ctx.browser.notification!.permission === 'denied') return { kind: 'blocked' };
  const subscription = await browserSubscription(ctx.browser);
  if (!subscription) return { kind: 'off' };
  const { data } = await ctx.api.rest(pushEndpoints.status, {
    params: { payload: encodePushSubscription(asJson(subscription)) },
  });
  return data.subscribed && data.events ? { kind: 'on', events: data.events } : { kind: 'off' };
}

/**
 * Hands the server a subscription it does not hold yet: with the re-subscribe token kept for this guest and key
 * (the browser renewed its subscription), else as a new one.
 */
async function subscribeOnServer(ctx: PushContext, key: string, subscription: PushSubscriptionJson) {
  const encoding = pushEncodingOf(ctx.browser.encodings);
  const record = await ctx.store.get(recordId(ctx.identity, key));
  const answer = await (async () => {
    try {
      if (!record) throw new PushError('noToken');
      return await ctx.api.rest(pushEndpoints.resubscribe, {
        params: { token: record.token },
        body: { subscription, encoding },
      });
    } catch (error) {
      const unknownToken = error instanceof ApiError && error.code === 'PUSH_TOKEN_UNKNOWN';
      if (!(error instanceof PushError) && !unknownToken) throw error;
      return ctx.api.rest(pushEndpoints.subscribe, { body: { subscription, encoding } });
    }
  })();
  await ctx.store.put({
    id: recordId(ctx.identity, key),
    identity: ctx.identity,
    key,
    token: answer.data.token,
    endpoint: subscription.endpoint,
    encoding,
  });
  return answer.data.events;
}

/**
 * Switches push on: asks the permission, registers the worker (scope `/`), gets the server's key, subscribes the
 * browser with it, checks the server's status and subscribes there if it does not hold the subscription yet.
 */
export async function enablePush(ctx: PushContext): Promise<PushState> {
  const container = workerContainer(ctx.browser);
  const permission = await ctx.browser.notification!.requestPermission();
  if (permission === 'denied') throw new PushError('blocked');
  if (permission !== 'granted') throw new PushError('permission');
  await container.register(PUSH_WORKER_PATHS[ctx.browser.mobile ? 'mobile' : 'desktop'], { scope: '/' });
  const worker = await container.ready;
  const {
    data: { key },
  } = await ctx.api.rest(pushEndpoints.key);
  let subscription = await worker.pushManager.getSubscription();
  const subscribedKey = subscription?.options.applicationServerKey;
  // A subscription made for another server key cannot be sent to with ours.
  if (subscription && (!subscribedKey || base64url(subscribedKey) !== key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) });
  const json = asJson(subscription);
  const { data } = await ctx.api.rest(pushEndpoints.status, { params: { payload: encodePushSubscription(json) } });
  if (data.subscribed && data.events) return { kind: 'on', events: data.events };
  return { kind: 'on', events: await subscribeOnServer(ctx, key, json) };
}

/** Switches push off: the server forgets the subscription, the browser ends it, the record goes. */
export async function disablePush(ctx: PushContext): Promise<PushState> {
  const subscription = await browserSubscription(ctx.browser);
  if (subscription) {
    await ctx.api.rest(pushEndpoints.unsubscribe, {
      params: { payload: encodePushSubscription(asJson(subscription)) },
    });
    await subscription.unsubscribe();
  }
  const {
    data: { key },
  } = await ctx.api.rest(pushEndpoints.key);
  await ctx.store.delete(recordId(ctx.identity, key));
  return { kind: 'off' };
}

/** Switches one event of the subscription on or off. */
export async function switchPushEvent(ctx: PushContext, event: PushEvent, on: boolean): Promise<PushState> {
  const subscription = await browserSubscription(ctx.browser);
  if (!subscription) return { kind: 'off' };
  const { data } = await ctx.api.rest(pushEndpoints.update, {
    params: { payload: encodePushSubscription(asJson(subscription)) },
    query: { [event]: on },
  });
  return data.updated && data.events ? { kind: 'on', events: data.events } : { kind: 'off' };
}
