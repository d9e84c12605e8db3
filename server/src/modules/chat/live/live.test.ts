import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import HLS from 'hls-parser';
import { errorBody } from '@velvet/contracts';
import { createTestApp, type TestApp } from '../../../testing/app';
import { eq } from 'drizzle-orm';
import { chatSessions } from '../schema';
import { listPerformerCards } from '../../performers/catalogue';
import { ensureLiveLoops, listLiveLoops, liveDir } from './loops';
import { LOOP_SEGMENTS, type LiveLoop } from '../../../media-live/loops';
import { SEGMENT_URL_SECONDS, signLiveUrl } from '../../../media-live/signing';
import { POSTER_FILE, SEGMENT_SECONDS, WINDOW_SEGMENTS, segmentFileName } from '../../../media-live/playout';
import { liveStreamUrls, performerPlaylist } from './playout';

const run = promisify(execFile);
const SEGMENT_MS = SEGMENT_SECONDS * 1000;

/** Parses with a real HLS parser: anything it rejects is not a playlist a player would take. */
function parseMedia(text: string): HLS.types.MediaPlaylist {
  const playlist = HLS.parse(text);
  assert.ok(!playlist.isMasterPlaylist, 'a media playlist');
  return playlist as HLS.types.MediaPlaylist;
}
const loop: LiveLoop = { name: 'loop-1', segmentCount: 12, renditions: [] };
/** The playlist's own logic, without the signing of its segment URLs. */
const unsigned = (uri: string) => uri;
/** Which segment of the loop a playlist entry is. */
const indexOf = (segment: HLS.types.Segment) => Number(/segment-(\d+)\.ts$/.exec(segment.uri)![1]);

describe('the live playlist from the clock', () => {
  const start = Date.UTC(2026, 10, 22, 8, 0, 0);

  it('is a live window of WINDOW_SEGMENTS segments of SEGMENT_SECONDS, sequence numbers from the clock', () => {
    const playlist = parseMedia(performerPlaylist(loop, 3, start, unsigned));
    assert.equal(playlist.endlist, false, 'live: no end');
    assert.equal(playlist.targetDuration, SEGMENT_SECONDS);
    assert.equal(playlist.segments.length, WINDOW_SEGMENTS);
    for (const segment of playlist.segments) {
      assert.equal(segment.duration, SEGMENT_SECONDS);
      assert.match(segment.uri, /^\/live\/loops\/loop-1\/segment-\d{3}\.ts$/);
    }
    const sequences = playlist.segments.map((s) => s.mediaSequenceNumber);
    assert.deepEqual(
      sequences,
      Array.from({ length: WINDOW_SEGMENTS }, (_, i) => playlist.mediaSequenceBase! + i),
    );
    // Consecutive entries are consecutive segments of the loop.
    const indexes = playlist.segments.map(indexOf);
    indexes.forEach((index, i) => assert.equal(index, sequences[i]! % loop.segmentCount));
  });

  it('slides by one segment every SEGMENT_SECONDS and stays put in between', () => {
    const at = (ms: number) => parseMedia(performerPlaylist(loop, 3, start + ms, unsigned));
    const first = at(0);
    assert.deepEqual(at(SEGMENT_MS - 1), first, 'the same playlist within one segment');
    const next = at(SEGMENT_MS);
    assert.equal(next.mediaSequenceBase, first.mediaSequenceBase! + 1);
    assert.deepEqual(
      next.segments.slice(0, -1).map((s) => s.uri),
      first.segments.slice(1).map((s) => s.uri),
    );
    const minuteLater = at(60_000);
    assert.equal(minuteLater.mediaSequenceBase, first.mediaSequenceBase! + 60_000 / SEGMENT_MS);
  });

  it('marks the wrap of the loop with a discontinuity and counts the wraps that slid out', () => {
    let wraps = 0;
    // Two and a half loops, one segment at a time: every entry's discontinuity sequence is its loop round.
    for (let step = 0; step < loop.segmentCount * 2.5; step++) {
      const playlist = parseMedia(performerPlaylist(loop, 3, start + step * SEGMENT_MS, unsigned));
      for (const [i, segment] of playlist.segments.entries()) {
        const round = Math.floor(segment.mediaSequenceNumber / loop.segmentCount);
        assert.equal(segment.discontinuitySequence, round, `segment ${segment.mediaSequenceNumber}`);
        const wrapsHere = indexOf(segment) === 0 && i > 0;
        assert.equal(Boolean(segment.discontinuity), wrapsHere, `discontinuity only where the loop starts again`);
        if (wrapsHere) wraps++;
      }
    }
    assert.ok(wraps >= 2, 'the window crossed the wrap');
  });

  it('starts performers that share a loop at different points', () => {
    const uris = (actorId: number) =>
      parseMedia(performerPlaylist(loop, actorId, start, unsigned)).segments.map((s) => s.uri);
    assert.notDeepEqual(uris(3), uris(4));
  });
});

