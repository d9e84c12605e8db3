import type { ChildProcess } from 'node:child_process';
import type { ClientsReply } from './ipc';
import { forkScript, nextMessage, stopChild } from './processes';
import { median, percentile, type Report } from './report';
import { startServer, startVelvet, type BenchServer } from './servers';

const ROUNDS = 5;
const P99_BUDGET_MS = 100;
const PER_CONNECTION_BUDGET_KB = 20;
const THROUGHPUT_RATIO_BUDGET = 1.5;

type Kind = 'velvet' | 'socketio';

export interface FanoutLevel {
  clients: number;
  connected: number;
  p50: number | null;
  p99: number | null;
  /** Deliveries per second: clients reached / time until the last one had it. */
  throughput: number | null;
  /** CPU time of one broadcast: the server's, from its start until every client had it, and the clients' process. */
  serverCpuMs: number | null;
  clientCpuMs: number | null;
  rssPerConnectionKb: number;
  heapPerConnectionKb: number;
  missing: number;
}

interface Round {
  p50: number | null;
  p99: number | null;
  throughput: number | null;
  serverCpuMs: number;
  clientCpuMs: number;
  missing: number;
}

/** One server of the comparison with its clients' process for the level being measured. */
interface Side {
  kind: Kind;
  server: BenchServer;
  wsUrl: string;
  token: string;
  child?: ChildProcess;
  connected?: number;
  memory?: { rss: number; heapUsed: number };
  rounds: Round[];
}

