import { createHash, randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

/**
 * Scheduled work runs once across the server processes of one database: every job (billing, renewals, the
 * performers' schedule, ...) runs only in the process holding its lease. On PostgreSQL a lease is a session
 * advisory lock held on one dedicated connection per process: PostgreSQL releases it when that connection ends,
 * so a process that dies (even by kill -9) gives its leases up at once, and the others, asking every
 * LEASE_RETRY_MS, take them over within a few seconds. PGlite serves one process only, which holds every lease.
 * Work under a lease must still be idempotent in the database (a takeover may meet a half-done run of the dead
 * holder, rolled back or committed): the lease makes work run once, the database's keys make it count once.
 */

/** How often a process asks for the leases it does not hold (and checks its connection while it holds them). */
export const LEASE_RETRY_MS = 1000;

/** A lease query not answered within this is taken for a lost connection (and so lost leases). */
const QUERY_TIMEOUT_MS = 3 * LEASE_RETRY_MS;

/** A lease query's answer, or a failure once QUERY_TIMEOUT_MS passed (the caller then drops the connection). */
function answeredWithin<T>(query: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('lease query unanswered')), QUERY_TIMEOUT_MS);
  });
  return Promise.race([query, late]).finally(() => clearTimeout(timer));
}

/** The first key of every advisory lock of the server, keeping its locks apart from anyone else's ('Vlvt'). */
export const LEASE_NAMESPACE = 0x566c7674;

/** The second key of the lock every running process holds shared: a start that gets it alone is a cold start. */
const MEMBERS_KEY = 0;

/**
 * The first key of the lock each running process holds on its own number ('Vlvp'): who holds one runs, so what a
 * process claimed (an idempotency key) can be told apart from what a process that is gone left behind.
 */
export const PROCESS_NAMESPACE = 0x566c7670;

/** The second key of a lease's advisory lock: a stable 32-bit hash of its name. */
export const leaseKey = (name: string): number => createHash('sha256').update(name).digest().readInt32BE(0) || 1;

/** The application name of a process's lease connection (the operator sees who holds what in pg_stat_activity). */
export const leaseConnectionName = (pid: number) => `velvet-leases-${pid}`;

export interface Leases {
  /**
   * Whether no other server process ran on this database when this one joined (see `join`): what a previous run
   * left behind (chats open at a crash) is this process's to clean up. Always true on PGlite.
   */
  readonly startedAlone: boolean;
  /**
   * Joins the processes of the database and runs `prepare` meanwhile: a process starting while another prepares
   * waits for it, so exactly one of processes starting together cleans up after a stopped cluster.
   */
  join(prepare: () => Promise<void>): Promise<void>;
  /**
   * Runs `work` while this process holds the lease `name`: at once when the lease is taken (catching up with
   * what fell due meanwhile), then every `intervalMs`; a run never overlaps the previous one and a failure is
   * logged, not thrown. Answers the function that stops the job (and gives the lease up).
   */
  repeat(name: string, intervalMs: number, work: () => Promise<unknown>): () => void;
  /** Names of the leases this process holds now. */
  held(): string[];
  /** This process's id among the server processes of the database, unique among those running (set by `join`). */
  readonly processId: string;
  /** The ids of the server processes of the database that run now, this one included. */
  running(): Promise<string[]>;
  /** Stops every job and gives every lease up. */
  close(): Promise<void>;
}

/** One job: its timer runs the work while the lease is held. */
class Job {
  private running: Promise<unknown> | null = null;
  private readonly timer: NodeJS.Timeout;
  holding = false;
  /** Another process held the lease when this one asked: taking it later is a takeover. */
  waited = false;

  constructor(
    readonly name: string,
    intervalMs: number,
    private readonly work: () => Promise<unknown>,
    private readonly log: FastifyBaseLogger,
  ) {
    this.timer = setInterval(() => this.tick(), intervalMs).unref();
  }

  tick(): void {
    if (!this.holding) return;
    this.running ??= this.work()
      .catch((error: unknown) => this.log.error({ err: error }, `${this.name} failed`))
      .finally(() => (this.running = null));
  }

  stop(): void {
    clearInterval(this.timer);
    this.holding = false;
  }
}

