import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type Hls from 'hls.js';
import { RETRY_STREAM_START_MS } from '@velvet/contracts';
import { formatDuration } from '@velvet/i18n';
import { Button } from './Button';
import './LivePlayer.css';

/** The player's texts, looked up by the page in its language (the common namespace's `player.*`). */
export type LivePlayerText =
  | 'label'
  | 'loading'
  | 'buffering'
  | 'retrying'
  | 'failed'
  | 'blocked'
  | 'play'
  | 'pause'
  | 'unmute'
  | 'mute'
  | 'volume'
  | 'quality'
  | 'qualityAuto'
  | 'fullscreen'
  | 'exitFullscreen'
  | 'retry'
  | 'keys'
  | 'seek'
  | 'onDemandLabel'
  | 'onDemandLoading'
  | 'onDemandFailed'
  | 'onDemandKeys';

/** An on-demand video names itself, its loading and its failure differently from a live stream. */
const ON_DEMAND_TEXT: Partial<Record<LivePlayerText, LivePlayerText>> = {
  label: 'onDemandLabel',
  loading: 'onDemandLoading',
  failed: 'onDemandFailed',
  keys: 'onDemandKeys',
};

/** What makes the player play a video on demand rather than a live stream. */
export interface OnDemandOptions {
  /** Seconds into the video to start from (where the viewer stopped last time). */
  startAt?: number;
  /** Where the viewer is: after every POSITION_STEP_SECONDS of playing, and when pausing or seeking. */
  onPosition?: (seconds: number) => void;
}

export interface LivePlayerProps {
  /** A live HLS playlist: a media playlist or a master playlist of renditions. */
  url: string;
  /** Shown until the first frame. */
  posterUrl: string;
  /** The text of `key` in the page's language. */
  text: (key: LivePlayerText) => string;
  /** The stream failed for good (also after one retry); `reason` is hls.js's error detail. */
  onFatalError?: (reason: string) => void;
  /** An on-demand (VOD) playlist: a seek bar, arrow keys left and right, a start position. */
  onDemand?: OnDemandOptions;
}

type PlayerState = 'loading' | 'playing' | 'paused' | 'buffering' | 'blocked' | 'retrying' | 'failed';

/** The video's intrinsic size, so the layout does not jump while the stream starts. */
const VIDEO_WIDTH = 640;
const VIDEO_HEIGHT = 360;
/** Arrow keys change the volume by this much. */
const VOLUME_STEP = 0.1;
/** hls.js's level for automatic choice by bandwidth. */
const AUTO_LEVEL = -1;
/** Arrow keys left and right move an on-demand video by this many seconds. */
const SEEK_STEP_SECONDS = 10;
/** The position is reported after this many seconds of playing (media time, so a stalled video reports nothing). */
const POSITION_STEP_SECONDS = 5;

/**
 * A live video: hls.js (its own chunk, fetched only when a player mounts) plays the live playlist, muted so
 * browsers allow autoplay (a click starts it where even that is refused). Controls: play/pause, sound and
 * volume, the rendition (automatic by bandwidth unless the viewer picks one), full screen, and keys on the
 * focused player (space or k, m, f, arrow up and down). A fatal stream error is retried once after
 * RETRY_STREAM_START_MS; a second one shows the failure with a button to try again and calls `onFatalError`.
 * With `onDemand` it plays a VOD playlist from `startAt`, with a seek bar, the time, and arrow keys left and
 * right to move. It touches the browser only in effects and handlers, so it renders on the server (video and
 * poster).
 */
