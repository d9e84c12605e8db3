import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { chown, mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import pg from 'pg';
import { HEALTH_PATH } from './bus';

const run = promisify(execFile);
const SERVER_DIR = path.resolve(import.meta.dirname, '../..');
const DEBIAN_POSTGRES = '/usr/lib/postgresql';
/** PostgreSQL refuses to run as root; Debian's package brings this user. */
const POSTGRES_USER = 'postgres';
const DATABASE_ROLE = 'velvet';
const DATABASE_NAME = 'velvet';
/** How long a process (server, PostgreSQL, Redis, HAProxy) may take to answer after its start. */
const START_TIMEOUT_MS = 120_000;
/**
 * HAProxy asks every server's health this often and takes it out after two failed checks; a stopping server keeps
 * serving for DRAIN_NOTICE_MS (three intervals) after its health turned 503, so the balancer has left it first.
 */
const CHECK_INTERVAL_MS = 500;
const DRAIN_NOTICE_MS = 3 * CHECK_INTERVAL_MS;

export interface ClusterOptions {
  /** The site's data: PostgreSQL's and Redis' files when this starts them, media, the remote store, the secret. */
  dataDir: string;
  /** HAProxy listens here; the servers on the next `workers` ports, then Redis and PostgreSQL when started here. */
  port: number;
  workers: number;
  /** An existing PostgreSQL, else one is started under dataDir. */
  databaseUrl?: string;
  /** An existing Redis, else one is started under dataDir. */
  redisUrl?: string;
  /** More environment for the servers (SEED_SCALE, OPERATOR_PASSWORD, ...). */
  env?: NodeJS.ProcessEnv;
  /** `inherit`: every process's output goes to this one's, prefixed by its name; `files`: to dataDir/logs. */
  output: 'inherit' | 'files';
}

export interface ClusterWorker {
  readonly name: string;
  readonly port: number;
  /** The running process's id (changes with every restart). */
  readonly pid: number | undefined;
}

export interface Cluster {
  /** The balancer's address, where clients go. */
  readonly url: string;
  readonly workers: readonly ClusterWorker[];
  readonly databaseUrl: string;
  readonly redisUrl: string;
  /** Drains one server (SIGTERM), waits for its exit, starts it again and waits for its health. */
  restart(name: string): Promise<void>;
  /** Restarts every server in turn, each only once the one before is healthy again: the site keeps answering. */
  rollingRestart(): Promise<void>;
  /** Stops the servers (drained), HAProxy and what this started of Redis and PostgreSQL. */
  stop(): Promise<void>;
}

/** Resolves once `url` answers 200, asking every 200 ms, or rejects after `timeoutMs` or when `gone` resolves. */
async function healthy(url: string, timeoutMs = START_TIMEOUT_MS, gone?: Promise<unknown>): Promise<void> {
  let exited = false;
  void gone?.then(() => (exited = true));
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline && !exited) {
    const ok = await fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(exited ? `${url}: the process exited before it was healthy` : `${url} not healthy in time`);
}

/** A child process whose output goes where the options say. */
function startProcess(
  name: string,
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; output: ClusterOptions['output']; logDir: string },
): ChildProcess {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (options.output === 'files') {
    const file = createWriteStream(path.join(options.logDir, `${name}.log`), { flags: 'a' });
    child.stdout!.pipe(file);
    child.stderr!.pipe(file);
  } else {
    for (const stream of [child.stdout!, child.stderr!]) {
      let rest = '';
      stream.on('data', (chunk: Buffer) => {
        const lines = (rest + chunk.toString('utf8')).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) process.stdout.write(`[${name}] ${line}\n`);
      });
    }
  }
  return child;
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

/** The newest installed PostgreSQL's bin folder, e.g. /usr/lib/postgresql/15/bin. */
async function postgresBin(): Promise<string> {
  const versions = (await readdir(DEBIAN_POSTGRES).catch(() => [] as string[])).filter((v) => /^\d+$/.test(v));
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest) throw new Error(`no PostgreSQL in ${DEBIAN_POSTGRES} (apt-get install postgresql)`);
  return path.join(DEBIAN_POSTGRES, newest, 'bin');
}

/** Runs a PostgreSQL tool, as its service user when we are root. */
async function postgresTool(bin: string, tool: string, args: string[]): Promise<void> {
  const command = path.join(bin, tool);
  const asRoot = process.getuid?.() === 0;
  await run(asRoot ? 'runuser' : command, asRoot ? ['-u', POSTGRES_USER, '--', command, ...args] : args, {
    timeout: START_TIMEOUT_MS,
  });
}

