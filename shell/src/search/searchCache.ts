/**
 * Answers kept for a while (the overlay's proposals: 5 minutes), so typing back to an earlier pattern asks the
 * server nothing; a cleaner drops expired entries at an interval, so the map does not grow with every pattern.
 */
export class ExpiringCache<T> {
  private readonly entries = new Map<string, { value: T; expires: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = () => Date.now(),
  ) {}

  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.expires <= this.now()) return undefined;
    return entry.value;
  }

  set(key: string, value: T): void {
    this.entries.set(key, { value, expires: this.now() + this.ttlMs });
  }

  get size(): number {
    return this.entries.size;
  }

  /** Drops every expired entry. */
  clean(): void {
    const now = this.now();
    for (const [key, entry] of this.entries) if (entry.expires <= now) this.entries.delete(key);
  }

  /** Cleans every `intervalMs` until the answered function is called. */
  startCleaner(intervalMs: number): () => void {
    const timer = setInterval(() => this.clean(), intervalMs);
    return () => clearInterval(timer);
  }
}
