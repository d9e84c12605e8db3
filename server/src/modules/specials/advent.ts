import { and, asc, eq, like } from 'drizzle-orm';
import { ADVENT_DOORS, dateInZone, type AdventCalendar, type AdventDoor } from '@velvet/contracts';
import type { Database } from '../../db/database';
import { HttpError } from '../../http/endpoint';
import { grantReward, type Granted } from './rewards';
import { adventDoors, rewardGrants } from './schema';

type DoorRow = typeof adventDoors.$inferSelect;
type GrantRow = typeof rewardGrants.$inferSelect;
const ADVENT = 'advent';
/** A door's claim names its day, so a calendar of another year has doors of its own. */
const doorClaim = (door: DoorRow) => `${ADVENT}:${door.day}`;

async function doorsOf(db: Database): Promise<DoorRow[]> {
  return db.select().from(adventDoors).orderBy(asc(adventDoors.door));
}

/** The claims of the guest's opened doors, with what each gave. */
async function openedBy(db: Database, guestId: string | null): Promise<Map<string, GrantRow>> {
  if (!guestId) return new Map<string, GrantRow>();
  const rows = await db
    .select()
    .from(rewardGrants)
    .where(and(eq(rewardGrants.guestId, guestId), like(rewardGrants.claim, `${ADVENT}:%`)));
  return new Map(rows.map((row) => [row.claim, row]));
}

/** A calendar day's state for the guest: opened (its reward granted), open today, missed, or locked till its day. */
export function calendarDayState(day: string, today: string, grant: GrantRow | undefined): AdventDoor['state'] {
  return grant ? 'opened' : day === today ? 'open' : day < today ? 'missed' : 'locked';
}

/** A calendar day opens on its own Berlin day only: before it 409 DOOR_NOT_OPEN_YET, after it 409 DOOR_CLOSED. */
export function requireCalendarDay(day: string, now: Date, what: string): void {
  const today = dateInZone(now);
  if (day > today) throw new HttpError(409, 'DOOR_NOT_OPEN_YET', `${what} opens on ${day}`);
  if (day < today) throw new HttpError(409, 'DOOR_CLOSED', `${what} could be opened on ${day}`);
}

function toDoor(door: DoorRow, today: string, opened: Map<string, GrantRow>): AdventDoor {
  const grant = opened.get(doorClaim(door));
  return {
    door: door.door,
    date: door.day,
    state: calendarDayState(door.day, today, grant),
    reward: grant ? { type: grant.rewardType, value: grant.value, title: grant.title } : null,
  };
}

/** The calendar: each door's Berlin day and, for the guest, whether she opened it and what it gave. */
export async function adventCalendar(db: Database, guestId: string | null, now: Date): Promise<AdventCalendar> {
  const [doors, opened] = await Promise.all([doorsOf(db), openedBy(db, guestId)]);
  const today = dateInZone(now);
  return { firstDay: doors[0]?.day ?? today, today, doors: doors.map((door) => toDoor(door, today, opened)) };
}

/**
 * Opens a door: only on its own Berlin day (before it 409 DOOR_NOT_OPEN_YET, after it 409 DOOR_CLOSED), and its
 * reward is granted through the reward engine under the door's claim, so opening it again grants nothing more.
 */
export async function openAdventDoor(
  db: Database,
  options: { guestId: string; door: number; now: Date },
): Promise<{ door: AdventDoor; granted: Granted }> {
  const [door] = await db.select().from(adventDoors).where(eq(adventDoors.door, options.door));
  if (!door || options.door > ADVENT_DOORS) throw new HttpError(404, 'NOT_FOUND', `No door ${options.door}`);
  requireCalendarDay(door.day, options.now, `Door ${door.door}`);
  const granted = await db.transaction((tx) =>
    grantReward(tx, {
      guestId: options.guestId,
      claim: doorClaim(door),
      source: ADVENT,
      type: door.rewardType,
      value: door.value,
      at: options.now,
    }),
  );
  return {
    door: { door: door.door, date: door.day, state: 'opened', reward: granted.reward },
    granted,
  };
}
