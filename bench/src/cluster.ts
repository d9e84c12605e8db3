import { chmod, readFile, rm } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import WebSocket from 'ws';
import { SOCKET_PATH, guestEndpoints, lifecycleEndpoints, mediaEndpoints, messengerEndpoints } from '@velvet/contracts';
import { RedisBus } from '../../server/src/cluster/bus';
import { startCluster, type Cluster } from '../../server/src/cluster/supervisor';
import { catalogueTargets, load, openSession, type LoadResult, type Request, type Session } from './http';
import type { ClientsReply } from './ipc';
import { forkScript, nextMessage, stopChild } from './processes';
import { median, percentile, type Report } from './report';
import { startVelvet, tempDir } from './servers';

/** HAProxy's port (BENCH_CLUSTER_PORT, so two benches on one machine can run); the servers, Redis and PostgreSQL take the ports after it. */
const PORT = Number(process.env.BENCH_CLUSTER_PORT ?? 18790);
const WORKERS = 3;
const SOCKETS = 10_000;
const BROADCAST_P99_BUDGET_MS = 150;
const PUSH_P99_BUDGET_MS = 50;
const READS_P99_BUDGET_MS = 100;
const READS_RPS_BUDGET = 3_000;
const CONNECTIONS = 100;

const now = () => performance.timeOrigin + performance.now();
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** CPU time (ms, user and system) a process used since it started, from /proc (Linux). */
async function cpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command's closing parenthesis; utime and stime are the 14th and 15th of the line.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}
const workersCpuMs = async (pids: number[]) => (await Promise.all(pids.map(cpuMs))).reduce((a, b) => a + b, 0);

/** A socket of the guest with an acknowledged session, and a way to wait for a message type on it. */
async function guestSocket(wsUrl: string, token: string) {
  const socket = new WebSocket(wsUrl, { perMessageDeflate: false });
  const waiting = new Map<string, (message: Record<string, unknown>) => void>();
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as { type: string };
    waiting.get(message.type)?.(message);
  });
  const next = (type: string) =>
    new Promise<Record<string, unknown>>((resolve) =>
      waiting.set(type, (message) => {
        waiting.delete(type);
        resolve(message);
      }),
    );
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  const acknowledged = next('ackSession');
  socket.send(JSON.stringify({ type: 'requestSession', language: 'en', accessToken: token }));
  await acknowledged;
  return { socket, next };
}

/** The logged-in reads a guest's pages make: her media library, her newest conversation, her profile. */
async function loggedInReads(base: string, session: Session): Promise<Array<Request & { name: string }>> {
  const headers = { authorization: `Bearer ${session.guestToken}` };
  // The messenger lists her channels over the socket; opening one is a REST read.
  const { socket, next } = await guestSocket(`${base.replace('http', 'ws')}${SOCKET_PATH}`, session.guestToken);
  const answer = next('channels');
  socket.send(JSON.stringify({ type: 'loadChannels', offset: 0, limit: 1 }));
  const [channel] = (await answer).channels as Array<{ id: number }>;
  socket.close();
  if (!channel) throw new Error('the demo guest has no conversation to read');
  return [
    { name: 'media library', method: 'GET', path: `/rest/v1${mediaEndpoints.mediathek.path}?page=1`, headers },
    {
      name: 'conversation (channel)',
      method: 'GET',
      path: `/rest/v1${messengerEndpoints.channel.path.replace(':channelId', String(channel.id))}`,
      headers,
    },
    { name: 'profile', method: 'GET', path: `/rest/v1${guestEndpoints.profileGet.path}`, headers },
  ];
}

async function checked(base: string, request: Request & { name: string }): Promise<void> {
  const response = await fetch(`${base}${request.path}`, { method: request.method, headers: request.headers });
  if (!response.ok) throw new Error(`${request.name}: ${response.status} ${(await response.text()).slice(0, 200)}`);
}

