import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { TextInEveryLanguage } from '@velvet/contracts';
import type { DatabaseHandle } from '../../db/database';
import { migrateAll } from '../../db/migrate';
import { openMigratedDatabase } from '../../testing/template';
import { createPerformer } from '../performers/fixtures';
import { MODULES } from '..';
import { calendarEvents, contestMedia, contests, dailyBonusOffers } from './schema';
import { contestGridItems, listContests } from './service';

/** A text as rows stored before Dutch was written hold it: German, English and Spanish only. */
const beforeDutch = (en: string) => ({ de: `${en} (de)`, en, es: `${en} (es)` }) as TextInEveryLanguage;

const MIGRATIONS = path.join(import.meta.dirname, 'migrations');

/**
 * What a migration changed in the tables, undone, to make the tables of an earlier version. The migrations that
 * only rewrite rows have nothing here: rows stored by the earlier version are what a test inserts.
 */
const UNDO: Record<string, SQL> = {
  '0008_localized_entry_titles': sql`alter table "specials_contest_media" alter column "title" type text using "title"->>'en'`,
};

/** Turns the migrated database into one of the version before migration `tag`: it and the later ones have not run. */
async function databaseBefore(database: DatabaseHandle, tag: string): Promise<void> {
  const journal = JSON.parse(await readFile(path.join(MIGRATIONS, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  const first = journal.entries.findIndex((entry) => entry.tag === tag);
  assert.ok(first >= 0, `no migration ${tag}`);
  const undone = journal.entries.slice(first);
  for (const { tag: later } of [...undone].reverse()) if (UNDO[later]) await database.db.execute(UNDO[later]);
  await database.db.execute(sql`delete from drizzle.__migrations_specials where created_at >= ${undone[0]!.when}`);
}

describe('the specials migrations', () => {
  let database: DatabaseHandle;
  beforeEach(async () => {
    database = await openMigratedDatabase();
  });
  afterEach(() => database.close());

  it('give texts stored before Dutch their English text in Dutch, and keep Dutch texts', async () => {
    const { db } = database;
    const now = new Date('2030-03-01T12:00:00Z');
    await databaseBefore(database, '0007_dutch_texts');
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

  it("give entry titles stored in English only that text in every language, which are read in the reader's", async () => {
    const { db } = database;
    await databaseBefore(database, '0008_localized_entry_titles');
    const performer = await createPerformer(db);
    const [contest] = await db
      .insert(contests)
      .values({
        type: 'photo',
        title: { de: 'Wettbewerb', en: 'Contest', nl: 'Wedstrijd', es: 'Concurso' },
        description: { de: 'Alt', en: 'Old', nl: 'Oud', es: 'Viejo' },
        previewUrl: '/media/c.webp',
        start: new Date('2030-02-01T00:00:00Z'),
        end: new Date('2030-04-01T00:00:00Z'),
      })
      .returning({ id: contests.id });
    // The earlier version's column is text, which the current schema does not describe: so the row is written in SQL.
    await db.execute(
      sql`insert into specials_contest_media (contest_id, actor_id, title, preview_url, width, height)
          values (${contest!.id}, ${performer.id}, 'Summer selfie: Anna', '/media/e.webp', 320, 427)`,
    );

    await migrateAll(database, MODULES);

    const [entry] = await db.select().from(contestMedia).where(eq(contestMedia.contestId, contest!.id));
    const old = 'Summer selfie: Anna';
    assert.deepEqual(entry!.title, { de: old, en: old, nl: old, es: old });
    await db.insert(contestMedia).values({
      contestId: contest!.id,
      actorId: performer.id,
      title: { de: 'Tanz von Anna', en: 'Dance by Anna', nl: 'Dans van Anna', es: 'Baile de Anna' },
      previewUrl: '/media/f.webp',
      width: 320,
      height: 427,
    });
    const grid = await contestGridItems(db, {
      contestId: contest!.id,
      sub: 'all',
      limit: 10,
      offset: 0,
      now: new Date('2030-03-01T12:00:00Z'),
      language: 'nl',
    });
    assert.deepEqual(grid.contestGridItems.map((item) => item.title).sort(), ['Dans van Anna', old]);
  });
});
