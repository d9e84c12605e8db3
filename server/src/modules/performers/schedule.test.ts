import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { asc, eq, inArray } from 'drizzle-orm';
import type { IncomingMessage } from '@velvet/contracts';
import { loadConfig } from '../../config';
import { seedRuns } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/app';
import { actorOnlineWindows, actors } from './schema';
import { applyOnlineSchedule, minuteOfDay, windowHolds } from './schedule';
import { ensureOnlineSchedule, seedOnlineSchedule } from './seed-schedule';
import { createPerformer, manualClock } from './fixtures';

let t: TestApp;
let clock: ReturnType<typeof manualClock>;
let performerIds: number[];
before(async () => {
  t = await createTestApp();
  clock = manualClock(t);
  const performers = await Promise.all(Array.from({ length: 60 }, () => createPerformer(t.ctx.db)));
  performerIds = performers.map((p) => p.id);
  await seedOnlineSchedule(t.ctx.db);
});
after(() => t.close());

describe('online schedule of the demo performers', () => {
  it('gives every performer 1 to 3 windows, so that at every minute of the day about a third is on line', async (c) => {
    const windows = await t.ctx.db
      .select()
      .from(actorOnlineWindows)
      .where(inArray(actorOnlineWindows.actorId, performerIds))
      .orderBy(asc(actorOnlineWindows.actorId));
    const byPerformer = new Map<number, (typeof windows)[number][]>();
    for (const w of windows) byPerformer.set(w.actorId, [...(byPerformer.get(w.actorId) ?? []), w]);
    assert.equal(byPerformer.size, performerIds.length);
    for (const list of byPerformer.values()) assert.ok(list.length >= 1 && list.length <= 3);
    let lowest = 1;
    let highest = 0;
    for (let minute = 0; minute < 1440; minute++) {
      const online = [...byPerformer.values()].filter((list) => list.some((w) => windowHolds(w, minute))).length;
      lowest = Math.min(lowest, online / performerIds.length);
      highest = Math.max(highest, online / performerIds.length);
    }
    assert.ok(lowest >= 0.2 && highest <= 0.47, `online share between ${lowest} and ${highest} over the day`);
    c.diagnostic(`${performerIds.length} performers: between ${lowest} and ${highest} of them on line over the day`);
  });

  it('sets the online state from the windows and broadcasts each change once', async () => {
    const pushed: IncomingMessage[] = [];
    const ctx = { ...t.ctx, hub: { ...t.ctx.hub, broadcast: (message: IncomingMessage) => pushed.push(message) } };
    for (let step = 0; step < 3; step++) {
      pushed.length = 0;
      const change = await applyOnlineSchedule(ctx);
      const rows = await t.ctx.db.select().from(actors).where(inArray(actors.id, performerIds));
      const windows = await t.ctx.db.select().from(actorOnlineWindows);
      const minute = minuteOfDay(clock.now());
      for (const row of rows) {
        const expected = windows.some((w) => w.actorId === row.id && windowHolds(w, minute));
        assert.equal(row.isOnline, expected, `performer ${row.id} at minute ${minute}`);
      }
      assert.equal(pushed.length, change.online.length + change.offline.length);
      for (const actor of change.online)
        assert.ok(pushed.some((m) => m.type === 'actorOnline' && m.actorId === actor.id && m.actorName === actor.name));
      for (const actor of change.offline)
        assert.ok(pushed.some((m) => m.type === 'actorOffline' && m.actorId === actor.id));
      if (step > 0) assert.ok(change.online.length + change.offline.length > 0, 'three hours later some changed');
      assert.deepEqual(await applyOnlineSchedule(ctx), { online: [], offline: [] }, 'nothing changes twice');
      clock.advance(3 * 3600);
    }
  });

  it('gives performers of an older demo data directory windows once, on a start without any', async () => {
    assert.equal(await ensureOnlineSchedule(t.ctx.db), 0, 'windows exist: nothing to do');
    await t.ctx.db.delete(actorOnlineWindows);
    assert.equal(await ensureOnlineSchedule(t.ctx.db), 0, 'no demo seed: its performers are not demo performers');
    await t.ctx.db.insert(seedRuns).values({ id: 'demo', scale: 1 });
    assert.equal(await ensureOnlineSchedule(t.ctx.db), (await t.ctx.db.select().from(actorOnlineWindows)).length);
    assert.ok((await t.ctx.db.select().from(actorOnlineWindows)).length >= performerIds.length);
  });

  it('leaves performers without windows alone', async () => {
    const unscheduled = await createPerformer(t.ctx.db, { isOnline: true });
    await applyOnlineSchedule(t.ctx);
    const [row] = await t.ctx.db.select().from(actors).where(eq(actors.id, unscheduled.id));
    assert.equal(row!.isOnline, true);
  });

  it('keeps a performer named in DEMO_ALWAYS_ONLINE on line all day, whatever her windows say', async () => {
    const [performer] = await t.ctx.db.select().from(actors).where(eq(actors.id, performerIds[0]!));
    const pinned = { ...t.ctx, config: { ...t.ctx.config, demoAlwaysOnline: [performer!.name] } };
    const windows = await t.ctx.db
      .select()
      .from(actorOnlineWindows)
      .where(eq(actorOnlineWindows.actorId, performer!.id));
    let offSchedule = 0;
    for (let hour = 0; hour < 24; hour++) {
      const change = await applyOnlineSchedule(pinned);
      assert.ok(!change.offline.some((actor) => actor.id === performer!.id), `not sent off line at hour ${hour}`);
      const [row] = await t.ctx.db.select().from(actors).where(eq(actors.id, performer!.id));
      assert.equal(row!.isOnline, true, `on line at hour ${hour}`);
      if (!windows.some((w) => windowHolds(w, minuteOfDay(clock.now())))) offSchedule++;
      clock.advance(3600);
    }
    assert.ok(offSchedule > 0, 'her windows alone would have taken her off line');
    await applyOnlineSchedule(t.ctx);
    const [unpinned] = await t.ctx.db.select().from(actors).where(eq(actors.id, performer!.id));
    assert.equal(
      unpinned!.isOnline,
      windows.some((w) => windowHolds(w, minuteOfDay(clock.now()))),
      'unpinned',
    );
  });
});

describe('the demo day', () => {
  it('is the UTC minute of a real day by default, and runs faster when DEMO_DAY_MINUTES shortens it', () => {
    const noon = new Date('2026-11-22T12:30:00Z');
    assert.equal(minuteOfDay(noon), 750);
    // A 240-minute day runs six times as fast: 6 real minutes after midnight are 36 schedule minutes.
    assert.equal(minuteOfDay(new Date('2026-11-22T00:06:00Z'), 240), 36);
    assert.equal(minuteOfDay(new Date('2026-11-22T04:00:00Z'), 240), 0);
  });

  it('pins the performers DEMO_ALWAYS_ONLINE names (a comma-separated list), nobody by default', () => {
    const env = { DATA_DIR: t.config.dataDir };
    assert.deepEqual(loadConfig(env).demoAlwaysOnline, []);
    assert.deepEqual(loadConfig({ ...env, DEMO_ALWAYS_ONLINE: ' lisanne, kisslivia ,' }).demoAlwaysOnline, [
      'lisanne',
      'kisslivia',
    ]);
  });
});
