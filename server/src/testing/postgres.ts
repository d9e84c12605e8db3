import { execFile } from 'node:child_process';
import { chown, mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);
const DEBIAN_POSTGRES = '/usr/lib/postgresql';
/** PostgreSQL refuses to run as root; Debian's package brings this user. */
const SERVICE_USER = 'postgres';
const SUPERUSER = 'velvet';

export interface TestPostgres {
  /** Creates an empty database and answers its URL (one per test app keeps tests apart). */
  createDatabase(): Promise<string>;
  /** Stops the server and removes its files. */
  stop(): Promise<void>;
}

/** The newest installed major version's bin folder under `root`, e.g. /usr/lib/postgresql/15/bin. */
async function binFolder(root: string): Promise<string | null> {
  const versions = await readdir(root).catch(() => [] as string[]);
  const newest = versions.filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a))[0];
  return newest ? path.join(root, newest, 'bin') : null;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Runs a PostgreSQL tool, as the service user when we are root. */
async function runTool(bin: string, tool: string, args: string[]): Promise<void> {
  const command = path.join(bin, tool);
  const asRoot = process.getuid?.() === 0;
  await run(asRoot ? 'runuser' : command, asRoot ? ['-u', SERVICE_USER, '--', command, ...args] : args, {
    timeout: 60_000,
  });
}

let databases = 0;

/** Whether tests run in CI: `CI` set to anything but empty, `0` or `false` (the usual ways to turn it off). */
const inCi = (env: NodeJS.ProcessEnv) => !['', '0', 'false'].includes((env.CI ?? '').trim().toLowerCase());

export interface StartPostgresOptions {
  /** Where Debian installs PostgreSQL's major versions; another folder in the test of this helper. */
  installRoot?: string;
  env?: NodeJS.ProcessEnv;
}

/**
 * A throw-away PostgreSQL server from the Debian package (`initdb` and `pg_ctl` in a temp folder, on a free
 * port, as the `postgres` user when running as root), tuned for tests (no fsync). In CI (`npm test` sets CI) it
 * must run, so a missing package or a failed start throws and fails the suite; elsewhere it answers null with a
 * warning and the suite skips.
 */
export async function startPostgres({
  installRoot = DEBIAN_POSTGRES,
  env = process.env,
}: StartPostgresOptions = {}): Promise<TestPostgres | null> {
  try {
    return await start(installRoot);
  } catch (error) {
    if (inCi(env)) throw error;
    console.warn(`PostgreSQL tests skipped: ${(error as Error).message}`);
    return null;
  }
}

async function start(installRoot: string): Promise<TestPostgres> {
  const bin = await binFolder(installRoot);
  if (!bin) throw new Error(`no PostgreSQL in ${installRoot} (apt-get install postgresql)`);
  const root = await mkdtemp(path.join(tmpdir(), 'velvet-postgres-'));
  if (process.getuid?.() === 0) {
    const { stdout } = await run('id', ['-u', SERVICE_USER]);
    const { stdout: group } = await run('id', ['-g', SERVICE_USER]);
    await chown(root, Number(stdout.trim()), Number(group.trim()));
  }
  const dataDir = path.join(root, 'data');
  const port = await freePort();
  await runTool(bin, 'initdb', ['-D', dataDir, '-U', SUPERUSER, '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const options = [
    `-p ${port}`,
    `-k ${root}`,
    "-c listen_addresses='127.0.0.1'",
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=200',
  ].join(' ');
  await runTool(bin, 'pg_ctl', ['-D', dataDir, '-o', options, '-l', path.join(root, 'server.log'), '-w', 'start']);

  const urlOf = (database: string) => `postgres://${SUPERUSER}@127.0.0.1:${port}/${database}`;
  return {
    createDatabase: async () => {
      const name = `velvet_test_${process.pid}_${++databases}`;
      const client = new pg.Client({ connectionString: urlOf('postgres') });
      await client.connect();
      try {
        await client.query(`create database ${name}`);
      } finally {
        await client.end();
      }
      return urlOf(name);
    },
    stop: async () => {
      await runTool(bin, 'pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']).catch(() => {});
      await rm(root, { recursive: true, force: true });
    },
  };
}