/** PostgreSQL on loopback with its files in `root` (made on the first start, kept after), and the site's database. */
async function startPostgres(root: string, port: number): Promise<{ url: string; stop: () => Promise<void> }> {
  const bin = await postgresBin();
  const data = path.join(root, 'data');
  await mkdir(root, { recursive: true });
  if (process.getuid?.() === 0) {
    const { stdout: uid } = await run('id', ['-u', POSTGRES_USER]);
    const { stdout: gid } = await run('id', ['-g', POSTGRES_USER]);
    await chown(root, Number(uid.trim()), Number(gid.trim()));
  }
  if (!existsSync(path.join(data, 'PG_VERSION')))
    await postgresTool(bin, 'initdb', ['-D', data, '-U', DATABASE_ROLE, '--auth=trust', '-E', 'UTF8']);
  const options = [`-p ${port}`, `-k ${root}`, "-c listen_addresses='127.0.0.1'", '-c max_connections=200'].join(' ');
  await postgresTool(bin, 'pg_ctl', ['-D', data, '-o', options, '-l', path.join(root, 'server.log'), '-w', 'start']);
  const urlOf = (database: string) => `postgres://${DATABASE_ROLE}@127.0.0.1:${port}/${database}`;
  const client = new pg.Client({ connectionString: urlOf('postgres') });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [DATABASE_NAME]);
    if (!rowCount) await client.query(`create database ${DATABASE_NAME}`);
  } finally {
    await client.end();
  }
  return {
    url: urlOf(DATABASE_NAME),
    stop: () => postgresTool(bin, 'pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
  };
}

/** Redis on loopback, for pushes, cache changes and rate limits: nothing in it outlives a restart, so nothing is saved. */
async function startRedis(
  root: string,
  port: number,
  output: ClusterOptions['output'],
  logDir: string,
): Promise<{ url: string; stop: () => Promise<void> }> {
  await mkdir(root, { recursive: true });
  const args = [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--dir',
    root,
    '--save',
    '',
    '--appendonly',
    'no',
    '--loglevel',
    'warning',
  ];
  const child = startProcess('redis', 'redis-server', args, { output, logDir });
  const url = `redis://127.0.0.1:${port}`;
  const stop = async () => {
    child.kill('SIGTERM');
    await exited(child);
  };
  // The ping waits in ioredis' offline queue while it reconnects every 200 ms, until Redis listens.
  const probe = new Redis(url, { retryStrategy: () => 200, maxRetriesPerRequest: START_TIMEOUT_MS / 200 });
  probe.on('error', () => {});
  try {
    const gone = exited(child).then(() => {
      throw new Error(`redis-server on port ${port} exited (see its log)`);
    });
    await Promise.race([probe.ping(), gone]);
  } catch (error) {
    await stop();
    throw error;
  } finally {
    probe.disconnect();
  }
  return { url, stop };
}

/**
 * HAProxy in front of the servers: round robin with no stickiness (any server takes any request, sockets
 * included), health checks every CHECK_INTERVAL_MS (a check may take 3 s under load), and a request that found no server (refused, closed unanswered,
 * or a 503 of a closing one) retried on another.
 */
export function haproxyConfig(port: number, servers: readonly ClusterWorker[]): string {
  return [
    'global',
    '  maxconn 8000',
    'defaults',
    '  mode http',
    '  option forwardfor',
    '  option redispatch 1',
    '  retries 3',
    '  retry-on conn-failure empty-response 503',
    '  timeout connect 2s',
    // A server too busy to answer its health check within an interval is still serving: taken out for that, every
    // server of a loaded site would go at once. Stopping servers answer 503 at once and killed ones refuse.
    '  timeout check 3s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  timeout http-keep-alive 10s',
    // An upgraded socket lives as long as the page; the client's ping every 50 s keeps it busy.
    '  timeout tunnel 1h',
    'frontend site',
    `  bind 127.0.0.1:${port}`,
    '  default_backend servers',
    'backend servers',
    '  balance roundrobin',
    `  option httpchk GET ${HEALTH_PATH}`,
    '  http-check expect status 200',
    `  default-server inter ${CHECK_INTERVAL_MS} fall 2 rise 1`,
    ...servers.map((server) => `  server ${server.name} 127.0.0.1:${server.port} check`),
    '',
  ].join('\n');
}

