// Set-up steps shared by `npm start` and `npm test`: each one checks first and only does what is missing,
// so a fresh machine with just Node and npm gets everything, and a warm one starts at once.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const PNPM_VERSION = '10.34.8';
export const APPS = ['shell', 'mf-chat', 'mf-messenger', 'mf-media', 'mf-tv', 'mf-feed', 'mf-specials', 'mf-account'];

export function log(message) {
  console.log(`\n▶ ${message}`);
}

/** Runs a command in the foreground; throws with its exit code on failure. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, {
    cwd: ROOT,
    stdio: 'inherit',
    ...options,
    env: { ...process.env, ...options.env },
  });
  if (result.status !== 0) {
    const error = new Error(`${command} ${args.join(' ')} exited with ${result.status ?? result.signal}`);
    error.exitCode = result.status ?? 1;
    throw error;
  }
}

export function pnpm(args, options) {
  run('npx', ['-y', `pnpm@${PNPM_VERSION}`, ...args], options);
}

/** Installs the workspace's packages when node_modules is missing or the lockfile changed since. */
export function ensureDependencies() {
  const lock = readFileSync(join(ROOT, 'pnpm-lock.yaml'));
  const stamp = join(ROOT, 'node_modules', '.velvet-lock-hash');
  const hash = createHash('sha256').update(lock).digest('hex');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === hash) return;
  log('Installing packages (pnpm, frozen lockfile)');
  pnpm(['install', '--frozen-lockfile', '--reporter=append-only']);
  writeFileSync(stamp, hash);
}

/** What no build contains: installed packages, build output, tests and their helpers (test-only folders). */
const NOT_BUILT = /^(node_modules|dist|test|testing)$|\.test\.tsx?$/;

function newestChange(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (NOT_BUILT.test(entry)) continue;
    newest = Math.max(newest, newestChange(join(path, entry)));
  }
  return newest;
}

/** Builds the shell and each remote whose sources (or the shared packages) changed since its last build. */
export function ensureBuilt({ force = false } = {}) {
  const sharedChange = Math.max(newestChange(join(ROOT, 'shared')), statSync(join(ROOT, 'pnpm-lock.yaml')).mtimeMs);
  const stale = APPS.filter((app) => {
    const marker = join(ROOT, app, 'dist', 'index.html');
    const manifest = join(ROOT, app, 'dist', 'mf-manifest.json');
    const built = existsSync(marker) ? marker : existsSync(manifest) ? manifest : null;
    // Each app builds for the browser and for the server's render (dist/server): both or it is not built.
    const nodeBuild = join(ROOT, app, 'dist', 'server', app === 'shell' ? 'render.cjs' : 'remoteEntry.js');
    if (force || !built || !existsSync(nodeBuild)) return true;
    return Math.max(newestChange(join(ROOT, app)), sharedChange) > statSync(built).mtimeMs;
  });
  if (stale.length === 0) return;
  log(`Building ${stale.join(', ')}`);
  pnpm(['--workspace-concurrency=2', ...stale.flatMap((app) => ['--filter', `./${app}`]), 'run', 'build']);
}

/** Installs a Debian package with apt-get (through sudo unless root). */
function aptInstall(name) {
  const sudo = process.getuid && process.getuid() !== 0 ? ['sudo'] : [];
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  run(sudo[0] ?? 'apt-get', [...sudo.slice(1), ...(sudo.length ? ['apt-get'] : []), 'update', '-qq'], { env });
  run(sudo[0] ?? 'apt-get', [...(sudo.length ? ['apt-get'] : []), 'install', '-y', '-qq', name], { env });
}

/** Chromium from Debian's packages, for the end-to-end tests (Playwright cannot download browsers here). */
export const CHROMIUM = '/usr/bin/chromium';
export function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  log('Installing Chromium from Debian packages');
  aptInstall('chromium');
}

/**
 * PostgreSQL from Debian's packages: the server tests start a throw-away server from its binaries, so the
 * ledger is tested on a real PostgreSQL as well as on PGlite.
 */
export const POSTGRES_BINARIES = '/usr/lib/postgresql';
export function ensurePostgres() {
  if (existsSync(POSTGRES_BINARIES) && readdirSync(POSTGRES_BINARIES).length > 0) return;
  log('Installing PostgreSQL from Debian packages');
  aptInstall('postgresql');
}

/**
 * What `npm run start:cluster` and the cluster test run beside the servers, from Debian's packages: PostgreSQL,
 * Redis and HAProxy.
 */
export function ensureCluster() {
  ensurePostgres();
  for (const [binary, name] of [
    ['/usr/bin/redis-server', 'redis-server'],
    ['/usr/sbin/haproxy', 'haproxy'],
  ]) {
    if (existsSync(binary)) continue;
    log(`Installing ${name} from Debian packages`);
    aptInstall(name);
  }
}
