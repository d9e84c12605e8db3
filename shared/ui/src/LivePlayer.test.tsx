import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RETRY_STREAM_START_MS } from '@velvet/contracts';
import { LivePlayer, type LivePlayerText } from './LivePlayer';

/** The page looks the texts up in its language; here each text is its key. */
const text = (key: LivePlayerText) => `player.${key}`;

/**
 * The real hls.js against a real HTTP server. jsdom has no media pipeline, so only what it lacks is filled in:
 * MediaSource (enough for hls.js to call itself supported and attach), object URLs, and play().
 */
class MediaSourceStandIn extends EventTarget {
  static isTypeSupported = () => true;
  readyState = 'closed';
  sourceBuffers = [];
  activeSourceBuffers = [];
  duration = NaN;
}
const play = jest.fn(() => Promise.resolve());
const pause = jest.fn();
const requestFullscreen = jest.fn(() => Promise.resolve());
beforeAll(() => {
  Object.assign(window, { MediaSource: MediaSourceStandIn });
  Object.assign(URL, { createObjectURL: () => 'blob:live-player-test', revokeObjectURL: () => undefined });
  Object.assign(HTMLMediaElement.prototype, { play, pause, load: () => undefined });
  Object.assign(HTMLElement.prototype, { requestFullscreen });
});

/** A master playlist of two renditions, as the TV channels answer. */
const masterPlaylist = [
  '#EXTM3U',
  '#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360,CODECS="avc1.42c01e,mp4a.40.2"',
  '/live/7/index.m3u8?r=360',
  '#EXT-X-STREAM-INF:BANDWIDTH=300000,RESOLUTION=384x216,CODECS="avc1.42c01e,mp4a.40.2"',
  '/live/7/index.m3u8?r=216',
  '',
].join('\n');

/** A live playlist of the server's shape: four 2 s segments, the sequence moving on with the clock. */
const livePlaylist = () => {
  const sequence = Math.floor(Date.now() / 2000);
  return [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    '#EXT-X-TARGETDURATION:2',
    `#EXT-X-MEDIA-SEQUENCE:${sequence}`,
    ...[0, 1, 2, 3].flatMap((i) => ['#EXTINF:2.000,', `/live/loops/loop-1/segment-${(sequence + i) % 12}.ts`]),
    '',
  ].join('\n');
};