/** PGlite: one process, so it holds every lease from the start. */
class SoleLeases implements Leases {
  readonly startedAlone = true;
  readonly processId = String(randomInt(1, 2 ** 31));
  private readonly jobs = new Set<Job>();

  constructor(private readonly log: FastifyBaseLogger) {}

  join(prepare: () => Promise<void>): Promise<void> {
    return prepare();
  }

  repeat(name: string, intervalMs: number, work: () => Promise<unknown>): () => void {
    const job = new Job(name, intervalMs, work, this.log);
    this.jobs.add(job);
    job.holding = true;
    job.tick();
    return () => {
      job.stop();
      this.jobs.delete(job);
    };
  }

  held(): string[] {
    return [...this.jobs].map((job) => job.name);
  }

  async running(): Promise<string[]> {
    return [this.processId];
  }

  async close(): Promise<void> {
    for (const job of this.jobs) job.stop();
    this.jobs.clear();
  }
}

/** PostgreSQL: session advisory locks on a connection of their own, asked for every LEASE_RETRY_MS. */
class PostgresLeases implements Leases {
  startedAlone = false;
  private client: pg.Client | null = null;
  private readonly jobs = new Map<string, Job>();
  private readonly poller: NodeJS.Timeout;
  private polling: Promise<void> | null = null;
  private closed = false;
  /** The number of this process's own lock, chosen when the first lease connection takes it. */
  private processNumber = 0;
  /** Each lease connection's last query: the next waits for it (pg refuses to queue overlapping ones itself). */
  private readonly lastQuery = new WeakMap<pg.Client, Promise<unknown>>();

  constructor(
    private readonly connectionString: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.poller = setInterval(() => this.poll(), LEASE_RETRY_MS).unref();
  }

  get processId(): string {
    return String(this.processNumber);
  }

  /** Runs a query on a lease connection once its previous one is answered: the jobs' stops, the poll and the rest. */
  private query<R extends pg.QueryResultRow>(client: pg.Client, text: string, values: unknown[]) {
    const answer = (this.lastQuery.get(client) ?? Promise.resolve()).then(() => client.query<R>(text, values));
    this.lastQuery.set(
      client,
      answer.catch(() => {}),
    );
    return answer;
  }

  /** The lease connection, opened (and the shared membership lock taken) when there is none. */
  private async connection(): Promise<pg.Client> {
    if (this.client) return this.client;
    const { client } = await this.open(false);
    this.client = client;
    return client;
  }

