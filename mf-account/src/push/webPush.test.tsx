import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import {
  encodePushSubscription,
  pushEndpoints,
  type PushEvents,
  type PushStoreRecord,
  type PushSubscriptionJson,
} from '@velvet/contracts';
import { ApiError } from '@velvet/sdk';
import { createMockPlatform, renderWithPlatform, restCallsTo, restFixture, type MockPlatform } from '@velvet/testing';
import { locales } from '../locales';
import type { PushRecordStore } from './pushStore';
import { PushSettings } from './PushSettings';
import { disablePush, enablePush, readPushState, switchPushEvent, type PushBrowser, type PushContext } from './webPush';

/** The server's key: 65 bytes, an uncompressed P-256 point as base64url. */
const KEY = `B${'A'.repeat(85)}`;
const ALL_ON: PushEvents = { 'actor-online': true, campaigns: true, news: true };

function fakeSubscription(endpoint: string, key: Uint8Array, onEnd: () => void) {
  const json: PushSubscriptionJson = {
    endpoint,
    expirationTime: null,
    keys: { p256dh: `BP${endpoint.length}key`, auth: 'authsecret' },
  };
  return {
    endpoint,
    options: { applicationServerKey: key.buffer },
    toJSON: () => json,
    unsubscribe: jest.fn(async () => {
      onEnd();
      return true;
    }),
  };
}
type FakeSubscription = ReturnType<typeof fakeSubscription>;

/** A browser with a service worker container, push manager and notifications, all in memory. */
function fakeBrowser({
  permission = 'default' as NotificationPermission,
  answer = 'granted' as NotificationPermission,
  registered = false,
  mobile = false,
} = {}) {
  let subscription: FakeSubscription | null = null;
  let hasRegistration = registered;
  const end = () => (subscription = null);
  const pushManager = {
    getSubscription: jest.fn(async () => subscription),
    subscribe: jest.fn(async ({ applicationServerKey }: { applicationServerKey: Uint8Array }) => {
      subscription = fakeSubscription('https://fcm.googleapis.com/fcm/send/new', applicationServerKey, end);
      return subscription;
    }),
  };
  const registration = { pushManager };
  const serviceWorker = {
    register: jest.fn(async () => {
      hasRegistration = true;
      return registration;
    }),
    ready: Promise.resolve(registration),
    getRegistration: jest.fn(async () => (hasRegistration ? registration : undefined)),
  };
  const notification = { permission, requestPermission: jest.fn(async () => answer) };
  const browser = {
    serviceWorker,
    pushManager: true,
    notification,
    encodings: ['aes128gcm', 'aesgcm'],
    mobile,
  } as unknown as PushBrowser;
  return {
    browser,
    serviceWorker,
    pushManager,
    notification,
    /** A subscription the browser already holds (made for `key`). */
    holds(endpoint: string, key: Uint8Array) {
      hasRegistration = true;
      subscription = fakeSubscription(endpoint, key, end);
      return subscription;
    },
    current: () => subscription,
  };
}

function memoryStore(): PushRecordStore & { records: Map<string, PushStoreRecord> } {
  const records = new Map<string, PushStoreRecord>();
  return {
    records,
    get: async (id) => records.get(id),
    put: async (record) => void records.set(record.id, record),
    delete: async (id) => void records.delete(id),
  };
}

const keyBytes = Uint8Array.from(atob(KEY.replaceAll('-', '+').replaceAll('_', '/')), (c) => c.charCodeAt(0));

