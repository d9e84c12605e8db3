import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type Hls from 'hls.js';
import { RETRY_STREAM_START_MS } from '@velvet/contracts';
import { Button } from '@velvet/ui';
import './LivePlayer.css';

export interface LivePlayerProps {
  /** A live HLS playlist (the chat's stream URL). */
  url: string;
  /** Shown until the first frame. */
  posterUrl: string;
  /** The stream failed for good (also after one retry); `reason` is hls.js's error detail. */
  onFatalError?: (reason: string) => void;
}

type PlayerState = 'loading' | 'playing' | 'buffering' | 'blocked' | 'retrying' | 'failed';

/** The video's intrinsic size, so the layout does not jump while the stream starts. */
const VIDEO_WIDTH = 640;
const VIDEO_HEIGHT = 360;

/**
 * A performer's live video: hls.js (its own chunk, fetched only when a player mounts) plays the live playlist,
 * muted so browsers allow autoplay, with a button to turn the sound on. A fatal stream error is retried once
 * after RETRY_STREAM_START_MS; a second one is reported through `onFatalError`.
 */
export function LivePlayer({ url, posterUrl, onFatalError }: LivePlayerProps) {
  const { t } = useTranslation();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<PlayerState>('loading');
  const [muted, setMuted] = useState(true);
  const onFatalErrorRef = useRef(onFatalError);
  useEffect(() => {
    onFatalErrorRef.current = onFatalError;
  }, [onFatalError]);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let hls: Hls | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let disposed = false;

    const play = () => {
      video.play().catch((error: unknown) => {
        // A browser may refuse even muted autoplay (e.g. data saver): the visitor starts it with a click.
        if (!disposed && error instanceof DOMException && error.name === 'NotAllowedError') setState('blocked');
      });
    };
    const fail = (reason: string) => {
      hls?.destroy();
      hls = null;
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
      const { default: HlsPlayer } = await import(/* webpackChunkName: "hls" */ 'hls.js/light');
      if (disposed) return;
      if (!HlsPlayer.isSupported()) {
        // Safari on iOS has no MediaSource but plays HLS itself.
        if (video.canPlayType('application/vnd.apple.mpegurl')) {
          video.src = url;
          play();
        } else fail('mediaSourceUnsupported');
        return;
      }
      // Segments are small (2 s at about 200 kbit/s): remuxing them here costs milliseconds, while a worker would
      // first have to compile hls.js's remuxer again, which delays the first picture on a busy machine.
      const player = new HlsPlayer({ enableWorker: false, lowLatencyMode: false, backBufferLength: 10 });
      hls = player;
      player.on(HlsPlayer.Events.MANIFEST_PARSED, play);
      player.on(HlsPlayer.Events.ERROR, (_event, data) => {
        if (data.fatal && hls === player) fail(data.details);
      });
      player.loadSource(url);
      player.attachMedia(video);
    };

    const onPlaying = () => setState('playing');
    const onWaiting = () => setState((current) => (current === 'playing' ? 'buffering' : current));
    video.addEventListener('playing', onPlaying);
    video.addEventListener('waiting', onWaiting);
    start().catch(() => fail('playerLoadError'));
    return () => {
      disposed = true;
      clearTimeout(retryTimer);
      video.removeEventListener('playing', onPlaying);
      video.removeEventListener('waiting', onWaiting);
      hls?.destroy();
      hls = null;
    };
  }, [url]);

  const toggleSound = () => {
    const video = videoRef.current;
    if (!video) return;
    video.muted = !muted;
    setMuted(!muted);
  };

  return (
    <div className="mf-chat-player" data-testid="live-player" data-state={state}>
      <video
        ref={videoRef}
        className="mf-chat-player__video"
        poster={posterUrl}
        width={VIDEO_WIDTH}
        height={VIDEO_HEIGHT}
        muted={muted}
        autoPlay
        playsInline
        aria-label={t('player.label')}
      />
      {state === 'playing' ? null : (
        <div className="mf-chat-player__overlay" role="status">
          {state === 'blocked' ? (
            <Button onClick={() => void videoRef.current?.play().then(() => setState('playing'))}>
              {t('player.play')}
            </Button>
          ) : (
            <span>{t(`player.${state}`)}</span>
          )}
        </div>
      )}
      <div className="mf-chat-player__controls">
        <Button variant="secondary" onClick={toggleSound} aria-pressed={!muted}>
          {muted ? t('player.unmute') : t('player.mute')}
        </Button>
      </div>
    </div>
  );
}
