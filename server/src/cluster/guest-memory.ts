import { LRUCache } from 'lru-cache';
import { afterTransaction, type Database } from '../db/database';
import type { Bus } from './bus';

/**
 * Answers about one guest kept in memory for pages that only show them: a logged-in guest's pages ask for the
 * same few answers again and again, and on the embedded database every read costs the whole process. A guest's
 * answers are forgotten, on every process, when a change of what they show ends (`forget`, published on the bus
 * topic `topic`, and on each of `alsoOn` that other memories publish); a read that overlapped a forgetting of its
 * guest is not kept, and an answer lives at most `ttlMs` by the server's clock (what a missed message or a change
 * nobody forgets leaves stale).
 * Decisions about money or security never read from here.
 */
export class GuestMemory<V> {
  private readonly guests: LRUCache<string, { db: Database; answers: Map<string, { value: V; until: number }> }>;
  /**
   * Computations under way, by guest and answer: a read arriving meanwhile waits for it instead of repeating it (a
   * guest's open page asks many times at once when her kept answer runs out). Forgetting a guest drops hers, so a
   * read after her change never waits for one that started before it, and a computation that finds itself gone
   * from here has overlapped a forgetting and may have seen the database before her change.
   */
  private readonly computing = new Map<string, Map<string, { db: Database; answer: Promise<V> }>>();
  /** The buses of the servers of this process (one, or several in tests) that tell the others of a change. */
  private readonly buses = new Set<Bus>();

  constructor(
    private readonly topic: string,
    private readonly ttlMs: number,
    private readonly alsoOn: readonly string[] = [],
  ) {
    // The guests of the last few seconds: an answer runs out by the server's clock (which a test may hold still),
    // so the number of guests, not a timer, bounds the memory.
    this.guests = new LRUCache({ max: 10_000 });
  }

  private drop(guestId: string): void {
    this.guests.delete(guestId);
    this.computing.delete(guestId);
  }

  /** Has every other process forget what this one forgets, and this one what theirs do. */
  share(bus: Bus): void {
    this.buses.add(bus);
    for (const topic of [this.topic, ...this.alsoOn]) bus.subscribe<string>(topic, (guestId) => this.drop(guestId));
  }

  /** Forgets the guest's answers on every process once the transaction running now has ended (at once outside one). */
  forget(guestId: string): void {
    afterTransaction(() => {
      this.drop(guestId);
      for (const bus of this.buses) bus.publish(this.topic, guestId);
    });
  }

  /** The guest's answer `key`, kept from an earlier `compute` on `db` if nothing forgot it since; `keep` says which to keep. */
  async read<A extends V>(
    { db, now }: { db: Database; now: () => Date },
    guestId: string,
    key: string,
    compute: () => Promise<A>,
    keep: (answer: A) => boolean = () => true,
  ): Promise<A> {
    const kept = this.guests.get(guestId);
    const answer = kept?.db === db ? kept.answers.get(key) : undefined;
    if (answer && answer.until > now().getTime()) return answer.value as A;
    const running = this.computing.get(guestId)?.get(key);
    if (running?.db === db) return running.answer as Promise<A>;
    const computed = compute();
    const guestComputing = this.computing.get(guestId) ?? new Map<string, { db: Database; answer: Promise<V> }>();
    this.computing.set(guestId, guestComputing.set(key, { db, answer: computed }));
    let value: A;
    let unforgotten = false;
    try {
      value = await computed;
    } finally {
      // Only its own entry: a forgetting meanwhile may have let a newer computation take the place.
      const current = this.computing.get(guestId);
      if (current?.get(key)?.answer === computed) {
        unforgotten = true;
        current.delete(key);
        if (current.size === 0) this.computing.delete(guestId);
      }
    }
    if (unforgotten && keep(value)) {
      const guest = this.guests.get(guestId);
      const answers = guest?.db === db ? guest.answers : new Map<string, { value: V; until: number }>();
      if (answers !== guest?.answers) this.guests.set(guestId, { db, answers });
      const at = now().getTime();
      // Her answers that ran out go as she adds one, so a guest who pages on and on holds only her last second's.
      for (const [old, { until }] of answers) if (until <= at) answers.delete(old);
      answers.set(key, { value, until: at + this.ttlMs });
    }
    return value;
  }
}
