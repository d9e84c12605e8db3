// `npm run start:cluster`: like `npm start`, then the site as several server processes behind HAProxy, with
// PostgreSQL and Redis (Debian packages, installed when missing) unless DATABASE_URL and REDIS_URL name running
// ones. PORT, WORKERS and DATA_DIR override HAProxy's port, the number of servers and the data directory.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ROOT, ensureBuilt, ensureCluster, ensureDependencies, log } from './lib.mjs';

ensureDependencies();
ensureBuilt();
ensureCluster();
log(`Starting ${process.env.WORKERS ?? 3} servers behind http://localhost:${process.env.PORT ?? 8080}`);
// Node itself with tsx's loader (no tsx wrapper process), so SIGHUP reaches the cluster as it is.
const cluster = spawn(process.execPath, ['--import', 'tsx', 'src/cluster/main.ts'], {
  cwd: join(ROOT, 'server'),
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => cluster.kill(signal));
cluster.on('exit', (code) => process.exit(code ?? 0));
