// `npm start`: install what is missing, build what changed, then serve the site (the server migrates and
// seeds the demo data on first start). PORT and DATA_DIR override the port and the data directory.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ROOT, ensureBuilt, ensureDependencies, log } from './lib.mjs';

ensureDependencies();
ensureBuilt();
log(`Starting the server on http://localhost:${process.env.PORT ?? 8080}`);
const server = spawn(join(ROOT, 'server', 'node_modules', '.bin', 'tsx'), ['src/main.ts'], {
  cwd: join(ROOT, 'server'),
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