describe('a generated loop', () => {
  // A temporary folder of its own, so the loop is really encoded here and the shared cache stays untouched.
  const systemTmp = process.env.TMPDIR;
  let scratch: string;
  let dataDir: string;
  const file = (name: string) => path.join(liveDir(dataDir), 'loop-1', name);
  before(async () => {
    scratch = await mkdtemp(path.join(tmpdir(), 'velvet-live-test-'));
    process.env.TMPDIR = scratch;
    dataDir = await mkdtemp(path.join(scratch, 'data-'));
    await ensureLiveLoops(dataDir, 1);
  });
  after(async () => {
    if (systemTmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = systemTmp;
    await rm(scratch, { recursive: true, force: true });
  });

  it('is cut into equal segments of SEGMENT_SECONDS and found with its segment count', async () => {
    assert.deepEqual(
      (await listLiveLoops(dataDir)).map(({ name, segmentCount }) => ({ name, segmentCount })),
      [{ name: 'loop-1', segmentCount: LOOP_SEGMENTS }],
    );
    const own = parseMedia(await readFile(file('index.m3u8'), 'utf8'));
    assert.equal(own.segments.length, LOOP_SEGMENTS);
    for (const segment of own.segments) assert.equal(segment.duration, SEGMENT_SECONDS);
    assert.deepEqual(
      (await readdir(path.dirname(file('index.m3u8')))).sort(),
      ['index.m3u8', POSTER_FILE, ...own.segments.map((s) => s.uri)].sort(),
    );
  });

  it('is H.264 baseline 640x360 with AAC, and every segment starts with a keyframe', async () => {
    for (const index of [0, 5, LOOP_SEGMENTS - 1]) {
      const { stderr } = await run(ffmpeg.path, [
        '-hide_banner',
        '-i',
        file(segmentFileName(index)),
        '-frames:v',
        '1',
        '-vf',
        'showinfo',
        '-f',
        'null',
        '-',
      ]);
      assert.match(stderr, /Video: h264 \(Constrained Baseline\).*640x360/);
      assert.match(stderr, /Audio: aac/);
      assert.match(stderr, /iskey:1 type:I/, `segment ${index} starts with a keyframe`);
    }
  });

  it('comes from the cache into the next data folder, made again when the cache lost a part of it', async () => {
    const cache = path.join(scratch, 'velvet-live-loops');
    const [entry] = await readdir(cache);
    await rm(path.join(cache, entry!, segmentFileName(3)));
    const next = await mkdtemp(path.join(scratch, 'data-'));
    await ensureLiveLoops(next, 1);
    assert.deepEqual(
      (await listLiveLoops(next)).map(({ name, segmentCount }) => ({ name, segmentCount })),
      [{ name: 'loop-1', segmentCount: LOOP_SEGMENTS }],
    );
    assert.equal((await readdir(path.join(liveDir(next), 'loop-1'))).length, LOOP_SEGMENTS + 2);
    assert.ok((await readdir(path.join(cache, entry!))).includes(segmentFileName(3)), 'the cache is whole again');
  });
});

describe('live routes', () => {
  let t: TestApp;
  let actorId: number;
  let otherActorId: number;
  let chatCount = 0;
  before(async () => {
    t = await createTestApp({ seedScale: 0.05 });
    [actorId, otherActorId] = (await listPerformerCards(t.ctx.db, 2)).map((performer) => performer.id) as [
      number,
      number,
    ];
  });
  after(() => t.close());

  /** A chat row as the chat start writes it. */
  async function chat(values: Partial<typeof chatSessions.$inferInsert> = {}) {
    const id = `live-test-${++chatCount}`;
    await t.ctx.db.insert(chatSessions).values({
      id,
      guestId: `guest-${chatCount}`,
      actorId,
      chatType: 'LIVECHAT',
      sequenceNumber: 1,
      pricePerMinute: 600,
      ...values,
    });
    return id;
  }
  /** The stream URLs the chat start answers for a chat (its guest is the one the chat row names). */
  const streamOf = async (chatId: string, actor = actorId) => {
    const [row] = await t.ctx.db.select().from(chatSessions).where(eq(chatSessions.id, chatId));
    return liveStreamUrls(
      t.config.jwtSecret,
      { id: chatId, actorId: actor, guestId: row?.guestId ?? 'nobody' },
      t.ctx.now(),
    );
  };
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const errorOf = (response: { statusCode: number; json(): unknown }) => ({
    status: response.statusCode,
    code: errorBody.parse(response.json()).code,
  });

  it("the seed made the loops, and a running chat gets its performer's live playlist, never cached", async () => {
    assert.ok((await listLiveLoops(t.config.dataDir)).length >= 1);
    const { url } = await streamOf(await chat());
    const response = await get(url);
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.headers['content-type'], 'application/vnd.apple.mpegurl');
    assert.equal(response.headers['cache-control'], 'no-cache');
    const playlist = parseMedia(response.body);
    assert.equal(playlist.segments.length, WINDOW_SEGMENTS);

    const segment = await get(playlist.segments[0]!.uri);
    assert.equal(segment.statusCode, 200);
    assert.equal(segment.headers['content-type'], 'video/mp2t');
    assert.match(String(segment.headers['cache-control']), /^private, max-age=\d+$/, 'kept by no shared cache');
    assert.equal(segment.rawPayload[0], 0x47, 'an MPEG-TS packet starts with the sync byte');
    assert.equal(Number(segment.headers['content-length']), segment.rawPayload.length);
  });

  it('answers the window of the server clock: one segment further every SEGMENT_SECONDS', async () => {
    const { url } = await streamOf(await chat());
    const realClock = t.ctx.now;
    const at = async (ms: number) => {
      t.ctx.now = () => new Date(ms);
      const response = await get(url);
      assert.equal(response.statusCode, 200, response.body);
      return parseMedia(response.body);
    };
    try {
      const start = Date.now() + 2 * SEGMENT_MS - (Date.now() % SEGMENT_MS);
      const first = await at(start);
      assert.deepEqual(await at(start + SEGMENT_MS - 1), first);
      const next = await at(start + SEGMENT_MS);
      assert.equal(next.mediaSequenceBase, first.mediaSequenceBase! + 1);
      assert.equal(next.segments[0]!.uri, first.segments[1]!.uri);
    } finally {
      t.ctx.now = realClock;
    }
  });

  it('a live preview plays until its time is up', async () => {
    const running = await chat({ chatType: 'LIVE_PREVIEW', endsAt: new Date(Date.now() + 20_000) });
    assert.equal((await get((await streamOf(running)).url)).statusCode, 200);
    const over = await chat({ chatType: 'LIVE_PREVIEW', endsAt: new Date(Date.now() - 1) });
    assert.deepEqual(errorOf(await get((await streamOf(over)).url)), { status: 410, code: 'CHAT_ENDED' });
  });

  it('refuses the playlist without a running chat with that performer', async () => {
    const ended = await chat({ status: 'ended', endedAt: new Date() });
    assert.deepEqual(errorOf(await get((await streamOf(ended)).url)), { status: 410, code: 'CHAT_ENDED' });
    const running = await chat();
    assert.deepEqual(errorOf(await get((await streamOf(running, otherActorId)).url)), {
      status: 404,
      code: 'CHAT_NOT_FOUND',
    });
    assert.deepEqual(errorOf(await get((await streamOf('no-such-chat')).url)), {
      status: 404,
      code: 'CHAT_NOT_FOUND',
    });
    assert.deepEqual(errorOf(await get(`/live/x/index.m3u8?scope=${running}`)), {
      status: 400,
      code: 'VALIDATION_FAILED',
    });
  });

  it("plays only with the URL signed for the chat's guest: the chat id alone, another guest or an edit is 403", async () => {
    const running = await chat();
    const { url } = await streamOf(running);
    const signed = new URL(url, 'http://x');
    const withParam = (name: string, value: string | null) => {
      const edited = new URL(signed);
      if (value === null) edited.searchParams.delete(name);
      else edited.searchParams.set(name, value);
      return `${edited.pathname}${edited.search}`;
    };
    const refused = { status: 403, code: 'LIVE_URL_INVALID' };
    assert.deepEqual(errorOf(await get(`/live/${actorId}/index.m3u8?scope=${running}`)), refused, 'the chat id alone');
    assert.deepEqual(errorOf(await get(`/live/${actorId}/index.m3u8`)), refused);
    assert.deepEqual(errorOf(await get(withParam('guest', 'someone-else'))), refused, 'another guest');
    assert.deepEqual(errorOf(await get(withParam('scope', await chat()))), refused, 'another chat');
    assert.deepEqual(errorOf(await get(withParam('sig', null))), refused);
    const later = String(Number(signed.searchParams.get('expires')) + 3600);
    assert.deepEqual(errorOf(await get(withParam('expires', later))), refused, 'a longer expiry');

    // Signed by the server, but for another guest than the chat's (that guest's own URL pointed at this chat).
    const forOther = liveStreamUrls(t.config.jwtSecret, { id: running, actorId, guestId: 'other-guest' }, t.ctx.now());
    assert.deepEqual(errorOf(await get(forOther.url)), refused, "another guest's signature");

    const playlist = parseMedia((await get(url)).body);
    const segment = playlist.segments[0]!.uri;
    assert.equal((await get(segment)).statusCode, 200);
    const path = segment.split('?')[0]!;
    assert.deepEqual(errorOf(await get(path)), refused, 'a segment without signature');
    const otherPath = playlist.segments[1]!.uri.split('?')[0]!;
    assert.deepEqual(
      errorOf(await get(`${otherPath}?${segment.split('?')[1]}`)),
      refused,
      "another segment's signature",
    );
  });

  it('segment URLs expire within minutes; the playlist, reloaded as hls.js does, lists fresh ones', async () => {
    const running = await chat();
    const { url } = await streamOf(running);
    const realClock = t.ctx.now;
    const start = Date.now();
    try {
      const first = parseMedia((await get(url)).body);
      const old = first.segments.at(-1)!.uri;
      t.ctx.now = () => new Date(start + (SEGMENT_URL_SECONDS + 120) * 1000);
      assert.deepEqual(errorOf(await get(old)), { status: 403, code: 'LIVE_URL_EXPIRED' });
      const reloaded = await get(url);
      assert.equal(reloaded.statusCode, 200, 'the playlist URL outlives the segments');
      const fresh = parseMedia(reloaded.body).segments.at(-1)!.uri;
      assert.equal((await get(fresh)).statusCode, 200);
      const expires = Number(new URL(fresh, 'http://x').searchParams.get('expires'));
      const left = expires * 1000 - t.ctx.now().getTime();
      assert.ok(
        left > (SEGMENT_URL_SECONDS - 1) * 1000 && left <= (SEGMENT_URL_SECONDS + 60) * 1000,
        `${left} ms left`,
      );
    } finally {
      t.ctx.now = realClock;
    }
  });

  it('serves the poster to everyone and nothing but segments and posters of loops', async () => {
    const poster = await get((await streamOf('any')).posterUrl);
    assert.equal(poster.statusCode, 200);
    assert.equal(poster.headers['content-type'], 'image/webp');
    assert.equal(poster.rawPayload.subarray(8, 12).toString('latin1'), 'WEBP');
    const loopPoster = await get(`/live/loops/loop-1/${POSTER_FILE}`);
    assert.equal(loopPoster.headers['cache-control'], 'public, max-age=31536000, immutable');
    for (const url of [
      '/live/loops/loop-1/index.m3u8',
      signLiveUrl(t.config.jwtSecret, '/live/loops/loop-1/segment-999.ts', {
        scope: 'c',
        guest: 'g',
        expires: Math.ceil(Date.now() / 1000) + 60,
      }),
      '/live/loops/loop-1/..%2F..%2Fjwt-secret',
      '/live/loops/..%2F..%2Fjwt-secret/segment-000.ts',
      '/live/loops/media/segment-000.ts',
    ])
      assert.deepEqual(errorOf(await get(url)), { status: 404, code: 'NOT_FOUND' }, url);
  });
});