async function waitForConnections(server: BenchServer, count: number): Promise<void> {
  for (let tries = 0; tries < 100; tries++) {
    if ((await server.memory()).connections <= count) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Opens the level's clients in their own process and notes the server's memory for them. */
async function openClients(side: Side, clients: number): Promise<void> {
  await waitForConnections(side.server, 0);
  const before = await side.server.memory();
  side.child = forkScript('fanout/clients.ts', [side.kind, side.wsUrl, String(clients), side.token], {
    execArgv: ['--max-old-space-size=4096'],
  });
  const connected = await nextMessage<ClientsReply>(side.child, (m) => m.type === 'connected', 600_000);
  if (connected.type !== 'connected') throw new Error('unexpected answer');
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const after = await side.server.memory();
  side.connected = connected.count;
  side.memory = { rss: after.rss - before.rss, heapUsed: after.heapUsed - before.heapUsed };
  side.rounds = [];
}

async function measureRound(side: Side, clients: number, round: number): Promise<void> {
  const child = side.child!;
  const actorName = `bench-${side.kind}-${clients}-${round}`;
  const expecting = nextMessage<{ type: string }>(child, (m) => m.type === 'expecting', 10_000);
  child.send({ type: 'expect', actorName, timeoutMs: 30_000 });
  await expecting;
  const received = nextMessage<ClientsReply>(child, (m) => m.type === 'received', 60_000);
  const sentAt = await side.server.broadcast(actorName);
  const answer = await received;
  if (answer.type !== 'received') throw new Error('unexpected answer');
  const serverCpuMs = await side.server.cpuSinceBroadcast();
  const latencies = answer.receivedAt.map((at) => at - sentAt);
  const last = Math.max(...latencies);
  side.rounds.push({
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    throughput: latencies.length && last > 0 ? (latencies.length / last) * 1000 : null,
    serverCpuMs,
    clientCpuMs: answer.cpuMs,
    missing: answer.missing,
  });
  await new Promise((resolve) => setTimeout(resolve, 500));
}

function summarize(side: Side, clients: number): FanoutLevel {
  const pick = (key: 'p50' | 'p99' | 'throughput' | 'serverCpuMs' | 'clientCpuMs') =>
    median(side.rounds.map((r) => r[key]).filter((v): v is number => v !== null));
  const connected = side.connected ?? 0;
  return {
    clients,
    connected,
    p50: pick('p50'),
    p99: pick('p99'),
    throughput: pick('throughput'),
    serverCpuMs: pick('serverCpuMs'),
    clientCpuMs: pick('clientCpuMs'),
    rssPerConnectionKb: (side.memory?.rss ?? 0) / 1024 / connected,
    heapPerConnectionKb: (side.memory?.heapUsed ?? 0) / 1024 / connected,
    missing: Math.max(...side.rounds.map((r) => r.missing)),
  };
}

async function startSide(kind: Kind): Promise<Side> {
  const server =
    kind === 'velvet'
      ? await startVelvet({ env: { BENCH_NO_SEED: '1', BENCH_NO_JOBS: '1' } })
      : await startServer('fanout/socketio-server.ts');
  let token = '';
  if (kind === 'velvet') {
    const response = await fetch(`${server.url}/rest/v1/auth/anonymous`, { method: 'POST' });
    token = ((await response.json()) as { accessToken: string }).accessToken;
  }
  const wsUrl = kind === 'velvet' ? `${server.url.replace('http', 'ws')}/ws` : server.url;
  return { kind, server, wsUrl, token, rounds: [] };
}

/**
 * Both servers run side by side and, at each level, their broadcasts alternate (the order flips every round), so
 * the ratio compares figures taken in the same minutes of the same machine's load.
 */
async function runBoth(levels: number[]): Promise<{ velvet: FanoutLevel[]; socketio: FanoutLevel[] }> {
  const sides: Side[] = [];
  const results = { velvet: [] as FanoutLevel[], socketio: [] as FanoutLevel[] };
  try {
    sides.push(await startSide('velvet'), await startSide('socketio'));
    for (const clients of levels) {
      try {
        for (const side of sides) await openClients(side, clients);
        for (let round = 0; round < ROUNDS; round++) {
          const order = round % 2 ? [...sides].reverse() : sides;
          for (const side of order) await measureRound(side, clients, round);
        }
      } finally {
        for (const side of sides) if (side.child) await stopChild(side.child);
      }
      for (const side of sides) results[side.kind].push(summarize(side, clients));
    }
    return results;
  } finally {
    for (const side of sides) await side.server.stop();
  }
}

export async function benchFanout(report: Report, levels: number[]): Promise<void> {
  report.begin(
    `5. Socket fan-out: one actorOnline broadcast to every client (clients in their own process, median of ${ROUNDS} broadcasts, alternating with socket.io's)`,
  );
  const { velvet, socketio } = await runBoth(levels);
  const largest = Math.max(...levels);
  for (const [index, level] of velvet.entries()) {
    const baseline = socketio[index]!;
    const atLargest = level.clients === largest;
    const note =
      level.missing || level.connected < level.clients
        ? `${level.connected} connected, ${level.missing} missed the message`
        : undefined;
    report.add(`${level.clients} clients: delivery p50`, level.p50, 'ms', undefined, note);
    report.add(
      `${level.clients} clients: delivery p99`,
      level.p99,
      'ms',
      atLargest ? { kind: 'max', limit: P99_BUDGET_MS } : undefined,
    );
    report.add(`${level.clients} clients: server RSS per connection`, level.rssPerConnectionKb, 'KB');
    report.add(`${level.clients} clients: server heap per connection`, level.heapPerConnectionKb, 'KB');
    // RSS lags (pages kept from the level before), the heap misses socket buffers: the larger one counts.
    report.add(
      `${level.clients} clients: server memory per connection (larger of the two)`,
      Math.max(level.rssPerConnectionKb, level.heapPerConnectionKb),
      'KB',
      atLargest ? { kind: 'max', limit: PER_CONNECTION_BUDGET_KB } : undefined,
    );
    report.add(`${level.clients} clients: deliveries/s`, level.throughput, 'msg/s');
    // CPU time, unlike the figures above, barely moves with the machine's load; the clients' process shows when
    // the clients rather than the server set the pace.
    report.add(`${level.clients} clients: server CPU per broadcast`, level.serverCpuMs, 'ms');
    report.add(`${level.clients} clients: clients' process CPU per broadcast`, level.clientCpuMs, 'ms');
    report.add(
      `${level.clients} clients: socket.io delivery p50 / p99`,
      baseline.p50,
      'ms',
      undefined,
      `p99 ${baseline.p99?.toFixed(0)} ms`,
    );
    report.add(`${level.clients} clients: socket.io RSS per connection`, baseline.rssPerConnectionKb, 'KB');
    report.add(`${level.clients} clients: socket.io deliveries/s`, baseline.throughput, 'msg/s');
    report.add(
      `${level.clients} clients: socket.io server CPU per broadcast`,
      baseline.serverCpuMs,
      'ms',
      undefined,
      `clients' process ${baseline.clientCpuMs?.toFixed(0)} ms`,
    );
    const ratio = level.throughput && baseline.throughput ? level.throughput / baseline.throughput : null;
    report.add(
      `${level.clients} clients: throughput vs socket.io`,
      ratio,
      'x',
      atLargest ? { kind: 'min', limit: THROUGHPUT_RATIO_BUDGET } : undefined,
    );
  }
}
