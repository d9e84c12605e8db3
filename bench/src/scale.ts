import { startPostgres } from '../../server/src/testing/postgres';
import { catalogueTargets, globalSearchTargets, load, openSession, P99_BUDGET_MS, type Target } from './http';
import { median, type Report } from './report';
import { startVelvet } from './servers';

/** 500 copies of the demo seed: 50,000 performers and 500,000 videos. */
const COPIES = 500;

const COMPUTED_RUNS = 5;

/** Median time of one request after another, each computed for its guest (no shared answer). */
async function computedAnswerMs(base: string, target: Target, guestToken: string): Promise<number | null> {
  const times: number[] = [];
  for (let run = 0; run < COMPUTED_RUNS; run++) {
    const started = performance.now();
    const response = await fetch(`${base}${target.path}`, {
      method: target.method,
      headers: { ...target.headers, authorization: `Bearer ${guestToken}` },
      body: target.body,
    });
    await response.arrayBuffer();
    if (response.ok) times.push(performance.now() - started);
  }
  return median(times);
}

export async function benchScale(report: Report, seconds: number): Promise<void> {
  report.begin(
    `6. Scale: ${COPIES} copies of the demo catalogue, actor search, video grid and global search (autocannon, ${seconds} s)`,
  );
  const postgres = await startPostgres();
  try {
    const databases: { name: string; env: NodeJS.ProcessEnv }[] = [{ name: 'PGlite', env: {} }];
    if (postgres) databases.push({ name: 'PostgreSQL', env: { DATABASE_URL: await postgres.createDatabase() } });
    else report.note('PostgreSQL is not installed here: only PGlite measured');
    for (const database of databases) {
      const server = await startVelvet({ env: { ...database.env, BENCH_SCALE: String(COPIES), BENCH_NO_JOBS: '1' } });
      try {
        const size = server.scaled;
        report.add(
          `${database.name}: seed of ${size?.actors.toLocaleString('en-US')} performers, ${size?.videos.toLocaleString('en-US')} videos`,
          (server.seedMs ?? 0) / 1000,
          's',
        );
        const session = await openSession(server.url);
        for (const target of [...catalogueTargets(session), ...globalSearchTargets()]) {
          await load(server.url, target, Math.min(3, seconds));
          const result = await load(server.url, target, seconds);
          const failed = result.errors + result.non2xx;
          report.add(
            `${database.name}: ${target.name}: requests/s`,
            result.rps,
            'req/s',
            undefined,
            failed ? `${failed} failed` : undefined,
          );
          report.add(`${database.name}: ${target.name}: p99`, result.p99, 'ms', { kind: 'max', limit: P99_BUDGET_MS });
          // What the shared answer hides: the query itself, as a logged-in guest (who always gets her own) waits.
          report.add(
            `${database.name}: ${target.name}: one answer computed`,
            await computedAnswerMs(server.url, target, session.guestToken),
            'ms',
            undefined,
            `logged-in guest, median of ${COMPUTED_RUNS}`,
          );
        }
      } finally {
        await server.stop();
      }
    }
  } finally {
    await postgres?.stop();
  }
}