/** A server that holds subscriptions by endpoint, as the push module does. */
function server(options: { knownTokens?: string[] } = {}) {
  const held = new Map<string, PushEvents>();
  const known = new Set(options.knownTokens ?? []);
  const decode = (payload: string) =>
    JSON.parse(atob(payload.replaceAll('-', '+').replaceAll('_', '/'))) as PushSubscriptionJson;
  return createMockPlatform({
    loggedIn: true,
    guest: { id: 'guest-1' },
    rest: {
      ...restFixture(pushEndpoints.key, () => ({ data: { key: KEY } })),
      ...restFixture(pushEndpoints.status, ({ params }) => {
        const events = held.get(decode(params.payload).endpoint) ?? null;
        return { data: { subscribed: events !== null, events } };
      }),
      ...restFixture(pushEndpoints.subscribe, ({ body }) => {
        held.set(body.subscription.endpoint, { ...ALL_ON, ...body.events });
        known.add('token-new');
        return { data: { token: 'token-new', subscribed: true, events: held.get(body.subscription.endpoint)! } };
      }),
      ...restFixture(pushEndpoints.resubscribe, ({ params, body }) => {
        if (!known.has(params.token)) throw new ApiError(404, 'PUSH_TOKEN_UNKNOWN', 'unknown token');
        held.set(body.subscription.endpoint, { ...ALL_ON, campaigns: false });
        return { data: { token: params.token, subscribed: true, events: held.get(body.subscription.endpoint)! } };
      }),
      ...restFixture(pushEndpoints.unsubscribe, ({ params }) => ({
        data: { unsubscribed: held.delete(decode(params.payload).endpoint) },
      })),
      ...restFixture(pushEndpoints.update, ({ params, query }) => {
        const endpoint = decode(params.payload).endpoint;
        const events = held.get(endpoint);
        if (!events) return { data: { updated: false, events: null } };
        held.set(endpoint, { ...events, ...query } as PushEvents);
        return { data: { updated: true, events: held.get(endpoint)! } };
      }),
    },
  });
}

const contextOf = (fake: ReturnType<typeof fakeBrowser>, platform: MockPlatform, store = memoryStore()) => ({
  browser: fake.browser,
  api: platform.api,
  store,
  identity: 'guest-1',
});

describe('the web push flow', () => {
  it('refuses a browser without service worker, push manager or notifications', async () => {
    const platform = server();
    for (const missing of ['serviceWorker', 'pushManager', 'notification'] as const) {
      const fake = fakeBrowser();
      const ctx: PushContext = { ...contextOf(fake, platform), browser: { ...fake.browser, [missing]: undefined } };
      expect(await readPushState(ctx)).toEqual({ kind: 'unsupported' });
      await expect(enablePush(ctx)).rejects.toThrow('Push messages not supported');
    }
  });

  it('stops at a denied or dismissed permission', async () => {
    const platform = server();
    const denied = fakeBrowser({ answer: 'denied' });
    await expect(enablePush(contextOf(denied, platform))).rejects.toThrow('Push messages are blocked.');
    const dismissed = fakeBrowser({ answer: 'default' });
    await expect(enablePush(contextOf(dismissed, platform))).rejects.toThrow('Bad permission result');
    expect(dismissed.serviceWorker.register).not.toHaveBeenCalled();
    expect(await readPushState(contextOf(fakeBrowser({ permission: 'denied' }), platform))).toEqual({
      kind: 'blocked',
    });
  });

  it('registers the worker, gets the key, subscribes the browser, checks the status and subscribes on the server', async () => {
    const platform = server();
    const fake = fakeBrowser();
    const store = memoryStore();
    // No registration yet counts as no subscription.
    expect(await readPushState(contextOf(fake, platform, store))).toEqual({ kind: 'off' });

    expect(await enablePush(contextOf(fake, platform, store))).toEqual({ kind: 'on', events: ALL_ON });
    expect(fake.serviceWorker.register).toHaveBeenCalledWith('/push-worker-desktop.js', { scope: '/' });
    expect(fake.pushManager.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: keyBytes });
    const json = fake.current()!.toJSON();
    expect(restCallsTo(platform, pushEndpoints.status)).toEqual([
      { params: { payload: encodePushSubscription(json) } },
    ]);
    expect(restCallsTo(platform, pushEndpoints.subscribe)).toEqual([
      { body: { subscription: json, encoding: 'aes128gcm' } },
    ]);
    expect([...store.records.values()]).toEqual([
      {
        id: `guest-1:${KEY}`,
        identity: 'guest-1',
        key: KEY,
        token: 'token-new',
        endpoint: json.endpoint,
        encoding: 'aes128gcm',
      },
    ]);
    expect(await readPushState(contextOf(fake, platform, store))).toEqual({ kind: 'on', events: ALL_ON });

    // Again: the server holds it already, so it is not subscribed twice.
    await enablePush(contextOf(fake, platform, store));
    expect(restCallsTo(platform, pushEndpoints.subscribe)).toHaveLength(1);
    expect(fake.pushManager.subscribe).toHaveBeenCalledTimes(1);
  });

  it('takes the mobile worker on a phone and replaces a subscription made for another key', async () => {
    const platform = server();
    const fake = fakeBrowser({ mobile: true });
    const stale = fake.holds('https://fcm.googleapis.com/fcm/send/old', new Uint8Array(65).fill(7));
    await enablePush(contextOf(fake, platform));
    expect(fake.serviceWorker.register).toHaveBeenCalledWith('/push-worker-mobile.js', { scope: '/' });
    expect(stale.unsubscribe).toHaveBeenCalled();
    expect(fake.current()!.endpoint).toBe('https://fcm.googleapis.com/fcm/send/new');
  });

  it('moves a renewed subscription with the kept token, and subscribes anew when the server does not know it', async () => {
    const record = (token: string): PushStoreRecord => ({
      id: `guest-1:${KEY}`,
      identity: 'guest-1',
      key: KEY,
      token,
      endpoint: 'https://fcm.googleapis.com/fcm/send/gone',
      encoding: 'aesgcm',
    });
    const platform = server({ knownTokens: ['token-kept'] });
    const store = memoryStore();
    await store.put(record('token-kept'));
    expect(await enablePush(contextOf(fakeBrowser(), platform, store))).toEqual({
      kind: 'on',
      events: { ...ALL_ON, campaigns: false },
    });
    expect(restCallsTo(platform, pushEndpoints.resubscribe)).toHaveLength(1);
    expect(restCallsTo(platform, pushEndpoints.subscribe)).toHaveLength(0);
    expect(store.records.get(`guest-1:${KEY}`)?.endpoint).toBe('https://fcm.googleapis.com/fcm/send/new');

    const fresh = server();
    const forgotten = memoryStore();
    await forgotten.put(record('token-forgotten'));
    await enablePush(contextOf(fakeBrowser(), fresh, forgotten));
    expect(restCallsTo(fresh, pushEndpoints.subscribe)).toHaveLength(1);
    expect(forgotten.records.get(`guest-1:${KEY}`)?.token).toBe('token-new');
  });

  it('switches events and switches off', async () => {
    const platform = server();
    const fake = fakeBrowser();
    const store = memoryStore();
    await enablePush(contextOf(fake, platform, store));
    expect(await switchPushEvent(contextOf(fake, platform, store), 'news', false)).toEqual({
      kind: 'on',
      events: { ...ALL_ON, news: false },
    });
    const subscription = fake.current()!;
    expect(await disablePush(contextOf(fake, platform, store))).toEqual({ kind: 'off' });
    expect(restCallsTo(platform, pushEndpoints.unsubscribe)).toEqual([
      { params: { payload: encodePushSubscription(subscription.toJSON()) } },
    ]);
    expect(subscription.unsubscribe).toHaveBeenCalled();
    expect(store.records.size).toBe(0);
    expect(await readPushState(contextOf(fake, platform, store))).toEqual({ kind: 'off' });
  });
});