export function LivePlayer({ url, posterUrl, text: pageText, onFatalError, onDemand }: LivePlayerProps) {
  const text = (key: LivePlayerText) => pageText((onDemand && ON_DEMAND_TEXT[key]) || key);
  const seekable = onDemand !== undefined;
  const rootRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const hlsRef = useRef<Hls | null>(null);
  const [state, setState] = useState<PlayerState>('loading');
  const [muted, setMuted] = useState(true);
  const [volume, setVolume] = useState(1);
  const [levels, setLevels] = useState<number[]>([]);
  const [level, setLevel] = useState(AUTO_LEVEL);
  const [fullscreen, setFullscreen] = useState(false);
  /** Counts the viewer's retries: each one starts the stream afresh. */
  const [attempt, setAttempt] = useState(0);
  const [time, setTime] = useState({ current: 0, duration: 0 });
  const onFatalErrorRef = useRef(onFatalError);
  const onPositionRef = useRef(onDemand?.onPosition);
  useEffect(() => {
    onFatalErrorRef.current = onFatalError;
    onPositionRef.current = onDemand?.onPosition;
  }, [onFatalError, onDemand?.onPosition]);
  /** Where a stream starts: `startAt` first, then (a retry) where the viewer was. */
  const startAtRef = useRef(onDemand?.startAt ?? 0);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let disposed = false;

    const play = () => {
      video.play().catch((error: unknown) => {
        // A browser may refuse even muted autoplay (e.g. data saver): the visitor starts it with a click.
        if (!disposed && error instanceof DOMException && error.name === 'NotAllowedError') setState('blocked');
      });
    };
    const stop = () => {
      hlsRef.current?.destroy();
      hlsRef.current = null;
    };
    const fail = (reason: string) => {
      stop();
      if (disposed) return;
      if (failures++ === 0) {
        setState('retrying');
        retryTimer = setTimeout(() => void start(), RETRY_STREAM_START_MS);
      } else {
        setState('failed');
        onFatalErrorRef.current?.(reason);
      }
    };
    const start = async () => {
      setState('loading');
      setLevels([]);
      setLevel(AUTO_LEVEL);
      const { default: HlsPlayer } = await import(/* webpackChunkName: "hls" */ 'hls.js/light');
      if (disposed) return;
      if (!HlsPlayer.isSupported()) {
        // Safari on iOS has no MediaSource but plays HLS itself (and picks the rendition itself).
        if (video.canPlayType('application/vnd.apple.mpegurl')) {
          video.src = url;
          if (startAtRef.current > 0) video.currentTime = startAtRef.current;
          play();
        } else fail('mediaSourceUnsupported');
        return;
      }
      // Segments are small (2 s at a few hundred kbit/s): remuxing them here costs milliseconds, while a worker
      // would first have to compile hls.js's remuxer again, which delays the first picture on a busy machine.
      const player = new HlsPlayer({
        enableWorker: false,
        lowLatencyMode: false,
        backBufferLength: 10,
        // A live stream starts at its edge; a video on demand where the viewer stopped.
        startPosition: startAtRef.current > 0 ? startAtRef.current : -1,
      });
      hlsRef.current = player;
      player.on(HlsPlayer.Events.MANIFEST_PARSED, (_event, data) => {
        setLevels(data.levels.map((entry) => entry.height));
        play();
      });
      player.on(HlsPlayer.Events.ERROR, (_event, data) => {
        if (data.fatal && hlsRef.current === player) fail(data.details);
      });
      player.loadSource(url);
      player.attachMedia(video);
    };

    const onPlaying = () => setState('playing');
    const onPause = () =>
      setState((current) => (current === 'playing' || current === 'buffering' ? 'paused' : current));
    const onWaiting = () => setState((current) => (current === 'playing' ? 'buffering' : current));
    let reported = -1;
    const report = () => {
      reported = Math.floor(video.currentTime);
      startAtRef.current = reported;
      onPositionRef.current?.(reported);
    };
    const onTime = () => {
      setTime({ current: video.currentTime, duration: Number.isFinite(video.duration) ? video.duration : 0 });
      if (Math.abs(Math.floor(video.currentTime) - reported) >= POSITION_STEP_SECONDS) report();
    };
    const onPaused = () => {
      onPause();
      if (seekable) report();
    };
    video.addEventListener('playing', onPlaying);
    video.addEventListener('pause', onPaused);
    video.addEventListener('waiting', onWaiting);
    // Only a video on demand has a time to show and a position to keep.
    if (seekable) {
      video.addEventListener('timeupdate', onTime);
      video.addEventListener('durationchange', onTime);
      video.addEventListener('seeked', report);
    }
    start().catch(() => fail('playerLoadError'));
    return () => {
      disposed = true;
      clearTimeout(retryTimer);
      video.removeEventListener('playing', onPlaying);
      video.removeEventListener('pause', onPaused);
      video.removeEventListener('waiting', onWaiting);
      video.removeEventListener('timeupdate', onTime);
      video.removeEventListener('durationchange', onTime);
      video.removeEventListener('seeked', report);
      stop();
    };
  }, [url, attempt, seekable]);

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === rootRef.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const togglePlay = useCallback(() => {
    const video = videoRef.current;
    if (!video) return;
    if (video.paused) void video.play().catch(() => setState('blocked'));
    else video.pause();
  }, []);
  const applySound = (nextMuted: boolean, nextVolume: number) => {
    const video = videoRef.current;
    if (!video) return;
    video.muted = nextMuted;
    video.volume = nextVolume;
    setMuted(nextMuted);
    setVolume(nextVolume);
  };
  const toggleSound = () => applySound(!muted, muted && volume === 0 ? VOLUME_STEP : volume);
  const changeVolume = (next: number) => {
    const clamped = Math.round(Math.min(1, Math.max(0, next)) * 100) / 100;
    applySound(clamped === 0, clamped);
  };
  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void rootRef.current?.requestFullscreen?.();
  };
  const chooseLevel = (next: number) => {
    setLevel(next);
    // A chosen rendition switches at once; automatic lets hls.js pick by the measured bandwidth again.
    if (hlsRef.current) hlsRef.current.currentLevel = next;
  };

  const seek = (seconds: number) => {
    const video = videoRef.current;
    if (!video || !Number.isFinite(video.duration)) return;
    video.currentTime = Math.min(Math.max(0, seconds), video.duration);
    setTime({ current: video.currentTime, duration: video.duration });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Keys belong to the player, not to its buttons, slider and list (space presses a focused button).
    if (event.target !== rootRef.current || event.altKey || event.ctrlKey || event.metaKey) return;
    const actions: Record<string, () => void> = {
      ' ': togglePlay,
      k: togglePlay,
      m: toggleSound,
      f: toggleFullscreen,
      ArrowUp: () => changeVolume((muted ? 0 : volume) + VOLUME_STEP),
      ArrowDown: () => changeVolume((muted ? 0 : volume) - VOLUME_STEP),
      ...(seekable
        ? {
            ArrowLeft: () => seek(time.current - SEEK_STEP_SECONDS),
            ArrowRight: () => seek(time.current + SEEK_STEP_SECONDS),
          }
        : {}),
    };
    const action = actions[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  const shownVolume = muted ? 0 : volume;
  const overlay =
    state === 'playing' || state === 'paused' ? null : state === 'blocked' ? (
      <Button onClick={togglePlay}>{text('play')}</Button>
    ) : state === 'failed' ? (
      <>
        <span>{text('failed')}</span>
        <Button onClick={() => setAttempt((count) => count + 1)}>{text('retry')}</Button>
      </>
    ) : (
      <span>{text(state)}</span>
    );

  return (
    <div
      ref={rootRef}
      className="vv-player"
      data-testid="live-player"
      data-state={state}
      data-level={level}
      tabIndex={0}
      role="region"
      aria-label={text('label')}
      aria-keyshortcuts={`Space K M F ArrowUp ArrowDown${seekable ? ' ArrowLeft ArrowRight' : ''}`}
      title={text('keys')}
      onKeyDown={onKeyDown}
    >
      <video
        ref={videoRef}
        className="vv-player__video"
        poster={posterUrl}
        width={VIDEO_WIDTH}
        height={VIDEO_HEIGHT}
        muted={muted}
        autoPlay
        playsInline
        aria-label={text('label')}
      />
      {overlay ? (
        <div className="vv-player__overlay" role={state === 'failed' ? 'alert' : 'status'}>
          {overlay}
        </div>
      ) : null}
      <div className="vv-player__controls">
        {seekable && time.duration > 0 ? (
          <>
            <input
              className="vv-player__seek"
              type="range"
              min={0}
              max={Math.floor(time.duration)}
              step={1}
              value={Math.floor(time.current)}
              aria-label={text('seek')}
              aria-valuetext={`${formatDuration(time.current)} / ${formatDuration(time.duration)}`}
              onChange={(event) => seek(Number(event.target.value))}
            />
            <span className="vv-player__time">{`${formatDuration(time.current)} / ${formatDuration(time.duration)}`}</span>
          </>
        ) : null}
        <Button size="small" variant="secondary" onClick={togglePlay} disabled={state === 'failed'}>
          {state === 'playing' || state === 'buffering' ? text('pause') : text('play')}
        </Button>
        <Button size="small" variant="secondary" onClick={toggleSound} aria-pressed={!muted}>
          {muted ? text('unmute') : text('mute')}
        </Button>
        <input
          className="vv-player__volume"
          type="range"
          min={0}
          max={1}
          step={VOLUME_STEP}
          value={shownVolume}
          aria-label={text('volume')}
          onChange={(event) => changeVolume(Number(event.target.value))}
        />
        {levels.length > 1 ? (
          <select
            className="vv-player__quality"
            aria-label={text('quality')}
            value={level}
            onChange={(event) => chooseLevel(Number(event.target.value))}
          >
            <option value={AUTO_LEVEL}>{text('qualityAuto')}</option>
            {levels
              .map((height, index) => ({ height, index }))
              // hls.js lists renditions by bitrate, smallest first; the list shows the best first.
              .sort((a, b) => b.height - a.height)
              .map(({ height, index }) => (
                <option key={index} value={index}>{`${height}p`}</option>
              ))}
          </select>
        ) : null}
        <Button size="small" variant="secondary" onClick={toggleFullscreen} aria-pressed={fullscreen}>
          {fullscreen ? text('exitFullscreen') : text('fullscreen')}
        </Button>
      </div>
    </div>
  );
}
