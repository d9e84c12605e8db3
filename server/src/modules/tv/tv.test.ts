import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { and, asc, count, eq, gt, lt } from 'drizzle-orm';
import HLS from 'hls-parser';
import { SANDBOX_CARDS, TV_PREVIEW_SECONDS } from '@velvet/contracts';
import { SEGMENT_MS, WINDOW_SEGMENTS } from '../../media-live/playout';
import { EPISODE_WORDS, SERIES, SHOW_FORMATS, episodeTitle } from './catalogue';
import { TV_RENDITIONS, tvLiveDir, tvLoopName } from './playout';
import { tvEndpoints, tvOperations, type TvProgramEntry } from '@velvet/contracts';
import { createTestApp, type TestApp } from '../../testing/app';
import { assertShownThroughGate, createRatedPerformer, gateGuests } from '../performers/age-fixtures';
import { ensureProgram } from './seed';
import { tvEpisodes, tvProgram, tvProgramActors } from './schema';
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { EPISODE_CLIPS } from './vod';

describe('tv module', () => {
  let test: TestApp;
  let token: string;
  before(async () => {
    test = await createTestApp({ seedScale: 0.05 });
    token = await test.anonymousToken();
  });
  after(() => test.close());

  const get = (url: string, bearer?: string) =>
    test.app.inject({
      method: 'GET',
      url: `/rest/v1${url}`,
      headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
    });
  const query = async (document: string, variables: Record<string, unknown> = {}, bearer = token) => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { authorization: `Bearer ${bearer}` },
      payload: { query: document, variables },
    });
    return response.json<{
      data?: Record<string, unknown>;
      errors?: { message: string; extensions?: { code?: string } }[];
    }>();
  };

  it('answers the live programme from the running show on, for seven days ahead', async (t) => {
    // One instant for the programme's upkeep, the answer and the checks: an hour that begins after seeding has its
    // slot added by the upkeep, as the running server's does, and not between the answer and the checks.
    t.after(test.holdClock());
    await ensureProgram(test.ctx);
    const now = test.ctx.now();
    const response = await get('/tv/program/live?limit=200');
    assert.equal(response.statusCode, 200);
    const { type, entries } = tvEndpoints.program.response.parse(response.json());
    assert.equal(type, 'live');
    const first = entries[0]!;
    const weekAhead = now.getTime() + 7 * 24 * 3600_000;
    assert.ok(new Date(entries.at(-1)!.end).getTime() >= weekAhead, 'filled for seven days ahead');
    assert.equal(entries.length, 7 * 24 + 1, 'the running hour plus seven days of hourly slots');
    assert.ok(new Date(first.begin) <= now && new Date(first.end) > now, 'first entry is on air now');
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

  it('streams: current show and hosts, the free master playlist; premium only as a preview without a subscription', async () => {
    const live = tvEndpoints.stream.response.parse((await get('/tv/stream/live')).json());
    assert.ok(live.current && live.next);
    assert.equal(live.next.begin, live.current.end);
    assert.deepEqual(
      live.hosts.map((host) => host.uid),
      live.current.actors.map((actor) => actor.id),
    );
    for (const host of live.hosts) assert.match(host.link, /^\/en\/amateur\/[^/]+\/$/);
    const german = tvEndpoints.stream.response.parse((await get('/tv/stream/live?language=de')).json());
    for (const host of german.hosts) assert.match(host.link, /^\/de\/amateur\/[^/]+\/$/);
    assert.equal(live.subscriptionRequired, false);
    assert.equal(live.streamUrl, '/live/tv/live/master.m3u8');
    assert.equal(live.previewUrl, null);
    const poster = await test.app.inject({ method: 'GET', url: live.posterUrl! });
    assert.equal(poster.statusCode, 200);
    assert.equal(poster.headers['content-type'], 'image/webp');
    const premium = tvEndpoints.stream.response.parse((await get('/tv/stream/premium')).json());
    assert.equal(premium.subscriptionRequired, true);
    assert.equal(premium.streamUrl, null, 'no full stream without a subscription');
    assert.match(premium.previewUrl!, /^\/live\/tv\/premium\/master\.m3u8\?scope=tv-premium-preview&/);
  });

  it("answers a performer's TV data: the channel she is on air on with its stream, her next show; 404 and 400", async () => {
    const live = tvEndpoints.stream.response.parse((await get('/tv/stream/live')).json());
    const host = live.hosts[0]!;
    const answer = await get(`/actor/getActorTVLivestreamDataById/${host.uid}?language=de`);
    assert.equal(answer.statusCode, 200);
    const onAir = tvEndpoints.actorLivestream.response.parse(answer.json());
    assert.equal(onAir.actorId, host.uid);
    assert.ok(onAir.onAir && onAir.stream?.current, 'she is on air now');
    assert.equal(onAir.stream.type, onAir.onAir);
    assert.ok(onAir.stream.current.actors.some((actor) => actor.id === host.uid));
    assert.equal(onAir.stream.hosts.find((shown) => shown.uid === host.uid)?.link, host.link.replace('/en/', '/de/'));
    if (onAir.next) {
      assert.ok(new Date(onAir.next.begin) >= new Date(onAir.stream.current.end) || onAir.next.type !== onAir.onAir);
      assert.ok(onAir.next.actors.some((actor) => actor.id === host.uid));
    }
    const quiet = await createRatedPerformer(test.ctx.db);
    assert.deepEqual(
      tvEndpoints.actorLivestream.response.parse((await get(`/actor/getActorTVLivestreamDataById/${quiet.id}`)).json()),
      { actorId: quiet.id, onAir: null, stream: null, next: null },
    );
    const unknown = await get('/actor/getActorTVLivestreamDataById/999999999');
    assert.equal(unknown.statusCode, 404);
    assert.equal(unknown.json().code, 'NOT_FOUND');
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999999999999']) {
      const refused = await get(`/actor/getActorTVLivestreamDataById/${bad}`);
      assert.equal(refused.statusCode, 400, bad);
    }
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
    assert.deepEqual(video.video.title, format.latest[0]!.title);
    assert.equal(video.series.key, series.key);

    for (const url of ['/tv/format/no-such-series', '/tv/video/999999']) {
      const response = await get(url);
      assert.equal(response.statusCode, 404, url);
      assert.equal(response.json().code, 'NOT_FOUND');
    }
    assert.equal((await get('/tv/video/abc')).statusCode, 400);
  });

  it("carries a series' description in every language, each that language's own text", async () => {
    const written = SERIES[0]!.description;
    const format = tvEndpoints.format.response.parse((await get('/tv/format/velvet-nights')).json());
    const list = tvEndpoints.series.response.parse((await get('/tv/series?pageSize=5')).json());
    const video = tvEndpoints.video.response.parse((await get(`/tv/video/${format.latest[0]!.id}`)).json());
    const { data } = await query(tvOperations.series.document, { first: 10 });
    const structured = (data as { tvSeries: { nodes: { key: string; description: unknown }[] } }).tvSeries.nodes;
    const mediathek = await query(tvOperations.mediathek.document, { seriesKey: 'velvet-nights', first: 1 });
    const answers = [
      format.series.description,
      list.items[0]!.description,
      video.series.description,
      structured[0]!.description,
      (mediathek.data as { tvMediathek: { series: { description: unknown } } }).tvMediathek.series.description,
    ];
    for (const language of ['de', 'nl', 'es'] as const) assert.notEqual(written[language], written.en, language);
    for (const description of answers) assert.deepEqual(description, written);
  });

  it("carries an episode's title in every language, each that language's own text", async () => {
    const format = tvEndpoints.format.response.parse((await get('/tv/format/velvet-nights')).json());
    const newest = format.latest[0]!;
    // The first series' episode n ends in word n of the seed's words.
    const written = episodeTitle(
      'Velvet Nights',
      newest.episode,
      EPISODE_WORDS[newest.episode % EPISODE_WORDS.length]!,
    );
    const video = tvEndpoints.video.response.parse((await get(`/tv/video/${newest.id}`)).json());
    const suggestion = tvEndpoints.suggest.response.parse((await get(`/tv/suggest/${newest.hashId}`)).json());
    const mediathek = await query(tvOperations.mediathek.document, { seriesKey: 'velvet-nights', first: 1 });
    const answers = [
      newest.title,
      video.video.title,
      suggestion.video.title,
      (mediathek.data as { tvMediathek: { nodes: { title: unknown }[] } }).tvMediathek.nodes[0]!.title,
    ];
    for (const language of ['de', 'nl', 'es'] as const) assert.notEqual(written[language], written.en, language);
    for (const title of answers) assert.deepEqual(title, written);
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

  it('answers the late-night show: events between 22:00 and 04:00 with texts in every language', async () => {
    const { data } = await query(tvOperations.lateNightShow.document);
    const show = (data as { tvLateNightShow: { headerImages: string[]; events: TvProgramEntry[] } }).tvLateNightShow;
    assert.equal(show.headerImages.length, 2);
    assert.ok(show.events.length > 0);
    for (const event of show.events) {
      const hour = new Date(event.begin).getUTCHours();
      assert.ok(hour >= 22 || hour < 4, `${event.begin} is late at night`);
      for (const language of ['de', 'nl', 'es'] as const) {
        assert.ok(event.text[language], `a ${language} text`);
        assert.notEqual(event.text[language], event.text.en);
      }
    }
  });

  it('shows a host rated 18 through the age gate in the programme, the stream and the late-night show', async () => {
    const host = await createRatedPerformer(test.ctx.db);
    const now = test.ctx.now();
    // the running live slot and the next (the hour may turn while the test asks), and tonight's first event
    const live = await test.ctx.db
      .select({ id: tvProgram.id })
      .from(tvProgram)
      .where(and(eq(tvProgram.type, 'live'), gt(tvProgram.end, now)))
      .orderBy(asc(tvProgram.begin))
      .limit(2);
    const [lateNight] = await test.ctx.db
      .select({ id: tvProgram.id })
      .from(tvProgram)
      .where(
        and(
          eq(tvProgram.lateNight, true),
          gt(tvProgram.end, now),
          lt(tvProgram.begin, new Date(now.getTime() + 24 * 3600_000)),
        ),
      )
      .orderBy(asc(tvProgram.begin))
      .limit(1);
    // Late at night the late-night event is one of the live slots: she hosts each once.
    const hosted = new Set([...live, lateNight!].map((entry) => entry.id));
    await test.ctx.db.insert(tvProgramActors).values([...hosted].map((programId) => ({ programId, actorId: host.id })));
    const hostIn = (entry: TvProgramEntry | null | undefined) => {
      const shown = entry?.actors.find((actor) => actor.id === host.id);
      assert.ok(shown, 'she hosts it');
      return shown.avatarUrl;
    };
    await assertShownThroughGate(
      test,
      await gateGuests(test),
      [host.avatarUrl, host.avatarUrl, host.avatarUrl],
      async (bearer) => {
        const program = tvEndpoints.program.response.parse((await get('/tv/program/live?limit=1', bearer)).json());
        const stream = tvEndpoints.stream.response.parse((await get('/tv/stream/live', bearer)).json());
        const { data } = await query(tvOperations.lateNightShow.document, {}, bearer ?? token);
        const { events } = (data as { tvLateNightShow: { events: TvProgramEntry[] } }).tvLateNightShow;
        return [hostIn(program.entries[0]), hostIn(stream.current), hostIn(events.find((e) => e.id === lateNight!.id))];
      },
    );
  });

  it('extends the programme without overlaps when run again', async (t) => {
    const countRows = async () => (await test.ctx.db.select({ rows: count() }).from(tvProgram))[0]!.rows;
    // The upkeep catches up first: an hour begun since seeding has its slot added, once.
    t.after(test.holdClock());
    await ensureProgram(test.ctx);
    const before = await countRows();
    assert.equal(await ensureProgram(test.ctx), 0, 'nothing to add when run again at the same time');
    const dayLater = new Date(test.ctx.now().getTime() + 24 * 3600_000);
    const clock = test.ctx.now;
    test.ctx.now = () => dayLater;
    const added = await ensureProgram(test.ctx).finally(() => (test.ctx.now = clock));
    assert.equal(added, 24 + 12, 'one more day of live (hourly) and premium (two-hourly) slots');
    assert.equal(await countRows(), before + added);
  });

  describe('live video', () => {
    const inject = (url: string) => test.app.inject({ method: 'GET', url });
    const parse = (text: string) => HLS.parse(text);
    const media = (text: string) => {
      const playlist = parse(text);
      assert.ok(!playlist.isMasterPlaylist);
      return playlist as HLS.types.MediaPlaylist;
    };
    const errorOf = (response: { statusCode: number; json(): { code?: string } }) => ({
      status: response.statusCode,
      code: response.json().code,
    });
    /** Runs `body` with the server clock at `time`. */
    const at = async <T>(time: number, body: () => Promise<T>): Promise<T> => {
      const clock = test.ctx.now;
      test.ctx.now = () => new Date(time);
      try {
        return await body();
      } finally {
        test.ctx.now = clock;
      }
    };
    const loopOfUri = (uri: string) => /\/live\/tv\/loops\/([^/]+)\//.exec(uri)![1];

    it('the master playlist names two renditions, best first, each a live playlist of real segments', async () => {
      const response = await inject('/live/tv/live/master.m3u8');
      assert.equal(response.statusCode, 200, response.body);
      assert.equal(response.headers['content-type'], 'application/vnd.apple.mpegurl');
      assert.equal(response.headers['cache-control'], 'no-cache');
      const master = parse(response.body) as HLS.types.MasterPlaylist;
      assert.ok(master.isMasterPlaylist);
      assert.deepEqual(
        master.variants.map((variant) => [variant.uri, variant.resolution?.width, variant.resolution?.height]),
        TV_RENDITIONS.map((r) => [`/live/tv/live/${r.dir}/index.m3u8`, r.width, r.height]),
      );
      assert.ok(master.variants[0]!.bandwidth > master.variants[1]!.bandwidth, 'the larger rendition needs more');
      // Every show's loop keeps that order, byte for byte: the smaller picture is the lighter one.
      for (const show of SHOW_FORMATS.live) {
        const sizes = await Promise.all(
          TV_RENDITIONS.map(async (r) => {
            const files = await readdir(path.join(tvLiveDir(test.config.dataDir), tvLoopName('live', show), r.dir));
            const bytes = await Promise.all(
              files.map(
                async (file) =>
                  (await stat(path.join(tvLiveDir(test.config.dataDir), tvLoopName('live', show), r.dir, file))).size,
              ),
            );
            return bytes.reduce((sum, size) => sum + size, 0);
          }),
        );
        assert.ok(sizes[0]! > sizes[1]!, `${show.key}: ${sizes.join(' > ')}`);
      }
      for (const variant of master.variants) {
        const playlist = media((await inject(variant.uri)).body);
        assert.equal(playlist.segments.length, WINDOW_SEGMENTS);
        const segment = await inject(playlist.segments.at(-1)!.uri);
        assert.equal(segment.statusCode, 200);
        assert.equal(segment.headers['content-type'], 'video/mp2t');
        assert.equal(segment.rawPayload[0], 0x47, 'MPEG-TS');
      }
    });

    it("plays the loop of the show the programme has on, and switches at the show's end on the clock", async () => {
      const { entries } = tvEndpoints.program.response.parse((await get('/tv/program/live?limit=3')).json());
      const [, show, nextShow] = entries as [TvProgramEntry, TvProgramEntry, TvProgramEntry];
      const loopName = (entry: TvProgramEntry) =>
        tvLoopName(
          'live',
          SHOW_FORMATS.live.find((format) => format.title.en === entry.title.en)!,
        );
      const boundary = new Date(show.end).getTime();
      assert.notEqual(loopName(show), loopName(nextShow), 'consecutive shows differ');
      const playlistAt = (time: number) =>
        at(time, async () => media((await inject('/live/tv/live/360p/index.m3u8')).body));

      const middle = await playlistAt(new Date(show.begin).getTime() + 20 * 60_000);
      assert.ok(middle.segments.every((segment) => loopOfUri(segment.uri) === loopName(show)));
      // Two segments after the change: the window holds the end of one show and the start of the next.
      const across = await playlistAt(boundary + 2 * SEGMENT_MS);
      const loops = across.segments.map((segment) => loopOfUri(segment.uri));
      assert.deepEqual(loops, [
        ...Array(WINDOW_SEGMENTS - 2).fill(loopName(show)),
        loopName(nextShow),
        loopName(nextShow),
      ]);
      const first = across.segments[WINDOW_SEGMENTS - 2]!;
      assert.ok(first.discontinuity, 'the new show starts with a discontinuity');
      assert.match(first.uri, /segment-000\.ts$/, 'from its first segment');
      // One segment later the window slid by one.
      const later = await playlistAt(boundary + 3 * SEGMENT_MS);
      assert.equal(later.mediaSequenceBase, across.mediaSequenceBase! + 1);
      assert.equal(later.segments[0]!.uri, across.segments[1]!.uri);
    });

    it('premium: 403 TV_SUBSCRIPTION_REQUIRED without a subscription, a short preview, 200 for a subscriber', async () => {
      assert.deepEqual(errorOf(await inject('/live/tv/premium/master.m3u8')), {
        status: 403,
        code: 'TV_SUBSCRIPTION_REQUIRED',
      });
      assert.deepEqual(errorOf(await inject('/live/tv/premium/360p/index.m3u8')), {
        status: 403,
        code: 'TV_SUBSCRIPTION_REQUIRED',
      });
      const { accessToken } = await test.signup();
      const headers = { authorization: `Bearer ${accessToken}` };
      const streamOf = async () =>
        tvEndpoints.stream.response.parse(
          (await test.app.inject({ method: 'GET', url: '/rest/v1/tv/stream/premium', headers })).json(),
        );

      // Without the subscription: the preview plays, then its URLs expire.
      const before = await streamOf();
      assert.equal(before.streamUrl, null);
      const preview = parse((await inject(before.previewUrl!)).body) as HLS.types.MasterPlaylist;
      const previewMedia = media((await inject(preview.variants[0]!.uri)).body);
      const segment = previewMedia.segments[0]!.uri;
      assert.match(segment, /^\/live\/tv\/loops\/premium-/);
      assert.equal((await inject(segment)).statusCode, 200);
      assert.deepEqual(errorOf(await inject(segment.split('?')[0]!)), {
        status: 403,
        code: 'TV_SUBSCRIPTION_REQUIRED',
      });
      const over = test.ctx.now().getTime() + (TV_PREVIEW_SECONDS + 1) * 1000;
      await at(over, async () => {
        assert.deepEqual(errorOf(await inject(before.previewUrl!)), { status: 403, code: 'LIVE_URL_EXPIRED' });
        assert.deepEqual(errorOf(await inject(segment)), { status: 403, code: 'LIVE_URL_EXPIRED' });
      });
      // A preview's address turned into a subscriber's no longer verifies.
      const forged = before.previewUrl!.replace('scope=tv-premium-preview', 'scope=tv-premium');
      assert.deepEqual(errorOf(await inject(forged)), { status: 403, code: 'LIVE_URL_INVALID' });

      const bought = await test.app.inject({
        method: 'POST',
        url: '/rest/v1/subscriptions/subscribe',
        headers: { ...headers, 'idempotency-key': randomUUID() },
        payload: { plan: 'tv', cardNumber: SANDBOX_CARDS.succeeds },
      });
      assert.equal(bought.statusCode, 200, bought.body);
      const after = await streamOf();
      assert.equal(after.previewUrl, null);
      const master = await inject(after.streamUrl!);
      assert.equal(master.statusCode, 200, master.body);
      const variants = (parse(master.body) as HLS.types.MasterPlaylist).variants;
      assert.equal(variants.length, 2);
      for (const variant of variants) {
        const playlist = await inject(variant.uri);
        assert.equal(playlist.statusCode, 200);
        assert.equal((await inject(media(playlist.body).segments.at(-1)!.uri)).statusCode, 200);
      }
    });
  });

  describe('mediathek on demand', () => {
    const inject = (url: string) => test.app.inject({ method: 'GET', url });
    const firstSeries = async () => tvEndpoints.series.response.parse((await get('/tv/series')).json()).items[0]!;
    const latestEpisode = async () =>
      tvEndpoints.format.response.parse((await get(`/tv/format/${(await firstSeries()).key}`)).json()).latest[0]!;
    const errorOf = (response: { statusCode: number; json(): { code?: string } }) => ({
      status: response.statusCode,
      code: response.json().code,
    });

    it('gives every episode a picture of its own: a frame of the clip it plays, served as a WebP file', async () => {
      const episodes = await test.ctx.db.select().from(tvEpisodes).orderBy(asc(tvEpisodes.id));
      assert.ok(episodes.length >= 6);
      const digests = new Set<string>();
      for (const episode of episodes) {
        assert.equal(episode.previewPicture, `/media/tv/episodes/${episode.id}/poster.webp`);
        const file = await inject(episode.previewPicture);
        assert.equal(file.statusCode, 200);
        assert.equal(file.headers['content-type'], 'image/webp');
        const picture = await sharp(file.rawPayload).metadata();
        assert.deepEqual([picture.format, picture.width, picture.height], ['webp', 640, 360], 'the player size');
        digests.add(createHash('sha256').update(file.rawPayload).digest('hex'));
      }
      assert.equal(digests.size, episodes.length, 'no two episodes share a picture');
      const clips = new Set(episodes.map((episode) => episode.id % EPISODE_CLIPS));
      assert.equal(clips.size, EPISODE_CLIPS, 'also episodes of one clip differ');
      // the list and the video page name it
      const { latest } = tvEndpoints.format.response.parse(
        (await get(`/tv/format/${(await firstSeries()).key}`)).json(),
      );
      for (const video of latest)
        assert.equal(video.previewPicture, episodes.find((episode) => episode.id === video.id)!.previewPicture);
    });

    it('plays a video on demand: two renditions, each a VOD playlist as long as the episode, of real segments', async () => {
      const episode = await latestEpisode();
      const details = tvEndpoints.video.response.parse((await get(`/tv/video/${episode.id}`)).json());
      assert.equal(details.streamUrl, `/vod/tv/${episode.id}/master.m3u8`);
      const response = await inject(details.streamUrl);
      assert.equal(response.statusCode, 200, response.body);
      assert.equal(response.headers['content-type'], 'application/vnd.apple.mpegurl');
      const master = HLS.parse(response.body) as HLS.types.MasterPlaylist;
      assert.ok(master.isMasterPlaylist);
      assert.deepEqual(
        master.variants.map((variant) => [variant.uri, variant.resolution?.height]),
        TV_RENDITIONS.map((r) => [`/vod/tv/${episode.id}/${r.dir}/index.m3u8`, r.height]),
      );
      for (const variant of master.variants) {
        const playlist = HLS.parse((await inject(variant.uri)).body) as HLS.types.MediaPlaylist;
        assert.equal(playlist.playlistType, 'VOD');
        assert.equal(playlist.endlist, true, 'the whole video is listed, so a player can seek anywhere');
        const seconds = playlist.segments.reduce((sum, segment) => sum + segment.duration, 0);
        assert.equal(seconds, Math.ceil(episode.duration / (SEGMENT_MS / 1000)) * (SEGMENT_MS / 1000));
        assert.ok(
          playlist.segments.some((segment) => segment.discontinuity),
          'the clip repeats: timestamps restart',
        );
        for (const segment of [playlist.segments[0]!, playlist.segments.at(-1)!]) {
          const file = await inject(segment.uri);
          assert.equal(file.statusCode, 200, segment.uri);
          assert.equal(file.headers['content-type'], 'video/mp2t');
          assert.equal(file.rawPayload[0], 0x47, 'an MPEG-TS packet');
        }
      }
      const zipped = await test.app.inject({
        method: 'GET',
        url: master.variants[0]!.uri,
        headers: { 'accept-encoding': 'gzip' },
      });
      assert.equal(zipped.headers['content-encoding'], 'gzip', 'the long playlist travels compressed');
      assert.ok(zipped.rawPayload.length * 20 < (await inject(master.variants[0]!.uri)).body.length);
      assert.deepEqual(errorOf(await inject('/vod/tv/999999/master.m3u8')), { status: 404, code: 'NOT_FOUND' });
      assert.deepEqual(errorOf(await inject(`/vod/tv/${episode.id}/1080p/index.m3u8`)), {
        status: 400,
        code: 'VALIDATION_FAILED',
      });
      assert.deepEqual(errorOf(await inject('/vod/tv/clips/episode-1/360p/segment-999.ts')), {
        status: 404,
        code: 'NOT_FOUND',
      });
      assert.deepEqual(errorOf(await inject('/vod/tv/clips/..%2Fetc/360p/segment-000.ts')), {
        status: 400,
        code: 'VALIDATION_FAILED',
      });
    });

    it("keeps a logged-in guest's position per video; visitors and bad positions are refused", async () => {
      const episode = await latestEpisode();
      const guest = (await test.signup()).accessToken;
      const other = (await test.signup()).accessToken;
      const url = `/tv/video/${episode.id}/position`;
      assert.deepEqual(tvEndpoints.position.response.parse((await test.rest('GET', url, guest)).json()), {
        videoId: episode.id,
        seconds: 0,
      });
      for (const seconds of [42, 317]) {
        const saved = await test.rest('PUT', url, guest, { seconds });
        assert.equal(saved.statusCode, 200, saved.body);
      }
      assert.equal((await test.rest('GET', url, guest)).json().seconds, 317, 'the last position counts');
      assert.equal((await test.rest('GET', url, other)).json().seconds, 0, "another guest's is their own");

      assert.deepEqual(errorOf(await test.rest('GET', url, token)), { status: 401, code: 'LOGIN_REQUIRED' });
      assert.deepEqual(errorOf(await test.rest('PUT', url, token, { seconds: 1 })), {
        status: 401,
        code: 'LOGIN_REQUIRED',
      });
      for (const payload of [
        { seconds: -1 },
        { seconds: 1.5 },
        { seconds: 'x' },
        {},
        { seconds: episode.duration + 1 },
      ])
        assert.deepEqual(errorOf(await test.rest('PUT', url, guest, payload)), {
          status: 400,
          code: 'VALIDATION_FAILED',
        });
      assert.deepEqual(errorOf(await test.rest('PUT', '/tv/video/999999/position', guest, { seconds: 1 })), {
        status: 404,
        code: 'NOT_FOUND',
      });
    });

    it('suggests the following episodes first, by the hashId of a video', async () => {
      const series = await firstSeries();
      const mediathek = await query(tvOperations.mediathek.document, { seriesKey: series.key, first: 100 });
      const episodes = (mediathek.data as { tvMediathek: { nodes: { episode: number; hashId: string }[] } }).tvMediathek
        .nodes;
      const first = episodes.find((episode) => episode.episode === 1)!;
      assert.match(first.hashId, /^[0-9a-f]{12}$/);
      const answer = tvEndpoints.suggest.response.parse((await get(`/tv/suggest/${first.hashId}`)).json());
      assert.equal(answer.video.hashId, first.hashId);
      assert.deepEqual(
        answer.suggestions.map((video) => video.episode),
        Array.from({ length: Math.min(8, series.episodeCount - 1) }, (_, index) => index + 2),
      );
      const last = episodes.find((episode) => episode.episode === series.episodeCount)!;
      const none = tvEndpoints.suggest.response.parse((await get(`/tv/suggest/${last.hashId}`)).json());
      assert.deepEqual(none.suggestions, [], 'the only series has nothing after its newest episode');
      assert.deepEqual(errorOf(await get('/tv/suggest/000000000000')), { status: 404, code: 'NOT_FOUND' });
      assert.deepEqual(errorOf(await get('/tv/suggest/not-a-hash')), { status: 400, code: 'VALIDATION_FAILED' });
    });

    it('answers a TV article in four languages with the previous one, models, categories and breadcrumbs', async () => {
      const response = await get('/tv/article/new-series-beach-house');
      assert.equal(response.statusCode, 200, response.body);
      const answer = tvEndpoints.article.response.parse(response.json());
      assert.equal(answer.post.category, 'free-tv');
      for (const language of ['de', 'en', 'nl', 'es'] as const) assert.ok(answer.post.body[language].length > 50);
      assert.equal(new Set(Object.values(answer.post.title)).size, 4, 'a title per language');
      assert.equal(answer.previous?.slug, 'premium-after-dark');
      assert.ok(answer.similar.models.length >= 1 && answer.similar.models.every((model) => model.name));
      assert.deepEqual(
        answer.categories.map(({ key, id, articleCount }) => [key, id, articleCount]),
        [
          ['free-tv', 41, 2],
          ['premium-tv', 40, 2],
        ],
      );
      assert.deepEqual(
        answer.breadcrumbs.map(({ kind, key }) => [kind, key]),
        [
          ['tv', 'tv'],
          ['category', 'free-tv'],
          ['article', 'new-series-beach-house'],
        ],
      );
      const latest = tvEndpoints.articles.response.parse((await get('/tv/articles?limit=3')).json());
      assert.deepEqual(
        latest.posts.map((post) => post.slug),
        ['behind-the-scenes-of-premium', 'new-series-beach-house', 'premium-after-dark'],
        'newest first',
      );
      for (const url of ['/tv/articles?limit=0', '/tv/articles?limit=51', '/tv/articles?limit=x'])
        assert.deepEqual(errorOf(await get(url)), { status: 400, code: 'VALIDATION_FAILED' }, url);
      const oldest = tvEndpoints.article.response.parse((await get('/tv/article/welcome-to-velvet-tv')).json());
      assert.equal(oldest.previous, null);
      assert.deepEqual(errorOf(await get('/tv/article/no-such-article')), { status: 404, code: 'NOT_FOUND' });
      assert.deepEqual(errorOf(await get('/tv/article/Bad_Slug')), { status: 400, code: 'VALIDATION_FAILED' });
    });

    it('updateMediathek: an operator adds the next episode, which plays; guests get 403, bad input 4xx', async () => {
      const series = await firstSeries();
      const title = {
        de: 'Bonus: Hinter den Kulissen',
        en: 'Bonus: Backstage',
        nl: 'Bonus: Achter de schermen',
        es: 'Bonus: Entre bastidores',
      };
      const body = { seriesKey: series.key, title, fsk: 18, duration: 90 };
      const guest = (await test.signup()).accessToken;
      assert.deepEqual(errorOf(await test.rest('POST', '/tv/updateMediathek', guest, body)), {
        status: 403,
        code: 'FORBIDDEN',
      });
      assert.deepEqual(errorOf(await test.rest('POST', '/tv/updateMediathek', token, body)), {
        status: 401,
        code: 'LOGIN_REQUIRED',
      });
      const operator = await test.operatorToken();
      for (const bad of [
        { ...body, fsk: 12 },
        { ...body, duration: 10 },
        { ...body, title: { ...title, nl: '  ' } },
        { ...body, title: { de: title.de, en: title.en, es: title.es } },
        { ...body, title: { ...title, es: 'x'.repeat(201) } },
        // A title in one language only is no longer taken: every guest reads it in her own.
        { ...body, title: 'Bonus: Backstage' },
      ])
        assert.deepEqual(errorOf(await test.rest('POST', '/tv/updateMediathek', operator, bad)), {
          status: 400,
          code: 'VALIDATION_FAILED',
        });
      assert.deepEqual(
        errorOf(await test.rest('POST', '/tv/updateMediathek', operator, { ...body, seriesKey: 'nope' })),
        { status: 404, code: 'NOT_FOUND' },
      );
      const added = await test.rest('POST', '/tv/updateMediathek', operator, body);
      assert.equal(added.statusCode, 200, added.body);
      const video = tvEndpoints.updateMediathek.response.parse(added.json());
      assert.equal(video.episode, series.episodeCount + 1);
      assert.deepEqual(video.title, title);
      assert.equal((await firstSeries()).episodeCount, series.episodeCount + 1);
      const details = tvEndpoints.video.response.parse((await get(`/tv/video/${video.id}`)).json());
      const master = HLS.parse((await inject(details.streamUrl)).body) as HLS.types.MasterPlaylist;
      const playlist = HLS.parse((await inject(master.variants[0]!.uri)).body) as HLS.types.MediaPlaylist;
      assert.equal(playlist.segments.length, 45, '90 s in segments of 2 s');
      assert.equal(video.previewPicture, `/media/tv/episodes/${video.id}/poster.webp`);
      assert.equal((await inject(video.previewPicture)).statusCode, 200);
    });
  });
});
