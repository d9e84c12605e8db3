import type { Redis } from 'ioredis';
import type { Bus } from '../../cluster/bus';

/** How many failures a key may have before it waits, and how long it then waits. */
export interface ThrottleRule {
  /** Failures within the window that are answered normally; the next attempt must wait. */
  freeFailures: number;
  /** The wait after the last free failure; it doubles with every further failure. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** A key whose last failure is older than this (and that is not waiting) starts again from zero. */
  windowMs: number;
}

/** One counted thing (an account, an address) under the rule of its kind. */
export interface ThrottleKey {
  /** Unique across the throttles of the server: the throttle's name and the thing's id. */
  id: string;
  rule: ThrottleRule;
}

/**
 * Counts failed attempts per key with the caller's clock, and answers how long a key must still wait. Attempts
 * during a wait are refused unchecked and do not count, so the wait of the rightful owner does not grow while
 * someone keeps trying; each failure after a wait doubles the next one. Every operation takes several keys (a
 * login counts its account and its address) and treats them together, atomically: parallel guesses, on one
 * process or many, are each counted before any is checked.
 */
export interface ThrottleStore {
  /**
   * Milliseconds the longest-waiting key must still wait, counting nothing; when none waits (0), one failure
   * is counted on every key ahead of the check it guards.
   */
  attempt(keys: readonly ThrottleKey[], now: number): Promise<number>;
  /** Takes back one failure counted ahead of a check that then succeeded. */
  undo(keys: readonly ThrottleKey[]): Promise<void>;
  /** Forgets the keys' failures. */
  reset(keys: readonly ThrottleKey[]): Promise<void>;
}

interface Entry {
  failures: number;
  lastFailure: number;
  /** Until when attempts are refused without being checked (0: not waiting). */
  until: number;
}

/**
 * At this many keys, forgotten ones are swept out before a new one is added; the next sweep waits until the map
 * has doubled from what stayed, so sweeping costs O(1) per key on average even while most keys are live.
 */
const FIRST_SWEEP_AT = 10_000;

const forgotten = (entry: Entry, rule: ThrottleRule, now: number) =>
  now >= entry.until && now - entry.lastFailure > rule.windowMs;

/** The wait that `failures` failures of a rule earn (0 while they are free). */
const waitAfter = (failures: number, rule: ThrottleRule) => {
  const over = failures - rule.freeFailures;
  return over >= 0 ? Math.min(rule.maxDelayMs, rule.firstDelayMs * 2 ** over) : 0;
};

/** The counts of one process alone, in its memory. */
export class MemoryThrottleStore implements ThrottleStore {
  private readonly entries = new Map<string, { entry: Entry; rule: ThrottleRule }>();
  private sweepAt = FIRST_SWEEP_AT;

  async attempt(keys: readonly ThrottleKey[], now: number): Promise<number> {
    const wait = Math.max(0, ...keys.map((key) => (this.current(key, now)?.until ?? 0) - now));
    if (wait > 0) return wait;
    for (const key of keys) {
      const entry = this.current(key, now) ?? this.add(key, now);
      entry.failures += 1;
      entry.lastFailure = now;
      const delay = waitAfter(entry.failures, key.rule);
      if (delay > 0) entry.until = now + delay;
    }
    return 0;
  }

  async undo(keys: readonly ThrottleKey[]): Promise<void> {
    for (const key of keys) {
      const entry = this.entries.get(key.id)?.entry;
      if (!entry) continue;
      entry.failures = Math.max(0, entry.failures - 1);
      if (entry.failures < key.rule.freeFailures) entry.until = 0;
    }
  }

  async reset(keys: readonly ThrottleKey[]): Promise<void> {
    for (const key of keys) this.entries.delete(key.id);
  }

  private current(key: ThrottleKey, now: number): Entry | undefined {
    const kept = this.entries.get(key.id);
    if (kept && forgotten(kept.entry, kept.rule, now)) {
      this.entries.delete(key.id);
      return undefined;
    }
    return kept?.entry;
  }

  private add(key: ThrottleKey, now: number): Entry {
    if (this.entries.size >= this.sweepAt) {
      for (const [id, kept] of this.entries) if (forgotten(kept.entry, kept.rule, now)) this.entries.delete(id);
      this.sweepAt = Math.max(FIRST_SWEEP_AT, this.entries.size * 2);
    }
    const entry: Entry = { failures: 0, lastFailure: now, until: 0 };
    this.entries.set(key.id, { entry, rule: key.rule });
    return entry;
  }
}

