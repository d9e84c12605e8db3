import type { ClientsReply } from './ipc';
import { forkScript, nextMessage, stopChild } from './processes';
import { median, percentile, type Report } from './report';
import { startServer, startVelvet, type BenchServer } from './servers';

const ROUNDS = 3;
const P99_BUDGET_MS = 100;
const PER_CONNECTION_BUDGET_KB = 20;
const THROUGHPUT_RATIO_BUDGET = 1.5;

export interface FanoutLevel {
  clients: number;
  connected: number;
  p50: number | null;
  p99: number | null;
  /** Deliveries per second: clients reached / time until the last one had it. */
  throughput: number | null;
  rssPerConnectionKb: number;
  heapPerConnectionKb: number;
  missing: number;
}

async function waitForConnections(server: BenchServer, count: number): Promise<void> {
  for (let tries = 0; tries < 100; tries++) {
    if ((await server.memory()).connections <= count) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function measureLevel(
  server: BenchServer,
  kind: 'velvet' | 'socketio',
  wsUrl: string,
  clients: number,
  token: string,
): Promise<FanoutLevel> {
  await waitForConnections(server, 0);
  const before = await server.memory();
  const child = forkScript('fanout/clients.ts', [kind, wsUrl, String(clients), token], {
    execArgv: ['--max-old-space-size=4096'],
  });
  try {
    const connected = await nextMessage<ClientsReply>(child, (m) => m.type === 'connected', 600_000);
    if (connected.type !== 'connected') throw new Error('unexpected answer');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const after = await server.memory();
    const rounds: { p50: number | null; p99: number | null; throughput: number | null; missing: number }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const actorName = `bench-${kind}-${clients}-${round}`;
      const expecting = nextMessage<{ type: string }>(child, (m) => m.type === 'expecting', 10_000);
      child.send({ type: 'expect', actorName, timeoutMs: 30_000 });
      await expecting;
      const received = nextMessage<ClientsReply>(child, (m) => m.type === 'received', 60_000);
      const sentAt = await server.broadcast(actorName);
      const answer = await received;
      if (answer.type !== 'received') throw new Error('unexpected answer');
      const latencies = answer.receivedAt.map((at) => at - sentAt);
      const last = Math.max(...latencies);
      rounds.push({
        p50: percentile(latencies, 50),
        p99: percentile(latencies, 99),
        throughput: latencies.length && last > 0 ? (latencies.length / last) * 1000 : null,
        missing: answer.missing,
      });
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const pick = (key: 'p50' | 'p99' | 'throughput') =>
      median(rounds.map((r) => r[key]).filter((v): v is number => v !== null));
    return {
      clients,
      connected: connected.count,
      p50: pick('p50'),
      p99: pick('p99'),
      throughput: pick('throughput'),
      rssPerConnectionKb: (after.rss - before.rss) / 1024 / connected.count,
      heapPerConnectionKb: (after.heapUsed - before.heapUsed) / 1024 / connected.count,
      missing: Math.max(...rounds.map((r) => r.missing)),
    };
  } finally {
    await stopChild(child);
  }
}

async function runKind(kind: 'velvet' | 'socketio', levels: number[]): Promise<FanoutLevel[]> {
  const server =
    kind === 'velvet'
      ? await startVelvet({ env: { BENCH_NO_SEED: '1', BENCH_NO_JOBS: '1' } })
      : await startServer('fanout/socketio-server.ts');
  try {
    let token = '';
    if (kind === 'velvet') {
      const response = await fetch(`${server.url}/rest/v1/auth/anonymous`, { method: 'POST' });
      token = ((await response.json()) as { accessToken: string }).accessToken;
    }
    const wsUrl = kind === 'velvet' ? `${server.url.replace('http', 'ws')}/ws` : server.url;
    const results: FanoutLevel[] = [];
    for (const clients of levels) results.push(await measureLevel(server, kind, wsUrl, clients, token));
    return results;
  } finally {
    await server.stop();
  }
}

export async function benchFanout(report: Report, levels: number[]): Promise<void> {
  report.begin(
    `5. Socket fan-out: one actorOnline broadcast to every client (clients in their own process, median of ${ROUNDS} broadcasts)`,
  );
  const velvet = await runKind('velvet', levels);
  const socketio = await runKind('socketio', levels);
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
    report.add(
      `${level.clients} clients: socket.io delivery p50 / p99`,
      baseline.p50,
      'ms',
      undefined,
      `p99 ${baseline.p99?.toFixed(0)} ms`,
    );
    report.add(`${level.clients} clients: socket.io RSS per connection`, baseline.rssPerConnectionKb, 'KB');
    report.add(`${level.clients} clients: socket.io deliveries/s`, baseline.throughput, 'msg/s');
    const ratio = level.throughput && baseline.throughput ? level.throughput / baseline.throughput : null;
    report.add(
      `${level.clients} clients: throughput vs socket.io`,
      ratio,
      'x',
      atLargest ? { kind: 'min', limit: THROUGHPUT_RATIO_BUDGET } : undefined,
    );
  }
}
