import assert from 'node:assert/strict';
import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { eq } from 'drizzle-orm';
import {
  PUSH_WORKER_PATHS,
  encodePushSubscription,
  pushMessage,
  type AuthResponse,
  type PushEncoding,
  type PushMessage,
  type PushSubscriptionJson,
} from '@velvet/contracts';
import { createTestApp, TEST_OPERATOR_PASSWORD, type TestApp } from '../../testing/app';
import { startPostgres } from '../../testing/postgres';
import { OPERATOR } from '../auth/operator';
import { setFavorite } from '../performers/favorites';
import { addOnlineWindow, createPerformer, manualClock } from '../performers/fixtures';
import { applyOnlineSchedule } from '../performers/schedule';
import { webPushKeys, webPushSubscriptions } from './schema';
import { pushPerformerOnline, SUBSCRIPTIONS_PER_GUEST } from './service';

/** The decryption of RFC 8188 / 8291 that web-push encrypts with, as a browser's push stack decrypts. */
const ece = createRequire(import.meta.resolve('web-push'))('http_ece') as {
  decrypt(body: Buffer, params: Record<string, unknown>): Buffer;
};

interface Received {
  name: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A push service on loopback: each subscription's endpoint is `/push/<name>`; it keeps every request and answers
 * 201, or the status a test set for that name (410: the subscription is gone).
 */
function pushService() {
  const received: Received[] = [];
  const answers = new Map<string, number>();
  const waiting: { name: string; resolve: (request: Received) => void }[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const name = decodeURIComponent((request.url ?? '').replace(/^\/push\//, ''));
      const entry = { name, headers: request.headers, body: Buffer.concat(chunks) };
      received.push(entry);
      response.writeHead(answers.get(name) ?? 201).end();
      for (const waiter of waiting.filter((w) => w.name === name)) {
        waiting.splice(waiting.indexOf(waiter), 1);
        waiter.resolve(entry);
      }
    });
  });
  return {
    received,
    answers,
    server,
    origin: '',
    /** The next request for `name` (one already received and not yet taken counts). */
    next(name: string, seen = 0): Promise<Received> {
      const already = received.filter((r) => r.name === name);
      if (already.length > seen) return Promise.resolve(already[seen]!);
      return new Promise((resolve) => waiting.push({ name, resolve }));
    },
  };
}

/** A browser's subscription keys: a real P-256 key pair and auth secret, as PushManager makes them. */
function browserSubscription(origin: string, name: string) {
  const ecdh: ECDH = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16).toString('base64url');
  const subscription: PushSubscriptionJson = {
    endpoint: `${origin}/push/${name}`,
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey('base64url'), auth },
  };
  return { ecdh, auth, subscription, payload: encodePushSubscription(subscription) };
}
type Browser = ReturnType<typeof browserSubscription>;

/** Decrypts a received push with the browser's private key and auth secret, and checks its VAPID signature. */
function open(request: Received, browser: Browser, serverKey: string): PushMessage {
  const encoding = request.headers['content-encoding'] as PushEncoding;
  const authorization = String(request.headers.authorization);
  let jwt: string;
  let k: string;
  if (encoding === 'aes128gcm') {
    [, jwt, k] = /^vapid t=([^,]+), k=(.+)$/.exec(authorization)!.map(String) as [string, string, string];
  } else {
    jwt = authorization.replace(/^WebPush /, '');
    k = /p256ecdsa=([^;,]+)/.exec(String(request.headers['crypto-key']))![1]!;
  }
  assert.equal(k, serverKey, 'signed with the server key');
  const [header, claims, signature] = jwt.split('.') as [string, string, string];
  const point = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  assert.ok(
    verify(
      'sha256',
      Buffer.from(`${header}.${claims}`),
      { key, dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature, 'base64url'),
    ),
    'the VAPID token verifies',
  );
  assert.equal(
    JSON.parse(Buffer.from(claims, 'base64url').toString()).aud,
    new URL(browser.subscription.endpoint).origin,
  );
  const params: Record<string, unknown> =
    encoding === 'aes128gcm'
      ? { version: 'aes128gcm', privateKey: browser.ecdh, authSecret: browser.auth }
      : {
          version: 'aesgcm',
          privateKey: browser.ecdh,
          authSecret: browser.auth,
          dh: /dh=([^;,]+)/.exec(String(request.headers['crypto-key']))![1],
          salt: /salt=([^;,]+)/.exec(String(request.headers.encryption))![1],
        };
  return pushMessage.parse(JSON.parse(ece.decrypt(request.body, params).toString('utf8')));
}

