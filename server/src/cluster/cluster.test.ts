import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { WebSocket } from 'ws';
import pg from 'pg';
import {
  IDEMPOTENCY_KEY_HEADER,
  SANDBOX_CARDS,
  SOCKET_PATH,
  feedOperations,
  parseIncoming,
  type IncomingMessage,
} from '@velvet/contracts';
import { openDatabase, type DatabaseHandle } from '../db/database';
import { OPERATOR } from '../modules/auth/operator';
import { createPerformer } from '../modules/performers/fixtures';
import { INSTANCE_HEADER } from './bus';
import { startCluster, type Cluster } from './supervisor';

/** HAProxy's port; the servers, Redis and PostgreSQL take the ones after it (18730 to 18735). */
const PORT = 18730;
const WORKERS = 3;
const OPERATOR_PASSWORD = 'cluster operator passphrase';
const inCi = !['', '0', 'false'].includes((process.env.CI ?? '').trim().toLowerCase());
const missing = ['/usr/bin/redis-server', '/usr/sbin/haproxy'].filter((binary) => !existsSync(binary));
// `npm test` installs Redis and HAProxy first and must run this; elsewhere it is skipped without them.
const skip = !inCi && missing.length > 0 ? `not installed: ${missing.join(', ')}` : false;

interface Auth {
  accessToken: string;
  guest: { id: string };
}

