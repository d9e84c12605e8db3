import type { ServerProcess } from '@velvet/contracts';
import type { Bus } from './bus';

/** The Redis hash every process writes its heartbeat to: field = instance name, value = its report. */
export const PROCESSES_KEY = 'velvet:processes';
/** A process writes its heartbeat this often... */
export const HEARTBEAT_MS = 2_000;
/** ...is `silent` when none came for this long (killed, or cut off from Redis)... */
const SILENT_AFTER_MS = 3 * HEARTBEAT_MS;
/** ...and is no longer listed after this long (a process stopped or replaced for good). */
const FORGOTTEN_AFTER_MS = 10 * 60_000;

interface Report {
  instance: string;
  startedAt: number;
  seenAt: number;
  sockets: number;
  draining: boolean;
}

/** What this process says of itself in its heartbeat. */
export interface ProcessState {
  sockets: number;
  draining: boolean;
}

/**
 * The server processes of the site and their health, for the operator console: each process writes a heartbeat
 * into one Redis hash; alone (no Redis) the list is this process.
 */
export class Processes {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly bus: Bus,
    private readonly state: () => ProcessState,
    /** The server's clock in ms. */
    private readonly now: () => number,
    private readonly startedAt: number,
  ) {}

  /** Writes the heartbeat now and every HEARTBEAT_MS until `stop` (with Redis only). */
  start(): void {
    if (!this.bus.redis || this.timer) return;
    void this.beat();
    this.timer = setInterval(() => void this.beat(), HEARTBEAT_MS).unref();
  }

  /** Stops the heartbeat and takes this process off the list (a process that stops is no longer part of the site). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.bus.redis?.hdel(PROCESSES_KEY, this.bus.instance).catch(() => {});
  }

  /** Writes the heartbeat at once (e.g. when the process starts draining). */
  async beat(): Promise<void> {
    const redis = this.bus.redis;
    if (!redis) return;
    await redis.hset(PROCESSES_KEY, this.bus.instance, JSON.stringify(this.report())).catch(() => {
      // Redis away: the next heartbeat tries again, and meanwhile others see this process turn silent.
    });
  }

  /** Every process heard of lately, by name, with its state as of now. */
  async list(): Promise<ServerProcess[]> {
    const now = this.now();
    const reports = this.bus.redis
      ? Object.values(await this.bus.redis.hgetall(PROCESSES_KEY)).map((text) => JSON.parse(text) as Report)
      : [this.report()];
    const forgotten = reports.filter((report) => now - report.seenAt > FORGOTTEN_AFTER_MS);
    if (forgotten.length > 0) await this.bus.redis?.hdel(PROCESSES_KEY, ...forgotten.map((r) => r.instance));
    return reports
      .filter((report) => !forgotten.includes(report))
      .sort((a, b) => a.instance.localeCompare(b.instance))
      .map((report) => ({
        instance: report.instance,
        startedAt: new Date(report.startedAt).toISOString(),
        seenAt: new Date(report.seenAt).toISOString(),
        sockets: report.sockets,
        state: now - report.seenAt > SILENT_AFTER_MS ? 'silent' : report.draining ? 'draining' : 'ok',
      }));
  }

  private report(): Report {
    return { instance: this.bus.instance, startedAt: this.startedAt, seenAt: this.now(), ...this.state() };
  }
}