let server: Server;
let baseUrl: string;
let requests: string[];
/** What the playlist URL answers: the live playlist, or a status code (a chat that ended is 410). */
let answer: 'playlist' | number;
beforeEach(async () => {
  requests = [];
  answer = 'playlist';
  play.mockClear();
  pause.mockClear();
  server = createServer((request, response) => {
    requests.push(request.url ?? '');
    response.setHeader('access-control-allow-origin', '*');
    if (answer === 'playlist' && request.url === '/live/7/master.m3u8') {
      response.setHeader('content-type', 'application/vnd.apple.mpegurl');
      response.end(masterPlaylist);
    } else if (answer === 'playlist' && request.url?.startsWith('/live/7/index.m3u8')) {
      response.setHeader('content-type', 'application/vnd.apple.mpegurl');
      response.end(livePlaylist());
    } else {
      response.statusCode = answer === 'playlist' ? 404 : answer;
      response.end('{"code":"CHAT_ENDED"}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(() => new Promise((resolve) => server.close(resolve)));

const renderPlayer = (onFatalError?: (reason: string) => void, path = '/live/7/index.m3u8?scope=c1') =>
  render(
    <LivePlayer url={`${baseUrl}${path}`} posterUrl="/live/7/poster.webp" text={text} onFatalError={onFatalError} />,
  );
const player = () => screen.getByTestId('live-player');
const video = () => player().querySelector('video')!;

describe('LivePlayer', () => {
  it('shows the poster and a loading state, starts muted playback once hls.js has the playlist', async () => {
    renderPlayer();
    expect(player()).toHaveAttribute('data-state', 'loading');
    expect(screen.getByRole('status')).toHaveTextContent('player.loading');
    expect(video()).toHaveAttribute('poster', '/live/7/poster.webp');
    expect(video().muted).toBe(true);
    await waitFor(() => expect(play).toHaveBeenCalled());
    expect(requests[0]).toBe('/live/7/index.m3u8?scope=c1');

    act(() => void video().dispatchEvent(new Event('playing')));
    expect(player()).toHaveAttribute('data-state', 'playing');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    act(() => void video().dispatchEvent(new Event('waiting')));
    expect(screen.getByRole('status')).toHaveTextContent('player.buffering');
  });

  it('turns the sound on and off, and sets the volume', async () => {
    renderPlayer();
    fireEvent.click(screen.getByRole('button', { name: 'player.unmute' }));
    expect(video().muted).toBe(false);
    expect(screen.getByRole('button', { name: 'player.mute' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.change(screen.getByRole('slider', { name: 'player.volume' }), { target: { value: '0.3' } });
    expect(video().volume).toBeCloseTo(0.3);
    fireEvent.change(screen.getByRole('slider', { name: 'player.volume' }), { target: { value: '0' } });
    expect(video().muted).toBe(true);
    expect(screen.getByRole('button', { name: 'player.unmute' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('pauses and plays again, by button and by keys on the focused player', async () => {
    renderPlayer();
    act(() => void video().dispatchEvent(new Event('playing')));
    // jsdom's video never plays: it is told to be playing, as a browser's is now.
    Object.defineProperty(video(), 'paused', { configurable: true, value: false });
    fireEvent.click(screen.getByRole('button', { name: 'player.pause' }));
    expect(pause).toHaveBeenCalledTimes(1);
    act(() => void video().dispatchEvent(new Event('pause')));
    expect(player()).toHaveAttribute('data-state', 'paused');
    Object.defineProperty(video(), 'paused', { configurable: true, value: true });
    play.mockClear();
    fireEvent.keyDown(player(), { key: ' ' });
    expect(play).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(player(), { key: 'm' });
    expect(video().muted).toBe(false);
    fireEvent.keyDown(player(), { key: 'ArrowDown' });
    expect(video().volume).toBeCloseTo(0.9);
    fireEvent.keyDown(player(), { key: 'f' });
    expect(requestFullscreen).toHaveBeenCalledTimes(1);
    // Keys pressed on a control are the control's.
    fireEvent.keyDown(screen.getByRole('button', { name: 'player.mute' }), { key: 'm' });
    expect(video().muted).toBe(false);
  });

  it('offers the renditions of a master playlist, automatic first, and switches to the one chosen', async () => {
    renderPlayer(undefined, '/live/7/master.m3u8');
    const quality = await screen.findByRole('combobox', { name: 'player.quality' });
    expect([...quality.querySelectorAll('option')].map((option) => option.textContent)).toEqual([
      'player.qualityAuto',
      '360p',
      '216p',
    ]);
    const small = screen.getByRole<HTMLOptionElement>('option', { name: '216p' }).value;
    fireEvent.change(quality, { target: { value: small } });
    expect(player()).toHaveAttribute('data-level', small);
    await waitFor(() => expect(requests).toContain('/live/7/index.m3u8?r=216'));
  });

  it(
    'retries a stream refused by the server once after RETRY_STREAM_START_MS, then reports it',
    async () => {
      answer = 410;
      const onFatalError = jest.fn();
      renderPlayer(onFatalError);
      await waitFor(() => expect(player()).toHaveAttribute('data-state', 'retrying'));
      expect(screen.getByRole('status')).toHaveTextContent('player.retrying');
      const firstTry = requests.length;
      expect(firstTry).toBeGreaterThan(0);
      expect(onFatalError).not.toHaveBeenCalled();

      await waitFor(() => expect(player()).toHaveAttribute('data-state', 'failed'), {
        timeout: RETRY_STREAM_START_MS + 3000,
      });
      expect(requests.length).toBeGreaterThan(firstTry);
      expect(onFatalError).toHaveBeenCalledTimes(1);
      expect(onFatalError).toHaveBeenCalledWith('manifestLoadError');
      expect(screen.getByRole('alert')).toHaveTextContent('player.failed');

      // The viewer tries again: the stream starts afresh.
      answer = 'playlist';
      const beforeRetry = requests.length;
      fireEvent.click(screen.getByRole('button', { name: 'player.retry' }));
      expect(player()).toHaveAttribute('data-state', 'loading');
      await waitFor(() => expect(requests.length).toBeGreaterThan(beforeRetry));
      await waitFor(() => expect(play).toHaveBeenCalled());
    },
    RETRY_STREAM_START_MS + 10_000,
  );

  it('plays a video on demand from where the viewer stopped: seek bar, time, arrow keys, positions reported', async () => {
    const onPosition = jest.fn();
    render(
      <LivePlayer
        url={`${baseUrl}/live/7/master.m3u8`}
        posterUrl="/vod/7/poster.webp"
        text={text}
        onDemand={{ startAt: 120, onPosition }}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('player.onDemandLoading');
    expect(player()).toHaveAttribute('aria-label', 'player.onDemandLabel');
    expect(player()).toHaveAttribute('aria-keyshortcuts', 'Space K M F ArrowUp ArrowDown ArrowLeft ArrowRight');
    await waitFor(() => expect(play).toHaveBeenCalled());
    // jsdom has no media pipeline: the video is told its length and position, as a browser's would be.
    let position = 120;
    Object.defineProperty(video(), 'duration', { configurable: true, value: 600 });
    Object.defineProperty(video(), 'currentTime', {
      configurable: true,
      get: () => position,
      set: (value: number) => void (position = value),
    });
    act(() => void video().dispatchEvent(new Event('durationchange')));
    const seekBar = screen.getByRole('slider', { name: 'player.seek' });
    expect(seekBar).toHaveValue('120');
    expect(seekBar).toHaveAttribute('max', '600');
    expect(player()).toHaveTextContent('2:00 / 10:00');

    fireEvent.change(seekBar, { target: { value: '300' } });
    expect(position).toBe(300);
    act(() => void video().dispatchEvent(new Event('seeked')));
    expect(onPosition).toHaveBeenLastCalledWith(300);
    fireEvent.keyDown(player(), { key: 'ArrowRight' });
    expect(position).toBe(310);
    fireEvent.keyDown(player(), { key: 'ArrowLeft' });
    fireEvent.keyDown(player(), { key: 'ArrowLeft' });
    expect(position).toBe(290);
    fireEvent.keyDown(player(), { key: 'ArrowLeft' });
    fireEvent.change(seekBar, { target: { value: '0' } });
    fireEvent.keyDown(player(), { key: 'ArrowLeft' });
    expect(position).toBe(0);
    act(() => void video().dispatchEvent(new Event('seeked')));
    expect(onPosition).toHaveBeenLastCalledWith(0);

    // Playing reports every POSITION_STEP_SECONDS of media time, not every frame.
    onPosition.mockClear();
    for (const at of [1, 2, 4, 5, 6, 9, 10]) {
      position = at;
      act(() => void video().dispatchEvent(new Event('timeupdate')));
    }
    expect(onPosition.mock.calls).toEqual([[5], [10]]);
    position = 12;
    act(() => void video().dispatchEvent(new Event('pause')));
    expect(onPosition).toHaveBeenLastCalledWith(12);
  });

  it('has no seek bar and no left and right keys on a live stream', async () => {
    renderPlayer();
    await waitFor(() => expect(play).toHaveBeenCalled());
    Object.defineProperty(video(), 'duration', { configurable: true, value: Infinity });
    act(() => void video().dispatchEvent(new Event('durationchange')));
    expect(screen.queryByRole('slider', { name: 'player.seek' })).not.toBeInTheDocument();
    expect(player()).toHaveAttribute('aria-label', 'player.label');
  });

  it('stops loading when it goes away', async () => {
    const { unmount } = renderPlayer();
    // While it plays, hls.js reloads the live playlist every target duration...
    await waitFor(() => expect(requests.length).toBeGreaterThanOrEqual(2), { timeout: 5000 });
    unmount();
    const after = requests.length;
    // What is tested is that nothing comes: no event marks a reload that never happens, so the test waits longer
    // than hls.js waits between reloads (the 2 s target duration of the playlist).
    await new Promise((resolve) => setTimeout(resolve, 2500));
    // ...and not after.
    expect(requests.length).toBe(after);
  });
});