const service = pushService();
let t: TestApp;
let serverKey: string;

before(async () => {
  await new Promise<void>((resolve) => service.server.listen(0, '127.0.0.1', resolve));
  const address = service.server.address();
  assert.ok(address && typeof address === 'object');
  service.origin = `http://127.0.0.1:${address.port}`;
  t = await createTestApp({ config: { webPushServices: [service.origin, 'fcm.googleapis.com'] } });
  serverKey = (await call('GET', '/web-push/key')).json<{ data: { key: string } }>().data.key;
});
after(async () => {
  await t.close();
  service.server.close();
});

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: object) {
  return t.app.inject({
    method,
    url: `/rest/v1${url}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload ? { payload } : {}),
  });
}
const subscribeAs = (guest: AuthResponse, browser: Browser, extra: object = {}, language = 'en') =>
  call('POST', `/web-push/subscribe?language=${language}`, guest.accessToken, {
    subscription: browser.subscription,
    encoding: 'aes128gcm',
    ...extra,
  });

describe('the VAPID key', () => {
  test('is made once and stays the same across restarts', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'velvet-push-'));
    try {
      const first = await createTestApp({ dataDir });
      const key = (await first.app.inject({ url: '/rest/v1/web-push/key' })).json<{ data: { key: string } }>().data.key;
      await first.close();
      const second = await createTestApp({ dataDir });
      const again = (await second.app.inject({ url: '/rest/v1/web-push/key' })).json<{ data: { key: string } }>();
      assert.equal(again.data.key, key);
      assert.equal((await second.ctx.db.select().from(webPushKeys)).length, 1);
      await second.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
    // An uncompressed P-256 point, as applicationServerKey takes it.
    assert.equal(Buffer.from(serverKey, 'base64url').length, 65);
  });
});

describe('subscriptions', () => {
  test('subscribe, status, update, unsubscribe', async () => {
    const guest = await t.signup();
    const browser = browserSubscription(service.origin, 'flow');
    const before = await call('GET', `/web-push/status/${browser.payload}`, guest.accessToken);
    assert.deepEqual(before.json(), { data: { subscribed: false, events: null } });

    const subscribed = await subscribeAs(guest, browser, { events: { news: false } });
    assert.equal(subscribed.statusCode, 200, subscribed.body);
    const { data } = subscribed.json<{ data: { token: string; subscribed: boolean; events: object } }>();
    assert.equal(data.subscribed, true);
    assert.match(data.token, /^[A-Za-z0-9_-]{32}$/);
    assert.deepEqual(data.events, { 'actor-online': true, campaigns: true, news: false });

    const status = await call('GET', `/web-push/status/${browser.payload}`, guest.accessToken);
    assert.deepEqual(status.json(), { data: { subscribed: true, events: data.events } });
    // Another guest, or someone who knows the endpoint but not the keys, learns nothing and changes nothing.
    const other = await t.signup();
    const foreign = await call('GET', `/web-push/status/${browser.payload}`, other.accessToken);
    assert.deepEqual(foreign.json(), { data: { subscribed: false, events: null } });
    const forged = encodePushSubscription({
      ...browser.subscription,
      keys: { ...browser.subscription.keys, auth: randomBytes(16).toString('base64url') },
    });
    assert.deepEqual((await call('DELETE', `/web-push/unsubscribe/${forged}`)).json(), {
      data: { unsubscribed: false },
    });

    const updated = await call(
      'PUT',
      `/web-push/update/${browser.payload}?actor-online=false&news=true`,
      guest.accessToken,
    );
    assert.deepEqual(updated.json(), {
      data: { updated: true, events: { 'actor-online': false, campaigns: true, news: true } },
    });
    const [row] = await t.ctx.db
      .select()
      .from(webPushSubscriptions)
      .where(eq(webPushSubscriptions.endpoint, browser.subscription.endpoint));
    assert.deepEqual([row!.actorOnline, row!.campaigns, row!.news, row!.encoding], [false, true, true, 'aes128gcm']);

    const gone = await call('DELETE', `/web-push/unsubscribe/${browser.payload}`);
    assert.deepEqual(gone.json(), { data: { unsubscribed: true } });
    assert.deepEqual((await call('GET', `/web-push/status/${browser.payload}`, guest.accessToken)).json(), {
      data: { subscribed: false, events: null },
    });
    assert.deepEqual((await call('PUT', `/web-push/update/${browser.payload}?news=false`, guest.accessToken)).json(), {
      data: { updated: false, events: null },
    });
  });

  test('bad input is a 4xx with a stable code', async () => {
    const guest = await t.signup();
    const browser = browserSubscription(service.origin, 'bad');
    const anonymous = await t.anonymousToken();
    assert.equal(
      (await call('POST', '/web-push/subscribe', anonymous, { subscription: browser.subscription })).json<{
        code: string;
      }>().code,
      'LOGIN_REQUIRED',
    );
    const elsewhere = await subscribeAs(guest, {
      ...browser,
      subscription: { ...browser.subscription, endpoint: 'http://10.0.0.8/internal' },
    });
    assert.equal(elsewhere.statusCode, 400);
    assert.equal(elsewhere.json<{ code: string }>().code, 'PUSH_SERVICE_NOT_ALLOWED');
    const lookalike = await subscribeAs(guest, {
      ...browser,
      subscription: { ...browser.subscription, endpoint: 'https://fcm.googleapis.com.evil.example/send/x' },
    });
    assert.equal(lookalike.json<{ code: string }>().code, 'PUSH_SERVICE_NOT_ALLOWED');
    const garbage = await call('GET', '/web-push/status/not-a-subscription', guest.accessToken);
    assert.equal(garbage.statusCode, 400);
    assert.equal(garbage.json<{ code: string }>().code, 'VALIDATION_FAILED');
    const noKeys = await subscribeAs(guest, {
      ...browser,
      subscription: { endpoint: browser.subscription.endpoint } as PushSubscriptionJson,
    });
    assert.equal(noKeys.json<{ code: string }>().code, 'VALIDATION_FAILED');
    const unknown = await call('POST', '/web-push/resubscribe/bm90LWEtdG9rZW4', undefined, {
      subscription: browser.subscription,
    });
    assert.equal(unknown.statusCode, 404);
    assert.equal(unknown.json<{ code: string }>().code, 'PUSH_TOKEN_UNKNOWN');
  });

  test('a guest keeps the newest subscriptions up to the bound', async () => {
    const clock = manualClock(t);
    const guest = await t.signup();
    const browsers = Array.from({ length: SUBSCRIPTIONS_PER_GUEST + 3 }, (_, n) =>
      browserSubscription(service.origin, `many-${n}`),
    );
    for (const browser of browsers) {
      assert.equal((await subscribeAs(guest, browser)).statusCode, 200);
      clock.advance(1);
    }
    const kept = await t.ctx.db
      .select({ endpoint: webPushSubscriptions.endpoint })
      .from(webPushSubscriptions)
      .where(eq(webPushSubscriptions.guestId, guest.guest.id));
    assert.deepEqual(
      kept.map((row) => row.endpoint).sort(),
      browsers
        .slice(3)
        .map((browser) => browser.subscription.endpoint)
        .sort(),
    );
  });

  test('resubscribe moves the subscription to the renewed one, keeping guest and events', async () => {
    const guest = await t.signup();
    const old = browserSubscription(service.origin, 'renew-old');
    const { data } = (await subscribeAs(guest, old, { events: { campaigns: false } }, 'de')).json<{
      data: { token: string };
    }>();
    const renewed = browserSubscription(service.origin, 'renew-new');
    // The service worker has no session: the token alone stands for the guest.
    const moved = await call('POST', `/web-push/resubscribe/${data.token}`, undefined, {
      subscription: renewed.subscription,
      encoding: 'aesgcm',
    });
    assert.equal(moved.statusCode, 200, moved.body);
    assert.deepEqual(moved.json(), {
      data: { token: data.token, subscribed: true, events: { 'actor-online': true, campaigns: false, news: true } },
    });
    assert.deepEqual((await call('GET', `/web-push/status/${old.payload}`, guest.accessToken)).json(), {
      data: { subscribed: false, events: null },
    });
    const [row] = await t.ctx.db.select().from(webPushSubscriptions).where(eq(webPushSubscriptions.token, data.token));
    assert.deepEqual(
      [row!.endpoint, row!.guestId, row!.encoding, row!.language],
      [renewed.subscription.endpoint, guest.guest.id, 'aesgcm', 'de'],
    );
  });
});

describe('pushes', () => {
  test('a performer coming on line is pushed, encrypted, to the guests who favour her with the event on', async () => {
    const clock = manualClock(t);
    const performer = await createPerformer(t.ctx.db, { isOnline: false, name: `pushy${process.pid}` });
    const minute = (clock.now().getUTCHours() * 60 + clock.now().getUTCMinutes()) % 1440;
    await addOnlineWindow(t.ctx.db, { actorId: performer.id, startMinute: minute, endMinute: minute + 60 });

    const fan = await t.signup();
    const fanBrowser = browserSubscription(service.origin, 'fan');
    const quiet = await t.signup();
    const quietBrowser = browserSubscription(service.origin, 'quiet');
    const stranger = await t.signup();
    const strangerBrowser = browserSubscription(service.origin, 'stranger');
    await subscribeAs(fan, fanBrowser, {}, 'de');
    await subscribeAs(quiet, quietBrowser, { events: { 'actor-online': false } });
    await subscribeAs(stranger, strangerBrowser);
    await setFavorite(t.ctx.db, fan.guest.id, performer.id, true);
    await setFavorite(t.ctx.db, quiet.guest.id, performer.id, true);

    const arrived = service.next('fan');
    const change = await applyOnlineSchedule(t.ctx);
    assert.ok(change.online.some((actor) => actor.id === performer.id));
    const message = open(await arrived, fanBrowser, serverKey);
    assert.deepEqual(message, {
      event: 'actor-online',
      title: `${performer.name} ist jetzt online`,
      body: `Dein Favorit ${performer.name} ist gerade live. Schau vorbei und sag Hallo!`,
      url: `/de/amateur/${performer.name}/`,
      tag: `actor-online-${performer.id}`,
    });
    assert.equal((await arrived).headers.ttl, '900');

    // The same push again, awaited: only the fan's browser is sent one.
    const delivery = await pushPerformerOnline(t.ctx, performer);
    assert.deepEqual(delivery, { sent: 1, removed: 0, failed: 0 });
    assert.deepEqual(
      service.received.map((r) => r.name).filter((name) => ['fan', 'quiet', 'stranger'].includes(name)),
      ['fan', 'fan'],
    );
  });

  test('an operator campaign reaches subscriptions with campaigns on, in their language and encoding', async () => {
    const login = await call('POST', '/auth/login', undefined, {
      email: OPERATOR.email,
      password: TEST_OPERATOR_PASSWORD,
    });
    const operator = login.json<AuthResponse>();
    const en = await t.signup();
    const enBrowser = browserSubscription(service.origin, 'campaign-en');
    const es = await t.signup();
    const esBrowser = browserSubscription(service.origin, 'campaign-es');
    const off = await t.signup();
    const offBrowser = browserSubscription(service.origin, 'campaign-off');
    await subscribeAs(en, enBrowser);
    await call('POST', '/web-push/subscribe?language=es', es.accessToken, {
      subscription: esBrowser.subscription,
      encoding: 'aesgcm',
    });
    await subscribeAs(off, offBrowser, { events: { campaigns: false } });
    const text = (title: string) => ({ title, body: `${title}: 50 % more coins today` });
    const campaign = {
      event: 'campaigns',
      url: '/en/vipclub/',
      texts: { de: text('Aktion'), en: text('Campaign'), nl: text('Actie'), es: text('Campaña') },
    };
    const guestTry = await call('POST', '/web-push/broadcast', en.accessToken, campaign);
    assert.equal(guestTry.statusCode, 403);
    assert.equal(guestTry.json<{ code: string }>().code, 'FORBIDDEN');

    const sent = await call('POST', '/web-push/broadcast', operator.accessToken, campaign);
    assert.equal(sent.statusCode, 200, sent.body);
    assert.ok(sent.json<{ data: { sent: number } }>().data.sent >= 2);
    const enPush = await service.next('campaign-en');
    const esPush = await service.next('campaign-es');
    assert.equal(enPush.headers['content-encoding'], 'aes128gcm');
    assert.equal(esPush.headers['content-encoding'], 'aesgcm');
    assert.equal(open(enPush, enBrowser, serverKey).title, 'Campaign');
    assert.deepEqual(open(esPush, esBrowser, serverKey).body, 'Campaña: 50 % more coins today');
    assert.equal(service.received.filter((r) => r.name === 'campaign-off').length, 0);

    const bad = await call('POST', '/web-push/broadcast', operator.accessToken, {
      ...campaign,
      url: 'https://evil.example/',
    });
    assert.equal(bad.json<{ code: string }>().code, 'VALIDATION_FAILED');
  });

  test('a push service answering 410 or 404 removes the subscription', async () => {
    const login = await call('POST', '/auth/login', undefined, {
      email: OPERATOR.email,
      password: TEST_OPERATOR_PASSWORD,
    });
    const operator = login.json<AuthResponse>();
    for (const [name, status] of [
      ['expired-410', 410],
      ['expired-404', 404],
      ['busy-500', 500],
    ] as const) {
      const guest = await t.signup();
      await subscribeAs(guest, browserSubscription(service.origin, name));
      service.answers.set(name, status);
    }
    const text = { title: 'News', body: 'A new season of Velvet TV' };
    const sent = await call('POST', '/web-push/broadcast', operator.accessToken, {
      event: 'news',
      url: '/en/',
      texts: { de: text, en: text, nl: text, es: text },
    });
    const delivery = sent.json<{ data: { removed: number; failed: number } }>().data;
    assert.equal(delivery.removed, 2);
    assert.ok(delivery.failed >= 1);
    const endpoints = (await t.ctx.db.select().from(webPushSubscriptions)).map((row) => row.endpoint);
    assert.ok(!endpoints.includes(`${service.origin}/push/expired-410`));
    assert.ok(!endpoints.includes(`${service.origin}/push/expired-404`));
    assert.ok(endpoints.includes(`${service.origin}/push/busy-500`), 'a refusal of another kind keeps it');
  });
});

describe('the service worker', () => {
  test('is served for desktop and mobile at the root, allowed scope /', async () => {
    for (const [platform, url] of Object.entries(PUSH_WORKER_PATHS)) {
      const response = await t.app.inject({ url });
      assert.equal(response.statusCode, 200);
      assert.match(String(response.headers['content-type']), /^text\/javascript/);
      assert.equal(response.headers['service-worker-allowed'], '/');
      assert.ok(response.body.startsWith(`const PLATFORM = "${platform}";`));
      assert.match(
        response.body,
        /const STORE = \{"database":"vx","version":5,"store":"web-push","index":"identity"\}/,
      );
      assert.match(response.body, /addEventListener\('notificationclick'/);
    }
  });
});

const postgres = await startPostgres();
after(() => postgres?.stop());
describe('on PostgreSQL', { skip: postgres ? false : 'PostgreSQL could not be started here (CI must have it)' }, () => {
  test('the key survives a restart, and guests racing for one browser leave one subscription', async () => {
    const databaseUrl = await postgres!.createDatabase();
    const first = await createTestApp({ config: { databaseUrl } });
    const key = (await first.app.inject({ url: '/rest/v1/web-push/key' })).json<{ data: { key: string } }>().data.key;
    await first.close();
    const pg = await createTestApp({ config: { databaseUrl, webPushServices: [service.origin] } });
    try {
      const again = (await pg.app.inject({ url: '/rest/v1/web-push/key' })).json<{ data: { key: string } }>();
      assert.equal(again.data.key, key);

      const browser = browserSubscription(service.origin, 'raced');
      const guests = await Promise.all(Array.from({ length: 8 }, () => pg.signup()));
      const answers = await Promise.all(
        guests.map((guest) =>
          pg.app.inject({
            method: 'POST',
            url: '/rest/v1/web-push/subscribe?language=en',
            headers: { authorization: `Bearer ${guest.accessToken}` },
            payload: { subscription: browser.subscription, encoding: 'aes128gcm' },
          }),
        ),
      );
      assert.deepEqual(
        answers.map((answer) => answer.statusCode),
        guests.map(() => 200),
      );
      const rows = await pg.ctx.db.select().from(webPushSubscriptions);
      assert.equal(rows.length, 1);
      const holders = [];
      for (const guest of guests) {
        const status = await pg.app.inject({
          url: `/rest/v1/web-push/status/${browser.payload}`,
          headers: { authorization: `Bearer ${guest.accessToken}` },
        });
        if (status.json<{ data: { subscribed: boolean } }>().data.subscribed) holders.push(guest.guest.id);
      }
      assert.deepEqual(holders, [rows[0]!.guestId]);
    } finally {
      await pg.close();
    }
  });
});