  /**
   * A new lease connection holding the membership lock shared. When `joining`, it first asks for that lock
   * exclusive, which it gets only while no other process holds it, and keeps it (until `join` is done): a process
   * starting meanwhile waits in its shared request. Answers the connection and whether it got it exclusive.
   */
  private async open(joining: boolean): Promise<{ client: pg.Client; alone: boolean }> {
    const client = new pg.Client({
      connectionString: this.connectionString,
      application_name: leaseConnectionName(process.pid),
      keepAlive: true,
    });
    // A broken connection has lost its locks: the jobs stop until the leases are taken again.
    client.on('error', (error) => {
      this.log.warn({ err: error }, 'leases: connection lost');
      this.drop(client);
    });
    client.on('end', () => this.drop(client));
    await client.connect();
    let alone = false;
    try {
      if (joining) {
        const { rows } = await this.query<{ alone: boolean }>(client, 'select pg_try_advisory_lock($1, $2) as alone', [
          LEASE_NAMESPACE,
          MEMBERS_KEY,
        ]);
        alone = rows[0]!.alone;
      }
      // A session never conflicts with its own locks: the exclusive holder gets it shared too. Joining waits as long
      // as another process prepares; a reconnect gives up like any query of the poll.
      const shared = this.query(client, 'select pg_advisory_lock_shared($1, $2)', [LEASE_NAMESPACE, MEMBERS_KEY]);
      await (joining ? shared : answeredWithin(shared));
      await this.holdProcessNumber(client);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    return { client, alone };
  }

  /**
   * Takes this process's own lock on the connection: a number no running process holds, chosen at the first
   * connection and kept through reconnects (its claims name it).
   */
  private async holdProcessNumber(client: pg.Client): Promise<void> {
    const first = this.processNumber === 0;
    for (;;) {
      const number = first ? randomInt(1, 2 ** 31) : this.processNumber;
      const { rows } = await answeredWithin(
        this.query<{ taken: boolean }>(client, 'select pg_try_advisory_lock($1, $2) as taken', [
          PROCESS_NAMESPACE,
          number,
        ]),
      );
      if (rows[0]!.taken) {
        this.processNumber = number;
        return;
      }
      // Taken meanwhile by a process started while this one was cut off (a chance of one in billions).
      if (!first) return this.log.warn({ processId: this.processId }, 'leases: process id held by another process');
    }
  }

  async running(): Promise<string[]> {
    const client = await this.connection();
    const { rows } = await answeredWithin(
      this.query<{ id: string }>(
        client,
        `select objid::text as id from pg_locks
         where locktype = 'advisory' and granted and classid = $1 and objsubid = 2
           and database = (select oid from pg_database where datname = current_database())`,
        [PROCESS_NAMESPACE],
      ),
    );
    return rows.map((row) => row.id);
  }

  private drop(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = null;
    for (const job of this.jobs.values()) job.holding = false;
    client.end().catch(() => {});
  }

  async join(prepare: () => Promise<void>): Promise<void> {
    const { client, alone } = await this.open(true);
    this.client = client;
    this.startedAlone = alone;
    try {
      await prepare();
    } finally {
      if (this.startedAlone && this.client === client)
        await this.query(client, 'select pg_advisory_unlock($1, $2)', [LEASE_NAMESPACE, MEMBERS_KEY]);
    }
  }

  repeat(name: string, intervalMs: number, work: () => Promise<unknown>): () => void {
    if (this.jobs.has(name)) throw new Error(`lease ${name} is taken by another job of this process`);
    const job = new Job(name, intervalMs, work, this.log);
    this.jobs.set(name, job);
    this.poll();
    return () => {
      const holding = job.holding;
      job.stop();
      this.jobs.delete(name);
      if (holding && this.client)
        this.query(this.client, 'select pg_advisory_unlock($1, $2)', [LEASE_NAMESPACE, leaseKey(name)]).catch(() => {});
    };
  }

  held(): string[] {
    return [...this.jobs.values()].filter((job) => job.holding).map((job) => job.name);
  }

  /** Asks for every lease not held in one round trip, which also proves the connection still holds the rest. */
  private poll(): void {
    if (this.closed || this.jobs.size === 0) return;
    this.polling ??= this.take()
      .catch((error: unknown) => {
        this.log.warn({ err: error }, 'leases: asking for leases failed');
        if (this.client) this.drop(this.client);
      })
      .finally(() => (this.polling = null));
  }

  private async take(): Promise<void> {
    const client = await this.connection();
    const wanted = [...this.jobs.values()].filter((job) => !job.holding);
    const { rows } = await answeredWithin(
      this.query<{ key: number; taken: boolean }>(
        client,
        'select key, pg_try_advisory_lock($1, key) as taken from unnest($2::int[]) as key',
        [LEASE_NAMESPACE, wanted.map((job) => leaseKey(job.name))],
      ),
    );
    if (this.client !== client) return;
    const taken = new Set(rows.filter((row) => row.taken).map((row) => row.key));
    for (const job of wanted) {
      if (!taken.has(leaseKey(job.name))) {
        job.waited = true;
        continue;
      }
      if (this.jobs.get(job.name) !== job) {
        // Stopped while asking: the lock goes back at once.
        await this.query(client, 'select pg_advisory_unlock($1, $2)', [LEASE_NAMESPACE, leaseKey(job.name)]);
        continue;
      }
      job.holding = true;
      // A start taking its leases is routine; taking one over from another process is worth an operator's notice.
      if (job.waited) this.log.info({ lease: job.name }, 'leases: taken over');
      else this.log.debug({ lease: job.name }, 'leases: taken');
      job.tick();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.poller);
    for (const job of this.jobs.values()) job.stop();
    this.jobs.clear();
    await this.polling;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }
}

/** The leases of a server: PostgreSQL's advisory locks with DATABASE_URL, else (PGlite) all held by this process. */
export function openLeases(databaseUrl: string | undefined, log: FastifyBaseLogger): Leases {
  return databaseUrl ? new PostgresLeases(databaseUrl, log) : new SoleLeases(log);
}
