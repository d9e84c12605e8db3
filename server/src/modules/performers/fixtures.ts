import type { Database } from '../../db/database';
import type { TestApp } from '../../testing/app';
import { eq } from 'drizzle-orm';
import { actorOnlineWindows, actors } from './schema';

/** Test support of the catalogue and of the modules selling performers' time: a movable clock, performers. */

/** The server clock of a test app, moved by hand: time passes only when a test says so. */
export function manualClock(t: TestApp, start = Date.UTC(2026, 10, 22, 12, 0, 0)) {
  let now = start;
  const clock = {
    now: () => new Date(now),
    advance: (seconds: number) => {
      now += seconds * 1000;
    },
    /** Seconds since the clock started. */
    elapsed: () => (now - start) / 1000,
    attach: (app: TestApp) => {
      app.ctx.now = clock.now;
    },
  };
  clock.attach(t);
  return clock;
}

let performers = 0;

/** A demo performer on line, with the given prices and flags (prices in hundredths per minute). */
export async function createPerformer(db: Database, values: Partial<typeof actors.$inferInsert> = {}) {
  const n = ++performers;
  const [row] = await db
    .insert(actors)
    .values({
      // Not a time of the world: the wall clock only keeps names unique across test runs on one database.
      // eslint-disable-next-line no-restricted-syntax
      name: `chat-performer-${process.pid}-${Date.now().toString(36)}-${n}`,
      displayName: `Performer ${n}`,
      gender: 'F',
      age: 25,
      country: 'DE',
      languages: ['de', 'en'],
      threeWords: 'nice, funny, open',
      aboutMe: 'Hello',
      avatarUrl: '/media/avatar.jpg',
      isOnline: true,
      priceVideoChat: 120,
      priceVoyeurChat: 60,
      priceSingleC2C: 240,
      priceSingleChat: 200,
      ...values,
    })
    .returning();
  return row!;
}

/** Changes a performer's catalogue record as a test needs it (on line, live preview, ...). */
export async function updatePerformer(db: Database, id: number, values: Partial<typeof actors.$inferInsert>) {
  await db.update(actors).set(values).where(eq(actors.id, id));
}

/** Gives a performer an online window (UTC minutes of the day); `only` first removes every performer's windows. */
export async function addOnlineWindow(
  db: Database,
  window: { actorId: number; startMinute: number; endMinute: number },
  { only = false }: { only?: boolean } = {},
) {
  if (only) await db.delete(actorOnlineWindows);
  await db.insert(actorOnlineWindows).values(window);
}
