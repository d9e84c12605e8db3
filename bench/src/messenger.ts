import type { ChildProcess } from 'node:child_process';
import type { MessengerClientsReply, MessengerClientsRequest, ServerReply } from './ipc';
import { forkScript, nextMessage, stopChild } from './processes';
import { median, percentile, type Report } from './report';
import { startVelvet, type BenchServer } from './servers';

const GUESTS = 1_000;
const P99_BUDGET_MS = 50;
/** The steady load whose p99 is budgeted: every guest writing about once every ten seconds. */
const PACED_RATE = 100;
/** How long a phase may take before its missing messages count as lost. */
const PHASE_TIMEOUT_MS = 600_000;

async function ask<T extends ServerReply>(server: BenchServer, request: object, type: T['type']): Promise<T> {
  const answer = nextMessage<ServerReply>(server.child, (m) => m.type === type, PHASE_TIMEOUT_MS + 60_000);
  server.child.send(request);
  return (await answer) as T;
}

async function tell<T extends MessengerClientsReply>(
  child: ChildProcess,
  request: MessengerClientsRequest,
  type: T['type'],
): Promise<T> {
  const answer = nextMessage<MessengerClientsReply>(child, (m) => m.type === type, PHASE_TIMEOUT_MS + 60_000);
  child.send(request);
  return (await answer) as T;
}

type Delivered = Extract<MessengerClientsReply, { type: 'delivered' }>;
const perSecond = (count: number, ms: number) => (ms > 0 ? (count / ms) * 1000 : null);
const rate = (d: Delivered) => perSecond(d.latencies.length, d.lastReceivedAt - d.firstSentAt);

/**
 * Section 11: the messenger between 1,000 guest sockets and the performers' side, on a seeded server without its
 * background jobs. Guests → performers: a message counts as delivered when the server has stored it in the
 * performer's conversation and pushed it back (`channel`); measured as a burst (all guests at once: how many a second
 * the server takes) and as a steady load (its p99 is budgeted). Performers → guests: every conversation is due an
 * answer at once and the answering job's own passes answer them; timed to each guest's push.
 */
export async function benchMessenger(report: Report, quick: boolean): Promise<void> {
  report.begin(
    `10. Messenger: ${GUESTS.toLocaleString('en-US')} guest sockets and the performers' side (guests in their own process; median of the bursts; the times follow the machine's load)`,
  );
  const server = await startVelvet({ env: { SEED_SCALE: '0.05', BENCH_NO_JOBS: '1' } });
  let child: ChildProcess | null = null;
  try {
    const { guests } = await ask<Extract<ServerReply, { type: 'messengerGuests' }>>(
      server,
      { type: 'messengerGuests', count: GUESTS },
      'messengerGuests',
    );
    child = forkScript('messenger/clients.ts', [], { execArgv: ['--max-old-space-size=4096'] });
    const connected = await tell<Extract<MessengerClientsReply, { type: 'connected' }>>(
      child,
      { type: 'open', url: `${server.url.replace('http', 'ws')}/ws`, guests },
      'connected',
    );
    report.add(
      'guest sessions open',
      connected.count,
      'count',
      undefined,
      connected.failed ? `${connected.failed} failed` : undefined,
    );

    // Each phase waits for every message of the one before, so none measures another's backlog. CPU time per
    // message, unlike the times, barely moves with the machine's load.
    const bursts: Delivered[] = [];
    const burstCpu: number[] = [];
    for (let round = 0; round < (quick ? 1 : 3); round++) {
      const cpuBefore = await server.cpuSinceBroadcast();
      const burst = await tell<Delivered>(child, { type: 'burst', timeoutMs: PHASE_TIMEOUT_MS }, 'delivered');
      bursts.push(burst);
      burstCpu.push((await server.cpuSinceBroadcast()) - cpuBefore);
    }
    const pick = (values: (number | null)[]) => median(values.filter((v): v is number => v !== null));
    const missed = Math.max(...bursts.map((b) => b.missing));
    report.add(
      'guests → performers, all at once: delivered/s',
      pick(bursts.map(rate)),
      'msg/s',
      undefined,
      missed ? `${missed} not delivered within 10 min` : undefined,
    );
    report.add(
      'guests → performers: server CPU per message',
      pick(bursts.map((b, i) => (b.latencies.length ? burstCpu[i]! / b.latencies.length : null))),
      'ms',
    );
    report.add('guests → performers, all at once: p50', pick(bursts.map((b) => percentile(b.latencies, 50))), 'ms');
    report.add('guests → performers, all at once: p99', pick(bursts.map((b) => percentile(b.latencies, 99))), 'ms');

    const seconds = quick ? 5 : 15;
    const paced = await tell<Delivered>(
      child,
      { type: 'paced', rate: PACED_RATE, seconds, timeoutMs: PHASE_TIMEOUT_MS },
      'delivered',
    );
    report.add(
      `guests → performers at ${PACED_RATE} msg/s for ${seconds} s: delivered/s`,
      rate(paced),
      'msg/s',
      undefined,
      paced.missing ? `${paced.missing} not delivered` : undefined,
    );
    report.add(`guests → performers at ${PACED_RATE} msg/s: p50`, percentile(paced.latencies, 50), 'ms');
    report.add(`guests → performers at ${PACED_RATE} msg/s: p99`, percentile(paced.latencies, 99), 'ms', {
      kind: 'max',
      limit: P99_BUDGET_MS,
    });

    await tell(child, { type: 'expectAnswers', timeoutMs: PHASE_TIMEOUT_MS }, 'expecting');
    const answers = nextMessage<MessengerClientsReply>(child, (m) => m.type === 'answers', PHASE_TIMEOUT_MS + 60_000);
    const { startedAt } = await ask<Extract<ServerReply, { type: 'performersAnswered' }>>(
      server,
      { type: 'performersAnswer' },
      'performersAnswered',
    );
    const answered = (await answers) as Extract<MessengerClientsReply, { type: 'answers' }>;
    const latencies = answered.receivedAt.map((at) => at - startedAt);
    report.add(
      'performers → guests, all at once: delivered/s',
      perSecond(latencies.length, Math.max(0, ...latencies)),
      'msg/s',
      undefined,
      answered.missing ? `${answered.missing} not answered` : 'every third answer is a picture made then',
    );
    report.add('performers → guests, all at once: p50', percentile(latencies, 50), 'ms');
    report.add('performers → guests, all at once: p99', percentile(latencies, 99), 'ms');
  } finally {
    if (child) await stopChild(child);
    await server.stop();
  }
}