/** Where the server processes sharing one Redis keep their counts (one hash per key). */
export const THROTTLE_PREFIX = 'velvet:throttle:';

/**
 * The same counting as MemoryThrottleStore, as one Lua script per operation (Redis runs a script alone, so it is
 * atomic across processes). KEYS are the hashes; ARGV[1] the time, then four numbers per key: its rule. A hash
 * lives in Redis as long as it can matter: until its wait ends or its window passes, whichever is later.
 */
const ATTEMPT_SCRIPT = `
local now = tonumber(ARGV[1])
local states = {}
local wait = 0
for i, key in ipairs(KEYS) do
  local window = tonumber(ARGV[2 + (i - 1) * 4 + 3])
  local fields = redis.call('HMGET', key, 'failures', 'last', 'until')
  local failures, last, untilMs = tonumber(fields[1]) or 0, tonumber(fields[2]) or 0, tonumber(fields[3]) or 0
  if now >= untilMs and now - last > window then failures = 0; untilMs = 0 end
  states[i] = { failures, untilMs }
  if untilMs - now > wait then wait = untilMs - now end
end
if wait > 0 then return wait end
for i, key in ipairs(KEYS) do
  local base = 2 + (i - 1) * 4
  local free, first, max, window = tonumber(ARGV[base]), tonumber(ARGV[base + 1]), tonumber(ARGV[base + 2]), tonumber(ARGV[base + 3])
  local failures, untilMs = states[i][1] + 1, states[i][2]
  if failures - free >= 0 then untilMs = now + math.min(max, first * 2 ^ (failures - free)) end
  redis.call('HSET', key, 'failures', failures, 'last', now, 'until', untilMs)
  redis.call('PEXPIRE', key, math.max(untilMs, now + window) - now + 1)
end
return 0`;

/** ARGV[1 + i] is the free failures of KEYS[i]. */
const UNDO_SCRIPT = `
for i, key in ipairs(KEYS) do
  local failures = tonumber(redis.call('HGET', key, 'failures'))
  if failures then
    failures = math.max(0, failures - 1)
    redis.call('HSET', key, 'failures', failures)
    if failures < tonumber(ARGV[i]) then redis.call('HSET', key, 'until', 0) end
  end
end
return 0`;

/** The counts shared by every server process on one Redis. */
export class RedisThrottleStore implements ThrottleStore {
  constructor(private readonly redis: Redis) {}

  async attempt(keys: readonly ThrottleKey[], now: number): Promise<number> {
    const rules = keys.flatMap(({ rule }) => [rule.freeFailures, rule.firstDelayMs, rule.maxDelayMs, rule.windowMs]);
    return Number(await this.redis.eval(ATTEMPT_SCRIPT, keys.length, ...this.names(keys), now, ...rules));
  }

  async undo(keys: readonly ThrottleKey[]): Promise<void> {
    await this.redis.eval(UNDO_SCRIPT, keys.length, ...this.names(keys), ...keys.map((key) => key.rule.freeFailures));
  }

  async reset(keys: readonly ThrottleKey[]): Promise<void> {
    if (keys.length > 0) await this.redis.del(...this.names(keys));
  }

  private names(keys: readonly ThrottleKey[]): string[] {
    return keys.map((key) => `${THROTTLE_PREFIX}${key.id}`);
  }
}

const stores = new WeakMap<Bus, ThrottleStore>();

/** The throttle counts of the server's processes: in Redis when they share one, else in this process's memory. */
export function throttleStore(bus: Bus): ThrottleStore {
  let store = stores.get(bus);
  if (!store) stores.set(bus, (store = bus.redis ? new RedisThrottleStore(bus.redis) : new MemoryThrottleStore()));
  return store;
}

/** Keys of one kind under one rule: `key(id)` names one of them for a store. */
export class FailureThrottle {
  constructor(
    private readonly name: string,
    private readonly rule: ThrottleRule,
  ) {}

  key(id: string): ThrottleKey {
    return { id: `${this.name}:${id}`, rule: this.rule };
  }
}