function addReads(
  report: Report,
  label: string,
  name: string,
  result: LoadResult & { cpuPerRequest: number },
  rpsBudget: boolean,
): void {
  const failed = result.errors + result.non2xx;
  const note = failed ? `${failed} of ${result.total} failed` : undefined;
  report.add(
    `${label}: ${name}: requests/s`,
    result.rps,
    'req/s',
    rpsBudget ? { kind: 'min', limit: READS_RPS_BUDGET } : undefined,
    note,
  );
  report.add(
    `${label}: ${name}: p99`,
    result.p99,
    'ms',
    rpsBudget ? undefined : { kind: 'max', limit: READS_P99_BUDGET_MS },
  );
  report.add(`${label}: ${name}: server CPU per request`, result.cpuPerRequest * 1000, 'µs');
}

/** A load of `base` with the CPU time the server processes `pids` spent per request meanwhile. */
async function measuredLoad(base: string, target: Request | Request[], seconds: number, pids: number[]) {
  const cpuBefore = await workersCpuMs(pids);
  const result = await load(base, target, seconds);
  const cpu = (await workersCpuMs(pids)) - cpuBefore;
  return { ...result, cpuPerRequest: result.total ? cpu / result.total : 0 };
}

/** The logged-in reads at 100 connections, each alone and the three mixed, with the CPU of the servers `pids`. */
async function benchReads(
  report: Report,
  label: string,
  base: string,
  options: { seconds: number; onPostgres: boolean; pids: number[] },
) {
  const { seconds, onPostgres, pids } = options;
  const session = await openSession(base);
  const reads = await loggedInReads(base, session);
  for (const read of reads) await checked(base, read);
  for (const read of reads) {
    await load(base, read, Math.min(3, seconds)); // warm-up
    addReads(report, label, read.name, await measuredLoad(base, read, seconds, pids), onPostgres);
  }
  addReads(report, label, 'the three mixed', await measuredLoad(base, reads, seconds, pids), onPostgres);
}

/** One broadcast through Redis to every process, and when each of the clients' sockets had it. */
async function broadcastRound(bus: RedisBus, clients: ReturnType<typeof forkScript>[], round: number) {
  const actorName = `bench-cluster-${round}`;
  await Promise.all(
    clients.map((child) => {
      const expecting = nextMessage<{ type: string }>(child, (m) => m.type === 'expecting', 10_000);
      child.send({ type: 'expect', actorName, timeoutMs: 30_000 });
      return expecting;
    }),
  );
  const received = clients.map((child) => nextMessage<ClientsReply>(child, (m) => m.type === 'received', 60_000));
  const sentAt = now();
  // What the hub's broadcast publishes: every process (none of them the sender) writes it to its sockets.
  bus.publish('socket', { kind: 'push', to: null, message: { type: 'actorOnline', actorId: 999_999, actorName } });
  const answers = await Promise.all(received);
  const latencies = answers
    .flatMap((answer) => (answer.type === 'received' ? answer.receivedAt : []))
    .map((at) => at - sentAt);
  const missing = answers.reduce((sum, answer) => sum + (answer.type === 'received' ? answer.missing : 0), 0);
  return { latencies, missing };
}

/**
 * A guest's socket on the first process and a REST call on the second that pushes to her (accepting the data
 * protection notice tells every tab): from the call leaving here to the push reaching her socket.
 */