describe('several server processes behind HAProxy, on PostgreSQL and Redis', { skip, timeout: 240_000 }, () => {
  let cluster: Cluster;
  let dataDir: string;
  /** The site's database, for rows a test needs that no endpoint makes (a performer on line). */
  let database: DatabaseHandle;
  before(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'velvet-cluster-'));
    // PostgreSQL runs as its own user when we are root: it must reach its folder inside.
    await chmod(dataDir, 0o755);
    cluster = await startCluster({
      dataDir,
      port: PORT,
      workers: WORKERS,
      // Errors only, in the test's own output: a process that fails to start says why where the run is read.
      output: 'inherit',
      env: {
        SEED_SCALE: '0.05',
        LOG_LEVEL: 'error',
        SERVER_RENDER: 'off',
        OPERATOR_PASSWORD,
        SIGNUPS_PER_ADDRESS_PER_HOUR: '1000',
        // A minute: a change can show on another process within a second only because it was told.
        VISITOR_CACHE_MS: '60000',
      },
    });
    database = await openDatabase({ dataDir, databaseUrl: cluster.databaseUrl });
  });
  after(async () => {
    await database?.close();
    await cluster?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const workerUrl = (name: string) => `http://127.0.0.1:${cluster.workers.find((w) => w.name === name)!.port}`;
  const call = async (
    url: string,
    init: { method?: string; token?: string; body?: unknown; headers?: object } = {},
  ) => {
    const response = await fetch(url, {
      method: init.method ?? 'GET',
      headers: {
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...init.headers,
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    const body: unknown = await response.json();
    return { status: response.status, instance: response.headers.get(INSTANCE_HEADER), body };
  };
  const signup = async (): Promise<Auth> => {
    const id = randomUUID().slice(0, 8);
    const answer = await call(`${cluster.url}/rest/v1/auth/signup`, {
      method: 'POST',
      body: { email: `cluster-${id}@example.com`, password: 'correct horse battery', name: `Cluster ${id}` },
    });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    return answer.body as Auth;
  };
  const charge = async (token: string, amountEur: number) => {
    const answer = await call(`${cluster.url}/rest/v1/payment/sandbox/charge`, {
      method: 'POST',
      token,
      headers: { [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
      body: { amountEur, cardNumber: SANDBOX_CARDS.succeeds },
    });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    return answer.body as { guestBalance: number };
  };

  /** Rows of the site's database (read directly: what was committed, whichever process did it). */
  const query = async <T extends object>(text: string, values: unknown[] = []): Promise<T[]> => {
    const client = new pg.Client({ connectionString: cluster.databaseUrl });
    await client.connect();
    try {
      return (await client.query<T>(text, values)).rows;
    } finally {
      await client.end();
    }
  };
  const firstPostId = async () => {
    const [row] = await query<{ id: number }>('select id from feed_posts order by id limit 1');
    assert.ok(row, 'the seed has a feed post');
    return String(row.id);
  };
  /** One tip through the balancer: the process that answered and the outcome (TIPPED or the error code). */
  const tipOnce = async (token: string, postId: string, amountCoins: number, operationKey: string) => {
    const answer = await call(`${cluster.url}/feed/graphql`, {
      method: 'POST',
      token,
      body: { query: feedOperations.tipPost.document, variables: { postId, amountCoins, operationKey } },
    });
    const { errors } = answer.body as { errors?: Array<{ extensions?: { code?: string } }> };
    return { status: answer.status, instance: answer.instance, code: errors ? errors[0]?.extensions?.code : 'TIPPED' };
  };

  /**
   * A socket with an acknowledged session, through the balancer or straight to one process's port: the process that
   * holds it, what it received, and how to wait for a message.
   */
  const openSocket = async (token: string, port = PORT) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}${SOCKET_PATH}`);
    const received: IncomingMessage[] = [];
    const waiters = new Set<() => void>();
    socket.on('message', (data) => {
      const message = parseIncoming(String(data));
      if (message) received.push(message);
      for (const wake of waiters) wake();
    });
    // ws emits `open` right after `upgrade`: both are listened to before either can happen.
    const instance = new Promise<string>((resolve, reject) => {
      socket.once('upgrade', (response) => resolve(String(response.headers[INSTANCE_HEADER])));
      socket.once('error', reject);
    });
    await new Promise((resolve) => socket.once('open', resolve));
    /** Resolves once a message the predicate accepts has arrived (or already had). */
    const until = (accept: (message: IncomingMessage) => boolean) =>
      new Promise<IncomingMessage>((resolve) => {
        const check = () => {
          const found = received.find(accept);
          if (!found) return;
          waiters.delete(check);
          resolve(found);
        };
        waiters.add(check);
        check();
      });
    socket.send(JSON.stringify({ type: 'requestSession', language: 'en', accessToken: token }));
    await until((message) => message.type === 'ackSession');
    return { socket, instance: await instance, received, until };
  };
  const workerPort = (name: string) => cluster.workers.find((w) => w.name === name)!.port;

  test("one guest's sockets on every process all get her guestBalance after a charge", async () => {
    const { accessToken } = await signup();
    const sockets: Array<Awaited<ReturnType<typeof openSocket>>> = [];
    // Round robin spreads them; a few more than the processes, until every process holds one.
    while (new Set(sockets.map((s) => s.instance)).size < WORKERS && sockets.length < WORKERS * 4)
      sockets.push(await openSocket(accessToken));
    try {
      assert.equal(new Set(sockets.map((s) => s.instance)).size, WORKERS, 'every process holds a socket of hers');
      const { guestBalance } = await charge(accessToken, 10);
      assert.equal(guestBalance, 40);
      await Promise.all(
        sockets.map((s) => s.until((message) => message.type === 'guestBalance' && message.balance === 40)),
      );
    } finally {
      for (const { socket } of sockets) socket.close();
    }
  });

  test("a chat starts on one process while the guest's only socket is on another; without one it is refused", async () => {
    const { accessToken, guest } = await signup();
    await charge(accessToken, 10);
    const performer = await createPerformer(database.db, { priceVideoChat: 60 });
    const start = (token: string) =>
      call(`${workerUrl('w2')}/rest/v1/chat/start`, {
        method: 'POST',
        token,
        body: { actorId: performer.id, chatType: 'LIVECHAT', sequenceNumber: 1 },
      });
    const away = await signup();
    const refused = await start(away.accessToken);
    assert.equal(refused.status, 409);
    assert.equal((refused.body as { code: string }).code, 'GUEST_OFFLINE', 'no socket on any process');

    const tab = await openSocket(accessToken, workerPort('w1'));
    try {
      assert.equal(tab.instance, 'w1');
      const started = await start(accessToken);
      assert.equal(started.status, 200, JSON.stringify(started.body));
      assert.equal(started.instance, 'w2');
      const { chatId } = started.body as { chatId: string };
      const [row] = await query<{ guest_id: string; status: string }>(
        'select guest_id, status from chat_sessions where id = $1',
        [chatId],
      );
      assert.deepEqual(row, { guest_id: guest.id, status: 'active' });
      const stopped = await call(`${workerUrl('w3')}/rest/v1/chat/stop`, {
        method: 'POST',
        token: accessToken,
        body: { chatId },
      });
      assert.equal(stopped.status, 200, JSON.stringify(stopped.body));
    } finally {
      tab.socket.close();
    }
  });

  test('failed logins count across the processes: the sixth on any of them waits', async () => {
    const { guest } = await signup();
    const email = (await query<{ email: string }>('select email from guests where id = $1', [guest.id]))[0]!.email;
    const names = cluster.workers.map((worker) => worker.name);
    const attempt = (name: string, password: string) =>
      call(`${workerUrl(name)}/rest/v1/auth/login`, { method: 'POST', body: { email, password } });
    // Five free failures of the account, spread over every process.
    for (let i = 0; i < 5; i++) {
      const answer = await attempt(names[i % names.length]!, 'wrong password');
      assert.equal(answer.status, 401, JSON.stringify(answer.body));
    }
    for (const name of names) {
      const answer = await attempt(name, 'correct horse battery');
      assert.equal(answer.status, 429, `${name}: ${JSON.stringify(answer.body)}`);
      assert.equal((answer.body as { code: string }).code, 'RATE_LIMITED');
    }
  });

  test('a status bar message closed in a socket on one process stays closed in a new one on another', async () => {
    const { accessToken } = await signup();
    const shown = (message: IncomingMessage) => (message as IncomingMessage<'statusBar'>).statusBar;
    const first = await openSocket(accessToken, workerPort('w1'));
    const second = await (async () => {
      try {
        const message = shown(await first.until((m) => m.type === 'statusBar'));
        assert.ok(message, 'a new guest sees a message');
        first.socket.send(JSON.stringify({ type: 'removeStatusBar', statusBarType: message.type }));
        await first.until((m) => m.type === 'statusBar' && shown(m)?.type !== message.type);
        return { closed: message.type, socket: await openSocket(accessToken, workerPort('w3')) };
      } finally {
        first.socket.close();
      }
    })();
    try {
      const message = shown(await second.socket.until((m) => m.type === 'statusBar'));
      assert.notEqual(message?.type, second.closed);
    } finally {
      second.socket.socket.close();
    }
  });

  test("a feature switched on one process shows on another's next manifest within a second", async () => {
    const login = await call(`${workerUrl('w1')}/rest/v1/auth/login`, {
      method: 'POST',
      body: { email: OPERATOR.email, password: OPERATOR_PASSWORD },
    });
    assert.equal(login.status, 200, JSON.stringify(login.body));
    const token = (login.body as Auth).accessToken;
    type Manifest = { tenant: { features: Record<string, boolean> } };
    const features = async () =>
      ((await call(`${workerUrl('w2')}/rest/v1/federation/manifest?tenant=velvet`)).body as Manifest).tenant.features;
    const before = await features();
    const feature = Object.keys(before)[0]!;
    assert.ok(feature, 'the tenant has features');
    const switchTo = async (on: boolean) => {
      const answer = await call(`${workerUrl('w1')}/rest/v1/federation/tenants/velvet/features`, {
        method: 'PUT',
        token,
        body: on ? { on: [feature] } : { off: [feature] },
      });
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      assert.equal(answer.instance, 'w1');
    };
    try {
      await switchTo(!before[feature]);
      const switched = performance.now();
      // w2 read the tenants above and keeps them a minute (VISITOR_CACHE_MS): only the bus can tell it sooner.
      while ((await features())[feature] === before[feature]) {
        assert.ok(performance.now() - switched < 1000, 'not on w2 within a second');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      await switchTo(before[feature]!);
    }
  });

  test('200 parallel tips spread over the processes by a guest with coins for 10: exactly 10', async () => {
    const { accessToken } = await signup();
    await charge(accessToken, 10);
    const postId = await firstPostId();
    const tip = () => tipOnce(accessToken, postId, 4, randomUUID());
    const balances = () =>
      Promise.all(
        cluster.workers.map(async (worker) => {
          const answer = await call(`${workerUrl(worker.name)}/rest/v1/getGuestBalance`, { token: accessToken });
          return (answer.body as { balance: number }).balance;
        }),
      );
    // Every process keeps her balance view now (for up to 5 s)...
    assert.deepEqual(await balances(), [40, 40, 40]);
    const answers = await Promise.all(Array.from({ length: 200 }, tip));
    assert.equal(new Set(answers.map((a) => a.instance)).size, WORKERS, 'every process took some');
    assert.equal(answers.filter((a) => a.code === 'TIPPED').length, 10);
    assert.equal(answers.filter((a) => a.code === 'INSUFFICIENT_FUNDS').length, 190);
    // ...and each was told of the tips, whichever process took them: none still shows coins.
    assert.deepEqual(await balances(), [0, 0, 0]);
  });

  test('a process drained for a restart and another killed (-9) lose no tip the client retries, and no coin', async () => {
    const { accessToken, guest } = await signup();
    await charge(accessToken, 1000);
    const postId = await firstPostId();
    /** One tip with its own operation key, sent again (same key) while the answer is lost or a 5xx. */
    const tipRetried = async () => {
      const operationKey = randomUUID();
      for (let attempt = 1; ; attempt++) {
        const answer = await tipOnce(accessToken, postId, 1, operationKey).catch((error: unknown) => ({
          code: `network: ${String(error)}`,
          status: 0,
        }));
        if (answer.status > 0 && answer.status < 500) return answer.code;
        if (attempt === 5) return answer.code;
      }
    };
    // Tips one after another until told how many: through the restart, the kill and a few after.
    let stopAt = Infinity;
    const codes: Array<string | undefined> = [];
    const client = (async () => {
      while (codes.length < stopAt) codes.push(await tipRetried());
    })();
    const w3 = cluster.workers.find((worker) => worker.name === 'w3')!;
    await cluster.restart('w2');
    process.kill(w3.pid!, 'SIGKILL');
    stopAt = codes.length + 20;
    await client;
    assert.deepEqual(
      codes.filter((code) => code !== 'TIPPED'),
      [],
      'every tip went through',
    );
    const [tips] = await query<{ sum: number }>(
      'select coalesce(sum(amount_coins), 0)::int as sum from feed_tips where guest_id = $1',
      [guest.id],
    );
    assert.equal(tips!.sum, codes.length, 'each tip was charged once');
    const balance = await call(`${cluster.url}/rest/v1/getGuestBalance`, { token: accessToken });
    assert.equal((balance.body as { balance: number }).balance, 4000 - codes.length);
  });
});
