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

/**
 * Counts failed attempts per key (an account, an address) in memory with the caller's clock, and answers how
 * long a key must still wait. Attempts during a wait are refused unchecked and do not count, so the wait of the
 * rightful owner does not grow while someone keeps trying; each failure after a wait doubles the next one.
 */
export class FailureThrottle {
  private readonly entries = new Map<string, Entry>();
  private sweepAt = FIRST_SWEEP_AT;

  constructor(private readonly rule: ThrottleRule) {}

  /** Milliseconds the key must still wait (0: it may try now). */
  waitMs(key: string, now: number): number {
    const entry = this.current(key, now);
    return entry ? Math.max(0, entry.until - now) : 0;
  }

  fail(key: string, now: number): void {
    const entry = this.current(key, now) ?? this.add(key, now);
    entry.failures += 1;
    entry.lastFailure = now;
    const over = entry.failures - this.rule.freeFailures;
    if (over >= 0) entry.until = now + Math.min(this.rule.maxDelayMs, this.rule.firstDelayMs * 2 ** over);
  }

  /** Takes back one failure counted ahead of a check that then succeeded. */
  undo(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    entry.failures = Math.max(0, entry.failures - 1);
    if (entry.failures < this.rule.freeFailures) entry.until = 0;
  }

  reset(key: string): void {
    this.entries.delete(key);
  }

  private current(key: string, now: number): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry && this.forgotten(entry, now)) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private forgotten(entry: Entry, now: number): boolean {
    return now >= entry.until && now - entry.lastFailure > this.rule.windowMs;
  }

  private add(key: string, now: number): Entry {
    if (this.entries.size >= this.sweepAt) {
      for (const [k, e] of this.entries) if (this.forgotten(e, now)) this.entries.delete(k);
      this.sweepAt = Math.max(FIRST_SWEEP_AT, this.entries.size * 2);
    }
    const entry: Entry = { failures: 0, lastFailure: now, until: 0 };
    this.entries.set(key, entry);
    return entry;
  }
}
