import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * What one server process tells every process of the site (itself included): socket pushes, caches to forget.
 * The one place where processes meet, so no module talks to Redis itself.
 */
export interface Bus {
  /** This process's name (`x-velvet-instance` of its answers). */
  readonly instance: string;
  /** The Redis connection for other shared short-lived state (rate limits), or null when running alone. */
  readonly redis: Redis | null;
  /**
   * Runs this process's handlers of `topic` at once, then every other process's as the message reaches them:
   * messages of one process arrive everywhere in the order it published them.
   */
  publish(topic: string, payload: unknown): void;
  subscribe<T>(topic: string, handler: (payload: T) => void): void;
  close(): Promise<void>;
}

type Handler = (payload: unknown) => void;

class Topics {
  private readonly handlers = new Map<string, Handler[]>();

  constructor(private readonly log: FastifyBaseLogger) {}

  add(topic: string, handler: Handler): void {
    this.handlers.set(topic, [...(this.handlers.get(topic) ?? []), handler]);
  }

  /** One failing handler neither stops the others nor the message's sender. */
  run(topic: string, payload: unknown): void {
    for (const handler of this.handlers.get(topic) ?? []) {
      try {
        handler(payload);
      } catch (error) {
        this.log.error({ err: error, topic }, 'bus handler failed');
      }
    }
  }
}

/** One process alone: a message reaches this process's handlers, synchronously. */
export class LocalBus implements Bus {
  readonly redis = null;
  private readonly topics: Topics;

  constructor(
    readonly instance: string,
    log: FastifyBaseLogger,
  ) {
    this.topics = new Topics(log);
  }

  publish(topic: string, payload: unknown): void {
    this.topics.run(topic, payload);
  }

  subscribe<T>(topic: string, handler: (payload: T) => void): void {
    this.topics.add(topic, handler as Handler);
  }

  async close(): Promise<void> {}
}

/** The header naming the server process of an answer. */
export const INSTANCE_HEADER = 'x-velvet-instance';
/** Where a balancer asks whether this process takes requests. */
export const HEALTH_PATH = '/health';

/** The Redis channel every process of a site publishes to and reads from. */
export const BUS_CHANNEL = 'velvet:bus';

interface Envelope {
  from: string;
  topic: string;
  payload: unknown;
}

/**
 * Processes sharing one Redis: a message runs here at once and goes out on one pub/sub channel, which Redis
 * delivers to every subscriber in the order one connection published (so pushes to a guest keep their order);
 * a process skips its own messages coming back.
 */
export class RedisBus implements Bus {
  readonly redis: Redis;
  private readonly subscriber: Redis;
  private readonly topics: Topics;

  private constructor(
    readonly instance: string,
    url: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.topics = new Topics(log);
    // Commands wait while Redis is away (ioredis queues and reconnects); a push is late, never lost to a blip.
    this.redis = new Redis(url);
    this.subscriber = new Redis(url);
    for (const connection of [this.redis, this.subscriber])
      connection.on('error', (error: Error) => log.warn({ err: error }, 'redis connection error'));
    this.subscriber.on('message', (_channel: string, text: string) => this.receive(text));
  }

  /**
   * Subscribes before the server takes requests, so it misses nothing published after; the subscription waits
   * (ioredis' offline queue) while Redis is still starting.
   */
  static async connect(instance: string, url: string, log: FastifyBaseLogger): Promise<RedisBus> {
    const bus = new RedisBus(instance, url, log);
    await bus.subscriber.subscribe(BUS_CHANNEL);
    return bus;
  }

  publish(topic: string, payload: unknown): void {
    this.topics.run(topic, payload);
    const envelope: Envelope = { from: this.instance, topic, payload };
    this.redis
      .publish(BUS_CHANNEL, JSON.stringify(envelope))
      .catch((error: unknown) => this.log.error({ err: error, topic }, 'bus message not published'));
  }

  subscribe<T>(topic: string, handler: (payload: T) => void): void {
    this.topics.add(topic, handler as Handler);
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.subscriber.quit(), this.redis.quit()]);
  }

  private receive(text: string): void {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(text) as Envelope;
    } catch {
      return this.log.warn('malformed bus message dropped');
    }
    if (envelope.from !== this.instance) this.topics.run(envelope.topic, envelope.payload);
  }
}

/** Redis when REDIS_URL is set, else this process alone. */
export async function openBus(
  config: { redisUrl: string | undefined; instanceName: string },
  log: FastifyBaseLogger,
): Promise<Bus> {
  return config.redisUrl
    ? RedisBus.connect(config.instanceName, config.redisUrl, log)
    : new LocalBus(config.instanceName, log);
}

/**
 * The store option of @fastify/rate-limit for one limit: counted in Redis across the processes when they share
 * one (each limit under its own key space), else in this process's memory. A Redis that fails lets requests
 * through rather than refusing everyone.
 */
export function rateLimitStore(bus: Bus, limit: string): { redis?: Redis; nameSpace?: string; skipOnError?: boolean } {
  return bus.redis ? { redis: bus.redis, nameSpace: `velvet:rate-limit:${limit}:`, skipOnError: true } : {};
}
