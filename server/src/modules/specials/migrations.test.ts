import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/database';
import { migrateAll } from '../../db/migrate';
import { openMigratedDatabase } from '../../testing/template';
import { MODULES } from '..';
import { calendarEvents, contests, dailyBonusOffers, type LocalizedText } from './schema';
import { listContests } from './service';

/** A text as rows stored before Dutch was written hold it: German, English and Spanish only. */
const beforeDutch = (en: string) => ({ de: `${en} (de)`, en, es: `${en} (es)` }) as LocalizedText;

describe('the specials migrations', () => {
  let database: DatabaseHandle;
  before(async () => {
    database = await openMigratedDatabase();
  });
  after(() => database.close());

  it('give texts stored before Dutch their English text in Dutch, and keep Dutch texts', async () => {
    const { db } = database;
    const now = new Date('2030-03-01T12:00:00Z');
    // A database of the version before: the Dutch migration (the last one) has not run.
    await db.execute(
      sql`delete from drizzle.__migrations_specials
          where created_at = (select max(created_at) from drizzle.__migrations_specials)`,
    );
    const [old] = await db
      .insert(contests)
      .values({
        type: 'photo',
        title: beforeDutch('Old contest'),
        description: beforeDutch('Stored before Dutch'),
        previewUrl: '/media/c.webp',
        start: new Date('2030-02-01T00:00:00Z'),
        end: new Date('2030-04-01T00:00:00Z'),
      })
      .returning({ id: contests.id });
    const [dutch] = await db
      .insert(contests)
      .values({
        type: 'photo',
        title: { ...beforeDutch('New contest'), nl: 'Nieuwe wedstrijd' },
        description: { ...beforeDutch('Stored with Dutch'), nl: 'Opgeslagen met Nederlands' },
        previewUrl: '/media/c.webp',
        start: new Date('2030-02-01T00:00:00Z'),
        end: new Date('2030-04-01T00:00:00Z'),
      })
      .returning({ id: contests.id });
    const [offer] = await db
      .insert(dailyBonusOffers)
      .values({
        date: '2030-03-01',
        offer: 'Video',
        title: beforeDutch('Old offer'),
        description: beforeDutch('Old offer text'),
        imageUrl: '/media/o.webp',
        conditions: [],
        effect: { name: 'discount', value: 50, unit: 'percent', code: null },
        quantity: 1,
        content: { type: 'video', id: null, title: beforeDutch('Old video'), imageUrl: '/media/v.webp' },
      })
      .returning({ id: dailyBonusOffers.id });
    const [event] = await db
      .insert(calendarEvents)
      .values({
        eventType: 'easter',
        name: beforeDutch('Old hunt'),
        start: now,
        end: now,
        rewardClaimEnd: now,
        rewards: [
          { id: 1, type: 'bonus', value: 5, required: 1, info: beforeDutch('5 coins') },
          { id: 2, type: 'bonus', value: 9, required: 2, info: { ...beforeDutch('9 coins'), nl: '9 coins (nl)' } },
        ],
      })
      .returning({ id: calendarEvents.id });

    await migrateAll(database, MODULES);

    const read = await listContests(db, now, 'nl');
    const oldContest = read.find((c) => c.id === old!.id)!;
    assert.deepEqual([oldContest.title, oldContest.description], ['Old contest', 'Stored before Dutch']);
    const dutchContest = read.find((c) => c.id === dutch!.id)!;
    assert.deepEqual([dutchContest.title, dutchContest.description], ['Nieuwe wedstrijd', 'Opgeslagen met Nederlands']);
    const [offerRow] = await db.select().from(dailyBonusOffers).where(eq(dailyBonusOffers.id, offer!.id));
    assert.equal(offerRow!.title.nl, 'Old offer');
    assert.equal(offerRow!.content!.title.nl, 'Old video');
    const [eventRow] = await db.select().from(calendarEvents).where(eq(calendarEvents.id, event!.id));
    assert.equal(eventRow!.name.nl, 'Old hunt');
    assert.deepEqual(
      eventRow!.rewards.map((reward) => [reward.id, reward.info.nl]),
      [
        [1, '5 coins'],
        [2, '9 coins (nl)'],
      ],
    );
  });
});
