import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import vm from 'node:vm';
import type { PushMessage, PushStoreRecord } from '@velvet/contracts';
import { pushWorkerScript } from './routes';

/**
 * The service worker run in a sandbox that stands in for the browser's worker scope: its registration, window
 * clients, fetch and an IndexedDB holding the page's records (or none).
 */
function worker(platform: 'desktop' | 'mobile', options: { records?: PushStoreRecord[] | null } = {}) {
  const listeners = new Map<string, (event: object) => void>();
  const shown: { title: string; options: Record<string, unknown> }[] = [];
  const opened: string[] = [];
  const focused: string[] = [];
  const fetched: { url: string; init: { method: string; body: string } }[] = [];
  const written: PushStoreRecord[] = [];
  const windows = [{ url: 'https://site.test/en/', focus: async () => focused.push('https://site.test/en/') }];
  const records = options.records === undefined ? [] : options.records;
  const later = (run: () => void) => setImmediate(run);
  const request = <T>(result: T) => {
    const pending: { result: T; onsuccess?: () => void; onerror?: () => void } = { result };
    later(() => pending.onsuccess?.());
    return pending;
  };
  const indexedDB = {
    open: () => {
      const opening: Record<string, unknown> & {
        onupgradeneeded?: () => void;
        onsuccess?: () => void;
        onerror?: () => void;
      } = {};
      later(() => {
        if (records === null) {
          // No database yet: the worker is offered the upgrade and aborts it.
          opening.transaction = { abort: () => later(() => opening.onerror?.()) };
          opening.onupgradeneeded?.();
          return;
        }
        opening.result = {
          objectStoreNames: { contains: (name: string) => name === 'web-push' },
          close: () => undefined,
          transaction: () => {
            const transaction: { oncomplete?: () => void; objectStore: () => object } = {
              objectStore: () => ({
                getAll: () => request(records),
                put: (record: PushStoreRecord) => {
                  written.push(record);
                  later(() => transaction.oncomplete?.());
                },
              }),
            };
            return transaction;
          },
        };
        opening.onsuccess?.();
      });
      return opening;
    },
  };
  const self = {
    location: { origin: 'https://site.test' },
    addEventListener: (type: string, listener: (event: object) => void) => listeners.set(type, listener),
    skipWaiting: async () => undefined,
    clients: {
      claim: async () => undefined,
      matchAll: async () => windows,
      openWindow: async (url: string) => opened.push(url),
    },
    registration: {
      showNotification: async (title: string, shownOptions: Record<string, unknown>) =>
        shown.push({ title, options: shownOptions }),
      pushManager: { subscribe: async () => assert.fail('the renewed subscription is given') },
    },
  };
  const fetch = async (url: string, init: { method: string; body: string }) => {
    fetched.push({ url, init });
    return { ok: true, status: 200 };
  };
  vm.runInNewContext(pushWorkerScript(platform), { self, indexedDB, fetch, URL, JSON, Promise, Error });
  const dispatch = async (type: string, event: object) => {
    const waits: Promise<unknown>[] = [];
    listeners.get(type)!({ ...event, waitUntil: (promise: Promise<unknown>) => waits.push(promise) });
    await Promise.all(waits);
  };
  return { dispatch, shown, opened, focused, fetched, written };
}

/** A value made in the sandbox, as plain data of this realm (deepEqual compares prototypes). */
const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

const message: PushMessage = {
  event: 'actor-online',
  title: 'Mia is online now',
  body: 'Your favourite Mia just went live.',
  url: '/en/amateur/mia/',
  tag: 'actor-online-7',
};
const pushOf = (data: unknown) => ({ data: { json: () => (typeof data === 'string' ? JSON.parse(data) : data) } });
const click = (url: string) => {
  const notification = { data: { url }, closed: false, close: () => (notification.closed = true) };
  return notification;
};

describe('the push service worker', () => {
  test('shows a push: a desktop keeps a performer on screen, a phone vibrates', async () => {
    const desktop = worker('desktop');
    await desktop.dispatch('push', pushOf(message));
    assert.deepEqual(plain(desktop.shown), [
      {
        title: message.title,
        options: { body: message.body, tag: message.tag, data: { url: message.url }, requireInteraction: true },
      },
    ]);
    const mobile = worker('mobile');
    await mobile.dispatch('push', pushOf({ ...message, event: 'news', tag: 'news-1' }));
    assert.deepEqual(plain(mobile.shown[0]!.options), {
      body: message.body,
      tag: 'news-1',
      data: { url: message.url },
      vibrate: [120, 60, 120],
    });
    // Something that is no message of the server shows nothing.
    await mobile.dispatch('push', pushOf('{"no":"title"}'));
    await mobile.dispatch('push', { data: { json: () => JSON.parse('not json') } });
    await mobile.dispatch('push', { data: null });
    assert.equal(mobile.shown.length, 1);
  });

  test("a click opens the push's page of the site, or focuses the window already on it", async () => {
    const sw = worker('desktop');
    const profile = click('/en/amateur/mia/');
    await sw.dispatch('notificationclick', { notification: profile });
    assert.equal(profile.closed, true);
    assert.deepEqual(sw.opened, ['https://site.test/en/amateur/mia/']);
    await sw.dispatch('notificationclick', { notification: click('/en/') });
    assert.deepEqual(sw.focused, ['https://site.test/en/']);
    assert.equal(sw.opened.length, 1);
    await sw.dispatch('notificationclick', { notification: click('https://elsewhere.example/') });
    assert.equal(sw.opened.length, 1, 'another site is never opened');
  });

  test('moves a renewed subscription to the server with the kept token', async () => {
    const record: PushStoreRecord = {
      id: 'guest-1:KEY',
      identity: 'guest-1',
      key: 'KEY',
      token: 'token-1',
      endpoint: 'https://fcm.googleapis.com/fcm/send/old',
      encoding: 'aes128gcm',
    };
    const sw = worker('desktop', { records: [record] });
    const renewed = {
      endpoint: 'https://fcm.googleapis.com/fcm/send/new',
      toJSON: () => ({ endpoint: 'https://fcm.googleapis.com/fcm/send/new', keys: { p256dh: 'BP', auth: 'au' } }),
    };
    await sw.dispatch('pushsubscriptionchange', {
      oldSubscription: { endpoint: record.endpoint },
      newSubscription: renewed,
    });
    assert.deepEqual(
      sw.fetched.map(({ url, init }) => [url, init.method, JSON.parse(init.body)]),
      [['/rest/v1/web-push/resubscribe/token-1', 'POST', { subscription: renewed.toJSON(), encoding: 'aes128gcm' }]],
    );
    assert.deepEqual(plain(sw.written), [{ ...record, endpoint: renewed.endpoint }]);
  });

  test('without the store or a record it says no re-subscribe token was found', async () => {
    const renewed = { endpoint: 'https://fcm.googleapis.com/fcm/send/new', toJSON: () => ({}) };
    for (const records of [null, []]) {
      const sw = worker('mobile', { records });
      await assert.rejects(
        sw.dispatch('pushsubscriptionchange', { oldSubscription: { endpoint: 'x' }, newSubscription: renewed }),
        /No re-subscribe token found/,
      );
      assert.deepEqual(sw.fetched, []);
    }
  });
});
