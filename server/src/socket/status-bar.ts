import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { STATUS_BAR_TYPES, type StatusBarEntry, type StatusBarType } from '@velvet/contracts';
import type { Bus } from '../cluster/bus';
import type { SocketHub } from '../modules/module';

/** What a source answers when its message applies to the guest: the text's placeholders and the action. */
export type StatusBarMessage = Omit<StatusBarEntry, 'type'>;
/** Answers whether its type's message applies to a logged-in guest now, and with what. */
export type StatusBarSource = (guestId: string) => Promise<StatusBarMessage | null>;

/** Guests whose closed messages and last pushed message are remembered; the least recent are forgotten first. */
const REMEMBERED_GUESTS = 50_000;

const keyOf = (entry: StatusBarEntry | null) => JSON.stringify(entry);

/**
 * What the status bar remembers per guest, for every process of the site: the messages she closed (by type, the
 * closed message's key) and the key of the message last pushed to her sessions.
 */
interface StatusBarMemory {
  closed(guestId: string): Promise<Map<string, string>>;
  close(guestId: string, type: StatusBarType, key: string): Promise<void>;
  /** Notes `key` as pushed last; answers whether it was already (nothing to push then). */
  pushed(guestId: string, key: string): Promise<boolean>;
}

/** One process alone: its memory, the least recent guests forgotten first. */
class LocalMemory implements StatusBarMemory {
  private readonly closedByGuest = new LRUCache<string, Map<string, string>>({ max: REMEMBERED_GUESTS });
  private readonly pushedByGuest = new LRUCache<string, string>({ max: REMEMBERED_GUESTS });

  async closed(guestId: string): Promise<Map<string, string>> {
    return this.closedByGuest.get(guestId) ?? new Map();
  }

  async close(guestId: string, type: StatusBarType, key: string): Promise<void> {
    this.closedByGuest.set(guestId, new Map(this.closedByGuest.get(guestId)).set(type, key));
  }

  async pushed(guestId: string, key: string): Promise<boolean> {
    const before = this.pushedByGuest.get(guestId);
    this.pushedByGuest.set(guestId, key);
    return before === key;
  }
}

/** A guest's closed messages are kept this long after her last close; what was pushed last, a day. */
const CLOSED_TTL_SECONDS = 30 * 24 * 3600;
const PUSHED_TTL_SECONDS = 24 * 3600;

/**
 * Processes sharing one Redis: a message closed in a socket of one process stays closed in sessions on the
 * others, and a refresh on any process compares with what any process pushed last (one atomic SET … GET).
 */
class SharedMemory implements StatusBarMemory {
  constructor(private readonly redis: Redis) {}

  async closed(guestId: string): Promise<Map<string, string>> {
    return new Map(Object.entries(await this.redis.hgetall(`velvet:status-bar:closed:${guestId}`)));
  }

  async close(guestId: string, type: StatusBarType, key: string): Promise<void> {
    const hash = `velvet:status-bar:closed:${guestId}`;
    await this.redis.multi().hset(hash, type, key).expire(hash, CLOSED_TTL_SECONDS).exec();
  }

  async pushed(guestId: string, key: string): Promise<boolean> {
    const before = await this.redis.set(`velvet:status-bar:pushed:${guestId}`, key, 'EX', PUSHED_TTL_SECONDS, 'GET');
    return before === key;
  }
}

/**
 * The guest's status bar: modules register the message types they know when to show (`register`) and say when
 * what they answer may have changed (`refresh`); the guest sees the most urgent one (the order of
 * STATUS_BAR_TYPES) that she has not closed. A closed message stays away until its text or action changes.
 */
export class StatusBar {
  private readonly sources = new Map<StatusBarType, StatusBarSource>();
  private readonly memory: StatusBarMemory;

  constructor(
    private readonly hub: SocketHub,
    bus: Bus,
  ) {
    this.memory = bus.redis ? new SharedMemory(bus.redis) : new LocalMemory();
    hub.onSession(async (client) => {
      if (!client.auth?.loggedIn) return;
      const entry = await this.current(client.auth.guestId);
      await this.memory.pushed(client.auth.guestId, keyOf(entry));
      client.send({ type: 'statusBar', statusBar: entry });
    });
    hub.on('removeStatusBar', async ({ statusBarType }, client) => {
      if (client.auth?.loggedIn) await this.close(client.auth.guestId, statusBarType);
    });
  }

  /** One source per type: the module that owns what the message is about. */
  register(type: StatusBarType, source: StatusBarSource): void {
    if (this.sources.has(type)) throw new Error(`The status bar type ${type} has a source already`);
    this.sources.set(type, source);
  }

  /** The message the guest should see now, or null. */
  async current(guestId: string): Promise<StatusBarEntry | null> {
    const closed = await this.memory.closed(guestId);
    for (const type of STATUS_BAR_TYPES) {
      const entry = await this.messageOf(type, guestId);
      if (entry && closed.get(type) !== keyOf(entry)) return entry;
    }
    return null;
  }

  /** Pushes the guest's message to her open sessions if it changed since the last push. */
  async refresh(guestId: string): Promise<void> {
    if (!(await this.hub.isGuestConnectedAnywhere(guestId))) return;
    const entry = await this.current(guestId);
    if (await this.memory.pushed(guestId, keyOf(entry))) return;
    this.hub.sendToGuest(guestId, { type: 'statusBar', statusBar: entry });
  }

  private async close(guestId: string, type: StatusBarType): Promise<void> {
    const entry = await this.messageOf(type, guestId);
    if (!entry) return;
    await this.memory.close(guestId, type, keyOf(entry));
    await this.refresh(guestId);
  }

  /** What the source of one type answers for the guest now, whether or not a more urgent message hides it. */
  async messageOf(type: StatusBarType, guestId: string): Promise<StatusBarEntry | null> {
    const message = await this.sources.get(type)?.(guestId);
    return message ? { type, ...message } : null;
  }
}
