/* global self, indexedDB, fetch, URL, PLATFORM, STORE */
// The web push service worker (scope /). The server puts `PLATFORM` ('desktop' or 'mobile') and `STORE` (the
// browser store's names) before this source. It shows each push, opens its page on a click, and moves a
// subscription the browser renewed to the server, with the re-subscribe token the page kept in the store.

self.addEventListener('install', (event) => event.waitUntil(self.skipWaiting()));
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let message = null;
  try {
    message = event.data ? event.data.json() : null;
  } catch {
    message = null;
  }
  if (!message || typeof message.title !== 'string') return;
  const options = { body: message.body, tag: message.tag, data: { url: message.url } };
  if (message.icon) options.icon = message.icon;
  // A phone buzzes and lets the notification go by; a desktop keeps a performer's arrival until it is seen.
  if (PLATFORM === 'mobile') options.vibrate = [120, 60, 120];
  else options.requireInteraction = message.event === 'actor-online';
  event.waitUntil(self.registration.showNotification(message.title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url ?? '/', self.location.origin);
  // Only the site's own pages are opened.
  if (target.origin !== self.location.origin) return;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url === target.href);
      return open ? open.focus() : self.clients.openWindow(target.href);
    }),
  );
});

/** The page's records of its subscriptions; the worker never creates the store, the page does. */
function storedRecords() {
  return new Promise((resolve, reject) => {
    const missing = () => reject(new Error('No re-subscribe token found'));
    const opening = indexedDB.open(STORE.database, STORE.version);
    opening.onupgradeneeded = () => opening.transaction.abort();
    opening.onerror = missing;
    opening.onsuccess = () => {
      const db = opening.result;
      if (!db.objectStoreNames.contains(STORE.store)) {
        db.close();
        missing();
        return;
      }
      const reading = db.transaction(STORE.store).objectStore(STORE.store).getAll();
      reading.onsuccess = () => resolve({ db, records: reading.result });
      reading.onerror = missing;
    };
  });
}

function putRecord(db, record) {
  return new Promise((resolve, reject) => {
    const writing = db.transaction(STORE.store, 'readwrite');
    writing.objectStore(STORE.store).put(record);
    writing.oncomplete = () => resolve();
    writing.onerror = () => reject(writing.error);
  });
}

async function resubscribe(oldSubscription, newSubscription) {
  const { db, records } = await storedRecords();
  try {
    const record = oldSubscription
      ? records.find((candidate) => candidate.endpoint === oldSubscription.endpoint)
      : records.length === 1
        ? records[0]
        : undefined;
    if (!record) throw new Error('No re-subscribe token found');
    const subscription =
      newSubscription ??
      (await self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: record.key }));
    const response = await fetch(`/rest/v1/web-push/resubscribe/${encodeURIComponent(record.token)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ subscription: subscription.toJSON(), encoding: record.encoding }),
    });
    if (!response.ok) throw new Error(`re-subscribe answered ${response.status}`);
    await putRecord(db, { ...record, endpoint: subscription.endpoint });
  } finally {
    db.close();
  }
}

self.addEventListener('pushsubscriptionchange', (event) => {
  event.waitUntil(resubscribe(event.oldSubscription, event.newSubscription));
});