class Worker implements ClusterWorker {
  child: ChildProcess | null = null;
  /** Set while the cluster itself stops or restarts it: any other exit is a crash, answered by a new start. */
  stopping = false;

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: NodeJS.ProcessEnv,
    private readonly output: ClusterOptions['output'],
    private readonly logDir: string,
  ) {}

  get pid(): number | undefined {
    return this.child?.pid;
  }

  async start(): Promise<void> {
    this.stopping = false;
    const child = startProcess(this.name, process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: SERVER_DIR,
      env: this.env,
      output: this.output,
      logDir: this.logDir,
    });
    this.child = child;
    child.once('exit', (code, signal) => {
      if (this.stopping || this.child !== child) return;
      console.error(`${this.name} exited (${signal ?? code}); starting it again`);
      this.start().catch((error: unknown) => console.error(`${this.name} did not start again`, error));
    });
    await healthy(`http://127.0.0.1:${this.port}${HEALTH_PATH}`, START_TIMEOUT_MS, exited(child));
  }

  async stop(): Promise<void> {
    this.stopping = true;
    if (!this.child) return;
    this.child.kill('SIGTERM');
    await exited(this.child);
  }
}

/**
 * A whole site on loopback: PostgreSQL and Redis (unless given), `workers` server processes on one data directory,
 * and HAProxy in front. The first server starts alone (it migrates and seeds), the others after it.
 */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const logDir = path.join(options.dataDir, 'logs');
  await mkdir(logDir, { recursive: true });
  const stops: Array<() => Promise<void>> = [];
  const stopAll = async () => {
    for (const stop of stops.splice(0).reverse()) await stop().catch((error: unknown) => console.error(error));
  };
  try {
    const redisPort = options.port + options.workers + 1;
    const postgresPort = options.port + options.workers + 2;
    let redisUrl = options.redisUrl;
    if (!redisUrl) {
      const redis = await startRedis(path.join(options.dataDir, 'redis'), redisPort, options.output, logDir);
      stops.push(redis.stop);
      redisUrl = redis.url;
    }
    let databaseUrl = options.databaseUrl;
    if (!databaseUrl) {
      const postgres = await startPostgres(path.join(options.dataDir, 'postgres'), postgresPort);
      stops.push(postgres.stop);
      databaseUrl = postgres.url;
    }
    const workers = Array.from({ length: options.workers }, (_, index) => {
      const port = options.port + index + 1;
      const name = `w${index + 1}`;
      const env: NodeJS.ProcessEnv = {
        ...options.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: options.dataDir,
        DATABASE_URL: databaseUrl,
        REDIS_URL: redisUrl,
        INSTANCE_NAME: name,
        DRAIN_NOTICE_MS: String(DRAIN_NOTICE_MS),
        // The client's address comes from HAProxy's X-Forwarded-For (rate limits count per client, not per proxy).
        TRUST_PROXY: 'loopback',
        PUBLIC_URL: options.env?.PUBLIC_URL ?? `http://localhost:${options.port}`,
      };
      return new Worker(name, port, env, options.output, logDir);
    });
    stops.push(() => Promise.all(workers.map((worker) => worker.stop())).then(() => {}));
    // One server migrates the database and seeds it; the others then find it ready.
    await workers[0]!.start();
    await Promise.all(workers.slice(1).map((worker) => worker.start()));

    const configFile = path.join(options.dataDir, 'haproxy.cfg');
    await writeFile(configFile, haproxyConfig(options.port, workers));
    const haproxy = startProcess('haproxy', 'haproxy', ['-f', configFile, '-db'], {
      output: options.output,
      logDir,
    });
    stops.push(async () => {
      haproxy.kill('SIGTERM');
      await exited(haproxy);
    });
    const url = `http://127.0.0.1:${options.port}`;
    await healthy(`${url}${HEALTH_PATH}`, START_TIMEOUT_MS, exited(haproxy));

    const byName = (name: string) => {
      const worker = workers.find((candidate) => candidate.name === name);
      if (!worker) throw new Error(`no server ${name}`);
      return worker;
    };
    const restart = async (name: string) => {
      const worker = byName(name);
      await worker.stop();
      await worker.start();
    };
    return {
      url,
      workers,
      databaseUrl,
      redisUrl,
      restart,
      rollingRestart: async () => {
        for (const worker of workers) await restart(worker.name);
      },
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
