import { asc, count } from 'drizzle-orm';
import { inBatches } from '../../db/batches';
import type { Database } from '../../db/database';
import { holdsDemoData } from '../../db/seed';
import { actorOnlineWindows, actors } from './schema';

/**
 * Online windows of the demo performers: each is on line 1 to 3 times a day (in turn) for about eight hours in
 * all, and among the performers with as many windows the phases are spread over the day by the golden ratio, so
 * that at every minute roughly a third of them is on line.
 */

const MINUTES_PER_DAY = 1440;
/** About a third of the day, varied per performer. */
const ONLINE_MINUTES = { min: 440, max: 520 } as const;
const GOLDEN_RATIO_FRACTION = 0.618_033_988_75;
const INSERT_BATCH = 1000;

export async function seedOnlineSchedule(db: Database, random: () => number = Math.random): Promise<number> {
  const performers = await db.select({ id: actors.id }).from(actors).orderBy(asc(actors.id));
  const rows = performers.flatMap(({ id }, index) => {
    const windows = 1 + (index % 3);
    const period = MINUTES_PER_DAY / windows;
    const online = ONLINE_MINUTES.min + random() * (ONLINE_MINUTES.max - ONLINE_MINUTES.min);
    const length = Math.round(online / windows);
    const phase = ((Math.floor(index / 3) * GOLDEN_RATIO_FRACTION) % 1) * period;
    return Array.from({ length: windows }, (_, w) => {
      const startMinute = Math.round(phase + w * period) % MINUTES_PER_DAY;
      return { actorId: id, startMinute, endMinute: (startMinute + length) % MINUTES_PER_DAY };
    });
  });
  await inBatches(rows, INSERT_BATCH, (batch) => db.insert(actorOnlineWindows).values(batch));
  return rows.length;
}

/**
 * A demo data directory seeded before performers had schedules gets them on its next start, so its site comes
 * alive too; once any window exists this does nothing (performers without windows are then not demo performers).
 * A database without the demo seed (a test's) is left alone: its performers are nobody's demo.
 */
export async function ensureOnlineSchedule(db: Database): Promise<number> {
  if (!(await holdsDemoData(db))) return 0;
  const [windows] = await db.select({ n: count() }).from(actorOnlineWindows);
  return windows && windows.n > 0 ? 0 : seedOnlineSchedule(db);
}
