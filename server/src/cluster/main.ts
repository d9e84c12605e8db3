import path from 'node:path';
import { REPO_ROOT } from '../config';
import { startCluster } from './supervisor';

/**
 * `npm run start:cluster`: the site as several processes on loopback (see startCluster). PORT (8080) is HAProxy's,
 * WORKERS (3) the number of servers, DATA_DIR (.data-cluster) the data; DATABASE_URL and REDIS_URL use servers
 * that already run instead of starting PostgreSQL and Redis. SIGHUP restarts the servers one after another.
 */
async function main(): Promise<void> {
  const { PORT, WORKERS, DATA_DIR, DATABASE_URL, REDIS_URL } = process.env;
  const workers = Number(WORKERS ?? 3);
  if (!Number.isInteger(workers) || workers < 1 || workers > 32) throw new Error('WORKERS: 1 to 32 servers');
  const cluster = await startCluster({
    dataDir: path.resolve(DATA_DIR ?? path.join(REPO_ROOT, '.data-cluster')),
    port: Number(PORT ?? 8080),
    workers,
    ...(DATABASE_URL ? { databaseUrl: DATABASE_URL } : {}),
    ...(REDIS_URL ? { redisUrl: REDIS_URL } : {}),
    output: 'inherit',
  });
  console.log(`Velvet runs on ${cluster.url} (${cluster.workers.map((w) => `${w.name} :${w.port}`).join(', ')})`);
  let restarting: Promise<void> | null = null;
  process.on('SIGHUP', () => {
    restarting ??= cluster.rollingRestart().finally(() => (restarting = null));
  });
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      cluster.stop().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
