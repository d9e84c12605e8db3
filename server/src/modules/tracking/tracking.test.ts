import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { eq } from 'drizzle-orm';
import { PAGE_VIEW_EVENT, type AnalyticsReport } from '@velvet/contracts';
import type { TestApp } from '../../testing/app';
import { onEachDatabase } from '../../testing/databases';
import { createPerformer } from '../performers/fixtures';
import { TRACKING_EVENTS_KEPT_MS, pruneTrackingEvents } from './service';
import { performerVisits, trackingEvents } from './schema';

const DAY_MS = 24 * 60 * 60 * 1000;
const START = Date.parse('2026-03-01T22:00:00Z');

function trackingRules(name: string, open: () => Promise<TestApp>, skip: string | false) {
  describe(`tracking on ${name}`, { skip }, () => {
    let t: TestApp;
    let visitor: string;
    let operator: string;
    before(async () => {
      t = await open();
      t.ctx.now = () => new Date(START);
      visitor = await t.anonymousToken();
      operator = await t.operatorToken();
    });
    after(() => t?.close());

    const at = (time: number) => (t.ctx.now = () => new Date(time));
    const view = (route: unknown, token = visitor) =>
      t.rest('POST', '/tracker/track', token, { ...PAGE_VIEW_EVENT, data: { route } });
    const visit = (actorName: string, token = visitor) =>
      t.rest('POST', '/tracker/trackActorProfileVisit', token, { actorName });
    const report = async (from: string, to: string) => {
      const answer = await t.rest('GET', `/tracker/analytics?from=${from}&to=${to}`, operator);
      assert.equal(answer.statusCode, 200, answer.body);
      return answer.json<AnalyticsReport>();
    };

    test('events are stored as they come; page views and profile visits are summed per UTC day', async () => {
      const anna = await createPerformer(t.ctx.db);
      const bea = await createPerformer(t.ctx.db);
      at(START); // 22:00 on 1 March
      for (const route of ['home', 'home', 'videos']) assert.equal((await view(route)).statusCode, 200);
      assert.deepEqual((await visit(anna.name)).json(), { tracked: true });
      assert.deepEqual((await visit(anna.name.toUpperCase())).json(), { tracked: true }, 'names match in lower case');
      at(START + 2.5 * 60 * 60 * 1000); // 00:30 on 2 March
      assert.equal((await view('home')).statusCode, 200);
      for (let n = 0; n < 3; n += 1) await visit(bea.name);
      const other = await t.rest('POST', '/tracker/track', visitor, { context: 'tab', action: 'leave' });
      assert.equal(other.statusCode, 200);
      assert.deepEqual(other.json(), { tracked: true });

      const figures = await report('2026-03-01', '2026-03-03');
      assert.deepEqual(figures.days, ['2026-03-01', '2026-03-02', '2026-03-03']);
      assert.deepEqual(figures.pages, [
        { day: '2026-03-01', route: 'home', visits: 2 },
        { day: '2026-03-01', route: 'videos', visits: 1 },
        { day: '2026-03-02', route: 'home', visits: 1 },
      ]);
      assert.deepEqual(figures.performers, [
        { day: '2026-03-01', actorId: anna.id, name: anna.name, visits: 2 },
        { day: '2026-03-02', actorId: bea.id, name: bea.name, visits: 3 },
      ]);
      assert.deepEqual((await report('2026-03-02', '2026-03-02')).pages, [
        { day: '2026-03-02', route: 'home', visits: 1 },
      ]);

      const stored = await t.ctx.db.select().from(trackingEvents).where(eq(trackingEvents.context, 'tab'));
      assert.equal(stored.length, 1);
      assert.equal(stored[0]!.at.getTime(), START + 2.5 * 60 * 60 * 1000, 'stamped by the server clock');
      assert.ok(stored[0]!.guestId, 'the visitor is noted');
    });

    test('a page view with a route that is no route name is stored but counts nowhere', async () => {
      at(START + 10 * DAY_MS);
      assert.equal((await view('x y')).statusCode, 200);
      assert.equal((await view(42)).statusCode, 200);
      assert.deepEqual((await report('2026-03-11', '2026-03-11')).pages, []);
    });

    test('bad input is a 4xx with its code', async () => {
      const codes = async (answer: Promise<{ statusCode: number; json(): unknown }>) => {
        const response = await answer;
        return [response.statusCode, (response.json() as { code?: string }).code];
      };
      assert.deepEqual(await codes(t.rest('POST', '/tracker/track', visitor, { context: '', action: 'x' })), [
        400,
        'VALIDATION_FAILED',
      ]);
      const huge = { context: 'a', action: 'b', data: { text: 'x'.repeat(5_000) } };
      assert.deepEqual(await codes(t.rest('POST', '/tracker/track', visitor, huge)), [400, 'VALIDATION_FAILED']);
      assert.deepEqual(await codes(visit('')), [400, 'VALIDATION_FAILED']);
      const nobody = await visit('nobody-of-that-name');
      assert.deepEqual([nobody.statusCode, nobody.json()], [200, { tracked: false }], 'no performer, no visit');
      const counted = await t.ctx.db.select().from(performerVisits).where(eq(performerVisits.day, '2026-03-11'));
      assert.deepEqual(counted, []);
      assert.deepEqual(await codes(t.rest('POST', '/logger/browserOnline', visitor, { status: 'away' })), [
        400,
        'VALIDATION_FAILED',
      ]);
      const analytics = (query: string, token?: string) => codes(t.rest('GET', `/tracker/analytics${query}`, token));
      assert.deepEqual(await analytics('?from=2026-03-02&to=2026-03-01', operator), [400, 'VALIDATION_FAILED']);
      assert.deepEqual(await analytics('?from=2026-01-01&to=2026-06-01', operator), [400, 'VALIDATION_FAILED']);
      assert.deepEqual(await analytics('?from=yesterday&to=2026-03-01', operator), [400, 'VALIDATION_FAILED']);
      assert.deepEqual(await analytics('?to=2026-03-01', operator), [400, 'VALIDATION_FAILED']);
    });

    test('the analytics are the operators’: 401 without a login, 403 for other guests', async () => {
      const span = '?from=2026-03-01&to=2026-03-02';
      const guest = await t.signup();
      assert.equal((await t.rest('GET', `/tracker/analytics${span}`)).statusCode, 401);
      assert.equal((await t.rest('GET', `/tracker/analytics${span}`, visitor)).statusCode, 401);
      const refused = await t.rest('GET', `/tracker/analytics${span}`, guest.accessToken);
      assert.equal(refused.statusCode, 403);
      assert.equal(refused.json<{ code: string }>().code, 'FORBIDDEN');
    });

    test('the browser’s network status is logged', async () => {
      for (const status of ['offline', 'online']) {
        const logged = await t.rest('POST', '/logger/browserOnline', visitor, { status });
        assert.equal(logged.statusCode, 200);
        assert.deepEqual(logged.json(), { logged: true });
      }
    });

    test('raw events older than their keeping time are pruned, the sums stay', async () => {
      const late = START + TRACKING_EVENTS_KEPT_MS + 20 * DAY_MS;
      at(late);
      await view('home');
      await pruneTrackingEvents(t.ctx.db, new Date(late));
      const left = await t.ctx.db.select({ at: trackingEvents.at }).from(trackingEvents);
      assert.deepEqual(
        left.map((row) => row.at.getTime()),
        [late],
      );
      assert.equal((await report('2026-03-01', '2026-03-01')).pages.length, 2);
    });
  });
}

await onEachDatabase(trackingRules);