async function pushLatencies(cluster: Cluster, rounds: number): Promise<number[]> {
  const [holder, caller] = cluster.workers as [Cluster['workers'][number], Cluster['workers'][number]];
  const session = await openSession(cluster.url);
  const { socket } = await guestSocket(`ws://127.0.0.1:${holder.port}${SOCKET_PATH}`, session.guestToken);
  let arrived: (() => void) | null = null;
  socket.on('message', (data) => {
    if ((JSON.parse(String(data)) as { type: string }).type === 'dataProtection') arrived?.();
  });
  const latencies: number[] = [];
  try {
    for (let round = 0; round < rounds; round++) {
      const pushed = new Promise<number>((resolve) => (arrived = () => resolve(now())));
      const sentAt = now();
      const response = await fetch(
        `http://127.0.0.1:${caller.port}/rest/v1${lifecycleEndpoints.closeDataProtection.path}`,
        {
          method: lifecycleEndpoints.closeDataProtection.method,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${session.guestToken}` },
          body: JSON.stringify({ accepted: true }),
        },
      );
      if (!response.ok) throw new Error(`data protection notice: ${response.status} ${await response.text()}`);
      latencies.push((await pushed) - sentAt);
    }
  } finally {
    socket.close();
  }
  return latencies;
}

/** Catalogue reads on 1, 2 and 3 processes side by side (each loaded on its own port), with their CPU per request. */
async function benchCatalogueScaling(report: Report, cluster: Cluster, seconds: number): Promise<void> {
  const session = await openSession(cluster.url);
  const targets = catalogueTargets(session);
  const rows: Array<{ processes: number; rps: number; cpuPerRequest: number; p99: number | null; failed: number }> = [];
  for (let processes = 1; processes <= WORKERS; processes++) {
    const workers = cluster.workers.slice(0, processes);
    const urls = workers.map((worker) => `http://127.0.0.1:${worker.port}`);
    await Promise.all(
      urls.map((url) => load(url, targets, Math.min(3, seconds), { connections: CONNECTIONS / processes })),
    );
    const pids = workers.map((worker) => worker.pid!);
    const cpuBefore = await workersCpuMs(pids);
    const results = await Promise.all(
      urls.map((url) => load(url, targets, seconds, { connections: Math.round(CONNECTIONS / processes) })),
    );
    const cpu = (await workersCpuMs(pids)) - cpuBefore;
    const total = results.reduce((sum, result) => sum + result.total, 0);
    rows.push({
      processes,
      rps: results.reduce((sum, result) => sum + result.rps, 0),
      cpuPerRequest: total ? cpu / total : 0,
      p99: Math.max(...results.map((result) => result.p99 ?? 0)),
      failed: results.reduce((sum, result) => sum + result.errors + result.non2xx, 0),
    });
  }
  for (const row of rows) {
    const note = row.failed ? `${row.failed} failed` : undefined;
    report.add(`catalogue reads, ${row.processes} process(es): requests/s`, row.rps, 'req/s', undefined, note);
    report.add(`catalogue reads, ${row.processes} process(es): p99`, row.p99, 'ms');
    report.add(`catalogue reads, ${row.processes} process(es): server CPU per request`, row.cpuPerRequest * 1000, 'µs');
  }
}

const silentLog = {
  warn: (object: unknown, message?: string) => console.warn(message ?? object),
  error: (object: unknown, message?: string) => console.error(message ?? object),
} as unknown as FastifyBaseLogger;

/**
 * Section 10: the site as 3 processes behind HAProxy on PostgreSQL and Redis (as `npm run start:cluster`), with
 * 10,000 sockets spread over the processes; the logged-in reads also on one PGlite process.
 */
export async function benchCluster(report: Report, options: { seconds: number; quick: boolean }): Promise<void> {
  const { seconds, quick } = options;
  const seedScale = quick ? '0.25' : '1';
  report.begin(
    `10. Several processes: ${WORKERS} behind HAProxy on PostgreSQL and Redis (seed scale ${seedScale}, autocannon ${CONNECTIONS} connections, ${seconds} s)`,
  );
  report.note(
    'the load generator, the socket clients, PostgreSQL, Redis, HAProxy and the servers share this machine: with 2 cores, more processes add no CPU; read the CPU per request',
  );
  const env = {
    SEED_SCALE: seedScale,
    LOG_LEVEL: 'warn',
    SERVER_RENDER: 'off',
    SIGNUPS_PER_ADDRESS_PER_HOUR: '100000',
    ANONYMOUS_SESSIONS_PER_ADDRESS_PER_HOUR: '100000',
  };

  const pglite = await startVelvet({ env });
  try {
    await benchReads(report, 'PGlite, 1 process', pglite.url, {
      seconds,
      onPostgres: false,
      pids: [pglite.child.pid!],
    });
  } finally {
    await pglite.stop();
  }

  const dataDir = await tempDir('cluster');
  // PostgreSQL runs as its own user when the bench runs as root: it must reach its folder inside.
  await chmod(dataDir, 0o755);
  let cluster: Cluster | null = null;
  let bus: RedisBus | null = null;
  const clients: ReturnType<typeof forkScript>[] = [];
  try {
    const startedAt = performance.now();
    cluster = await startCluster({ dataDir, port: PORT, workers: WORKERS, output: 'files', env });
    report.note(`cluster started and seeded in ${((performance.now() - startedAt) / 1000).toFixed(0)} s`);
    await benchReads(report, `PostgreSQL, ${WORKERS} processes behind HAProxy`, cluster.url, {
      seconds,
      onPostgres: true,
      pids: cluster.workers.map((worker) => worker.pid!),
    });
    await benchCatalogueScaling(report, cluster, seconds);

    bus = await RedisBus.connect('bench', cluster.redisUrl, silentLog);
    const anonymous = await fetch(`${cluster.url}/rest/v1/auth/anonymous`, { method: 'POST' });
    const { accessToken } = (await anonymous.json()) as { accessToken: string };
    // The sockets straight to each process's port, a third each (HAProxy's connection limit stays out of it).
    const openedAt = performance.now();
    const connected = await Promise.all(
      cluster.workers.map(async (worker, index) => {
        const count = Math.floor(SOCKETS / WORKERS) + (index < SOCKETS % WORKERS ? 1 : 0);
        const child = forkScript(
          'fanout/clients.ts',
          ['velvet', `ws://127.0.0.1:${worker.port}${SOCKET_PATH}`, String(count), accessToken],
          { execArgv: ['--max-old-space-size=2048'] },
        );
        clients.push(child);
        const reply = await nextMessage<ClientsReply>(child, (m) => m.type === 'connected', 600_000);
        return reply.type === 'connected' ? reply.count : 0;
      }),
    );
    const sockets = connected.reduce((a, b) => a + b, 0);
    report.note(`${sockets} sockets open in ${((performance.now() - openedAt) / 1000).toFixed(0)} s`);
    await pause(1_000);

    const rounds = quick ? 3 : 5;
    const p50s: number[] = [];
    const p99s: number[] = [];
    const cpuPerBroadcast: number[] = [];
    let missing = 0;
    const pids = cluster.workers.map((worker) => worker.pid!);
    for (let round = 0; round < rounds; round++) {
      const cpuBefore = await workersCpuMs(pids);
      const result = await broadcastRound(bus, clients, round);
      cpuPerBroadcast.push((await workersCpuMs(pids)) - cpuBefore);
      p50s.push(percentile(result.latencies, 50) ?? Infinity);
      p99s.push(percentile(result.latencies, 99) ?? Infinity);
      missing = Math.max(missing, result.missing);
      await pause(500);
    }
    const note = missing ? `${missing} sockets missed a broadcast` : undefined;
    report.add(
      `${sockets} sockets over ${WORKERS} processes: broadcast p50 (median of ${rounds})`,
      median(p50s),
      'ms',
      undefined,
      note,
    );
    report.add(
      `${sockets} sockets over ${WORKERS} processes: broadcast p99 (median of ${rounds})`,
      median(p99s),
      'ms',
      {
        kind: 'max',
        limit: BROADCAST_P99_BUDGET_MS,
      },
    );
    report.add(`${sockets} sockets: servers' CPU per broadcast (all processes)`, median(cpuPerBroadcast), 'ms');

    const pushes = await pushLatencies(cluster, quick ? 100 : 300);
    report.add(`REST call on one process → push on another's socket: p50`, percentile(pushes, 50), 'ms');
    report.add(`REST call on one process → push on another's socket: p99`, percentile(pushes, 99), 'ms', {
      kind: 'max',
      limit: PUSH_P99_BUDGET_MS,
    });
  } finally {
    for (const child of clients) await stopChild(child);
    await bus?.close();
    await cluster?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