describe('the push settings', () => {
  const render = (fake: ReturnType<typeof fakeBrowser>, platform: MockPlatform, store = memoryStore()) =>
    renderWithPlatform(<PushSettings environment={() => ({ browser: fake.browser, store })} />, {
      platform,
      remote: 'mf-account',
      locales,
    });

  it('switches push on, an event off and push off again', async () => {
    const platform = server();
    const fake = fakeBrowser();
    render(fake, platform);
    expect(screen.getByRole('status')).toHaveTextContent('Checking this browser…');
    fireEvent.click(await screen.findByRole('button', { name: 'Switch on' }));
    const news = await screen.findByRole('checkbox', { name: 'News' });
    expect(news).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Favourite performers coming online' })).toBeChecked();
    fireEvent.click(news);
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'News' })).not.toBeChecked());
    expect(restCallsTo(platform, pushEndpoints.update)[0]?.query).toEqual({ news: false });
    fireEvent.click(screen.getByRole('button', { name: 'Switch off on this device' }));
    expect(await screen.findByRole('button', { name: 'Switch on' })).toBeInTheDocument();
  });

  it('says why push cannot be switched on, in the guest language', async () => {
    const platform = server();
    render(fakeBrowser({ answer: 'default' }), platform);
    fireEvent.click(await screen.findByRole('button', { name: 'Switch on' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You did not allow notifications.');

    const german = server();
    await act(() => german.i18n.changeLanguage('de'));
    const blocked = fakeBrowser({ answer: 'denied' });
    render(blocked, german);
    fireEvent.click(await screen.findByRole('button', { name: 'Einschalten' }));
    expect(
      await screen.findByText(
        /Benachrichtigungen sind für diese Seite blockiert\. Erlaube sie in den Browsereinstellungen/,
      ),
    ).toBeInTheDocument();
  });
});
