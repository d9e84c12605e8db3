import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from './bus';

/** How often a process tells Redis again which guests hold a socket on it. */
export const PRESENCE_REFRESH_MS = 5_000;
/** A process's note that a guest is here counts this long: a process that died stops counting within it. */
export const PRESENCE_TTL_MS = 3 * PRESENCE_REFRESH_MS;

/** One sorted set per guest: the processes holding a socket of hers, each scored with when its note ends. */
const keyOf = (guestId: string) => `velvet:presence:${guestId}`;

/**
 * Which guests hold an acknowledged socket on some process of the site. Each process notes its own guests in
 * Redis (at a guest's first socket here, again every PRESENCE_REFRESH_MS, and off at her last socket here), so any
 * process can ask about a guest whose sockets are elsewhere; a note of a process that died runs out after
 * PRESENCE_TTL_MS. Without Redis the process is the whole site and its own sockets answer.
 */
export class GuestPresence {
  private readonly timer: NodeJS.Timeout | null;

  constructor(
    private readonly bus: Bus,
    /** The guests with a socket on this process now. */
    private readonly here: () => Iterable<string>,
    /** The server's clock in ms. */
    private readonly now: () => number,
    private readonly log: FastifyBaseLogger,
  ) {
    this.timer = bus.redis ? setInterval(() => void this.refresh(), PRESENCE_REFRESH_MS).unref() : null;
  }

  /** A guest's first socket on this process. */
  arrived(guestId: string): void {
    const now = this.now();
    this.bus.redis
      ?.multi()
      // Notes of processes that died meanwhile go on the way.
      .zremrangebyscore(keyOf(guestId), '-inf', now)
      .zadd(keyOf(guestId), now + PRESENCE_TTL_MS, this.bus.instance)
      .pexpire(keyOf(guestId), PRESENCE_TTL_MS)
      .exec()
      .catch((error: unknown) => this.log.warn({ err: error }, 'presence not noted'));
  }

  /** A guest's last socket on this process closed. */
  left(guestId: string): void {
    this.bus.redis
      ?.zrem(keyOf(guestId), this.bus.instance)
      .catch((error: unknown) => this.log.warn({ err: error }, 'presence not taken back'));
  }

  /** Whether some process (other than this one, which the caller asked first) noted a socket of the guest. */
  async elsewhere(guestId: string): Promise<boolean> {
    if (!this.bus.redis) return false;
    try {
      return (await this.bus.redis.zcount(keyOf(guestId), this.now(), '+inf')) > 0;
    } catch (error) {
      // Unknown counts as absent: what needs her socket answers that she has none, it does not fail.
      this.log.warn({ err: error }, 'presence not read');
      return false;
    }
  }

  /** Notes every guest here again, in one round trip. */
  async refresh(): Promise<void> {
    const redis = this.bus.redis;
    if (!redis) return;
    const until = this.now() + PRESENCE_TTL_MS;
    const batch = redis.pipeline();
    for (const guestId of this.here())
      batch.zadd(keyOf(guestId), until, this.bus.instance).pexpire(keyOf(guestId), PRESENCE_TTL_MS);
    if (batch.length === 0) return;
    await batch.exec().catch((error: unknown) => this.log.warn({ err: error }, 'presence not refreshed'));
  }

  /** This process stops: its guests are no longer here. */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    const redis = this.bus.redis;
    if (!redis) return;
    const batch = redis.pipeline();
    for (const guestId of this.here()) batch.zrem(keyOf(guestId), this.bus.instance);
    if (batch.length > 0) await batch.exec().catch(() => {});
  }
}
