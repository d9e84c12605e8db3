import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { count } from 'drizzle-orm';
import { tvEndpoints, tvOperations, type TvProgramEntry } from '@velvet/contracts';
import { createTestApp, type TestApp } from '../../testing/app';
import { ensureProgram } from './seed';
import { tvProgram } from './schema';

describe('tv module', () => {
  let test: TestApp;
  let token: string;
  before(async () => {
    test = await createTestApp({ seedScale: 0.05 });
    token = await test.anonymousToken();
  });
  after(() => test.close());

  const get = (url: string) => test.app.inject({ method: 'GET', url: `/rest/v1${url}` });
  const query = async (document: string, variables: Record<string, unknown> = {}) => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { authorization: `Bearer ${token}` },
      payload: { query: document, variables },
    });
    return response.json<{
      data?: Record<string, unknown>;
      errors?: { message: string; extensions?: { code?: string } }[];
    }>();
  };

  it('answers the live programme from the running show on, for seven days ahead', async () => {
    const response = await get('/tv/program/live?limit=200');
    assert.equal(response.statusCode, 200);
    const { type, entries } = tvEndpoints.program.response.parse(response.json());
    assert.equal(type, 'live');
    const first = entries[0]!;
    const weekAhead = Date.now() + 7 * 24 * 3600_000;
    assert.ok(new Date(entries.at(-1)!.end).getTime() >= weekAhead, 'filled for seven days ahead');
    assert.equal(entries.length, 7 * 24 + 1, 'the running hour plus seven days of hourly slots');
    assert.ok(new Date(first.begin) <= new Date() && new Date(first.end) > new Date(), 'first entry is on air now');
    entries
      .slice(1)
      .forEach((entry, index) => assert.equal(entry.begin, entries[index]!.end, 'slots follow each other'));
    assert.ok(
      entries.some((entry) => entry.actors.length > 0),
      'shows have hosts',
    );
    assert.ok(first.title.de && first.title.en && first.imageUrl.startsWith('/media/'));
  });

  it('honours limit and validates type and limit', async () => {
    const premium = tvEndpoints.program.response.parse((await get('/tv/program/premium?limit=3')).json());
    assert.equal(premium.entries.length, 3);
    assert.ok(premium.entries.every((entry: TvProgramEntry) => entry.type === 'premium'));
    for (const url of ['/tv/program/cable', '/tv/program/live?limit=0', '/tv/program/live?limit=abc']) {
      const response = await get(url);
      assert.equal(response.statusCode, 400, url);
      assert.equal(response.json().code, 'VALIDATION_FAILED');
    }
  });

  it('streams: current show and hosts; premium needs a subscription; no fake stream URL', async () => {
    const live = tvEndpoints.stream.response.parse((await get('/tv/stream/live')).json());
    assert.ok(live.current && live.next);
    assert.equal(live.next.begin, live.current.end);
    assert.deepEqual(
      live.hosts.map((host) => host.uid),
      live.current.actors.map((actor) => actor.id),
    );
    assert.equal(live.subscriptionRequired, false);
    assert.equal(live.streamUrl, null);
    const premium = tvEndpoints.stream.response.parse((await get('/tv/stream/premium')).json());
    assert.equal(premium.subscriptionRequired, true);
  });

  it('lists series, answers a format and a video, and 404s unknown ones', async () => {
    const list = tvEndpoints.series.response.parse((await get('/tv/series?pageSize=5')).json());
    assert.equal(list.total, 1, '12 × 0.05 rounds to at least one series');
    const series = list.items[0]!;
    assert.ok(series.episodeCount >= 6 && series.previewImgUrl.startsWith('/media/'));

    const format = tvEndpoints.format.response.parse((await get(`/tv/format/${series.key}`)).json());
    assert.equal(format.series.key, series.key);
    assert.equal(format.latest.length, 5);
    assert.equal(format.latest[0]!.episode, series.episodeCount, 'newest episode first');

    const video = tvEndpoints.video.response.parse((await get(`/tv/video/${format.latest[0]!.id}`)).json());
    assert.equal(video.video.title, format.latest[0]!.title);
    assert.equal(video.series.key, series.key);

    for (const url of ['/tv/format/no-such-series', '/tv/video/999999']) {
      const response = await get(url);
      assert.equal(response.statusCode, 404, url);
      assert.equal(response.json().code, 'NOT_FOUND');
    }
    assert.equal((await get('/tv/video/abc')).statusCode, 400);
  });

  it('pages the mediathek through the structured query', async () => {
    const { data } = await query(tvOperations.series.document, { first: 10 });
    const { nodes } = (data as { tvSeries: { nodes: { key: string; episodeCount: number }[] } }).tvSeries;
    const series = nodes[0]!;
    const firstPage = await query(tvOperations.mediathek.document, { seriesKey: series.key, first: 4, offset: 0 });
    const secondPage = await query(tvOperations.mediathek.document, { seriesKey: series.key, first: 4, offset: 4 });
    type Mediathek = { tvMediathek: { total: number; nodes: { id: number; episode: number }[] } };
    const one = (firstPage.data as Mediathek).tvMediathek;
    const two = (secondPage.data as Mediathek).tvMediathek;
    assert.equal(one.total, series.episodeCount);
    assert.equal(one.nodes.length, 4);
    assert.equal(two.nodes[0]!.episode, one.nodes[3]!.episode - 1, 'pages continue without gaps');

    const missing = await query(tvOperations.mediathek.document, { seriesKey: 'nope' });
    assert.equal(missing.errors?.[0]?.extensions?.code, 'NOT_FOUND');
    const bad = await query(tvOperations.series.document, { first: 1000 });
    assert.equal(bad.errors?.[0]?.extensions?.code, 'VALIDATION_FAILED');
  });

  it('answers the late-night show: events between 22:00 and 04:00 with German and English texts', async () => {
    const { data } = await query(tvOperations.lateNightShow.document);
    const show = (data as { tvLateNightShow: { headerImages: string[]; events: TvProgramEntry[] } }).tvLateNightShow;
    assert.equal(show.headerImages.length, 2);
    assert.ok(show.events.length > 0);
    for (const event of show.events) {
      const hour = new Date(event.begin).getUTCHours();
      assert.ok(hour >= 22 || hour < 4, `${event.begin} is late at night`);
      assert.notEqual(event.text.de, event.text.en);
    }
  });

  it('extends the programme without overlaps when run again', async () => {
    const countRows = async () => (await test.ctx.db.select({ rows: count() }).from(tvProgram))[0]!.rows;
    const before = await countRows();
    assert.equal(await ensureProgram(test.ctx), 0, 'nothing to add right after seeding');
    const dayLater = new Date(test.ctx.now().getTime() + 24 * 3600_000);
    const clock = test.ctx.now;
    test.ctx.now = () => dayLater;
    const added = await ensureProgram(test.ctx).finally(() => (test.ctx.now = clock));
    assert.equal(added, 24 + 12, 'one more day of live (hourly) and premium (two-hourly) slots');
    assert.equal(await countRows(), before + added);
  });
});
