import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { RETRY_STREAM_START_MS } from '@velvet/contracts';
import { renderWithPlatform } from '@velvet/testing';
import { locales } from '../locales';
import { LivePlayer } from './LivePlayer';

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
beforeAll(() => {
  Object.assign(window, { MediaSource: MediaSourceStandIn });
  Object.assign(URL, { createObjectURL: () => 'blob:live-player-test', revokeObjectURL: () => undefined });
  Object.assign(HTMLMediaElement.prototype, { play, pause: () => undefined, load: () => undefined });
});

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
  server = createServer((request, response) => {
    requests.push(request.url ?? '');
    response.setHeader('access-control-allow-origin', '*');
    if (answer === 'playlist' && request.url?.startsWith('/live/7/index.m3u8')) {
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

const renderPlayer = (onFatalError?: (reason: string) => void) =>
  renderWithPlatform(
    <LivePlayer
      url={`${baseUrl}/live/7/index.m3u8?chat=c1`}
      posterUrl="/live/7/poster.webp"
      onFatalError={onFatalError}
    />,
    { remote: 'mf-chat', locales },
  );
const player = () => screen.getByTestId('live-player');
const video = () => player().querySelector('video')!;

describe('LivePlayer', () => {
  it('shows the poster and a loading state, starts muted playback once hls.js has the playlist', async () => {
    renderPlayer();
    expect(player()).toHaveAttribute('data-state', 'loading');
    expect(screen.getByRole('status')).toHaveTextContent('Connecting to the live stream…');
    expect(video()).toHaveAttribute('poster', '/live/7/poster.webp');
    expect(video().muted).toBe(true);
    await waitFor(() => expect(play).toHaveBeenCalled());
    expect(requests[0]).toBe('/live/7/index.m3u8?chat=c1');

    act(() => void video().dispatchEvent(new Event('playing')));
    expect(player()).toHaveAttribute('data-state', 'playing');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    act(() => void video().dispatchEvent(new Event('waiting')));
    expect(screen.getByRole('status')).toHaveTextContent('Buffering…');
  });

  it('turns the sound on and off', async () => {
    renderPlayer();
    fireEvent.click(screen.getByRole('button', { name: 'Sound on' }));
    expect(video().muted).toBe(false);
    expect(screen.getByRole('button', { name: 'Sound off' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Sound off' }));
    expect(video().muted).toBe(true);
  });

  it(
    'retries a stream refused by the server once after RETRY_STREAM_START_MS, then reports it',
    async () => {
      answer = 410;
      const onFatalError = jest.fn();
      renderPlayer(onFatalError);
      await waitFor(() => expect(player()).toHaveAttribute('data-state', 'retrying'));
      expect(screen.getByRole('status')).toHaveTextContent('The stream was interrupted. Trying again…');
      const firstTry = requests.length;
      expect(firstTry).toBeGreaterThan(0);
      expect(onFatalError).not.toHaveBeenCalled();

      await waitFor(() => expect(player()).toHaveAttribute('data-state', 'failed'), {
        timeout: RETRY_STREAM_START_MS + 3000,
      });
      expect(requests.length).toBeGreaterThan(firstTry);
      expect(onFatalError).toHaveBeenCalledTimes(1);
      expect(onFatalError).toHaveBeenCalledWith('manifestLoadError');
      expect(screen.getByRole('status')).toHaveTextContent('The live stream is not available.');
    },
    RETRY_STREAM_START_MS + 10_000,
  );

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
