import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tvEndpoints, type TvVideoDetails } from '@velvet/contracts';
import {
  LoadState,
  useBrowserValue,
  useGuest,
  useLanguage,
  useLoaded,
  usePlatform,
  usePlayerText,
} from '@velvet/federation';
import { LivePlayer } from '@velvet/ui/player';
import { EpisodeList } from './EpisodeList';
import { durationMinutes } from './format';

/** Where a visitor who is not logged in stopped watching a video: kept in the browser only. */
export const positionStorageKey = (videoId: number) => `velvet.tv.position.${videoId}`;

function storedPosition(videoId: number): number {
  const seconds = Number(window.localStorage.getItem(positionStorageKey(videoId)));
  return Number.isInteger(seconds) && seconds > 0 ? seconds : 0;
}

/**
 * Where the viewer stopped last time (null until known, which is after hydration): a logged-in guest's from the
 * server, a visitor's from the browser. The returned `save` keeps a new position the same way.
 */
function useWatchPosition(videoId: number): { startAt: number | null; save: (seconds: number) => void } {
  const { api } = usePlatform();
  const loggedIn = useGuest().flags.loggedIn;
  const hydrated = useBrowserValue(() => true, false);
  const visitorStart = useBrowserValue(() => storedPosition(videoId), null);
  const [guestStart, setGuestStart] = useState<{ videoId: number; seconds: number } | null>(null);
  useEffect(() => {
    if (!hydrated || !loggedIn) return;
    let current = true;
    api
      .rest(tvEndpoints.position, { params: { videoId } })
      .then(({ seconds }) => current && setGuestStart({ videoId, seconds }))
      // Without the saved position the video still plays, from the start.
      .catch(() => current && setGuestStart({ videoId, seconds: 0 }));
    return () => {
      current = false;
    };
  }, [api, hydrated, loggedIn, videoId]);
  const startAt = loggedIn ? (guestStart?.videoId === videoId ? guestStart.seconds : null) : visitorStart;
  const save = useCallback(
    (seconds: number) => {
      if (!loggedIn) window.localStorage.setItem(positionStorageKey(videoId), String(seconds));
      // A lost save costs the viewer a few seconds of the position, nothing else.
      else void api.rest(tvEndpoints.savePosition, { params: { videoId }, body: { seconds } }).catch(() => undefined);
    },
    [api, loggedIn, videoId],
  );
  return { startAt, save };
}

/**
 * The episode's picture: its preview picture on the server and while the saved position loads, then the player,
 * starting where the viewer stopped.
 */
export function EpisodePlayer({ details }: { details: TvVideoDetails }) {
  const playerText = usePlayerText();
  const { startAt, save } = useWatchPosition(details.video.id);
  return (
    <div className="mf-tv-player">
      {startAt === null ? (
        <img className="mf-tv-poster" src={details.video.previewPicture} width={640} height={360} alt="" />
      ) : (
        <LivePlayer
          url={details.streamUrl}
          posterUrl={details.video.previewPicture}
          text={playerText}
          onDemand={{ startAt, onPosition: save }}
        />
      )}
    </div>
  );
}

/** What to watch next, after the guest's own episode (tv/suggest by the video's hashId). */
function Suggestions({ hashId }: { hashId: string }) {
  const { t } = useTranslation();
  const { api } = usePlatform();
  const loaded = useLoaded(`suggest:${hashId}`, () => api.rest(tvEndpoints.suggest, { params: { hashId } }));
  return (
    <LoadState loaded={loaded}>
      {({ suggestions }) =>
        suggestions.length ? (
          <>
            <h2>{t('video.suggestions')}</h2>
            <EpisodeList episodes={suggestions} label={t('video.suggestions')} />
          </>
        ) : null
      }
    </LoadState>
  );
}

/** One TV video (`tv/video/{id}`): the player on demand, what the episode is, and what to watch next. */
export function VideoPage({ seriesKey, videoId }: { seriesKey: string; videoId: string }) {
  const { t } = useTranslation();
  const id = Number(videoId);
  // An address no video can have is not asked for.
  return /^\d{1,9}$/.test(videoId) && id > 0 ? (
    <Video seriesKey={seriesKey} videoId={id} />
  ) : (
    <p role="alert">{t('video.notFound')}</p>
  );
}

function Video({ seriesKey, videoId }: { seriesKey: string; videoId: number }) {
  const { t } = useTranslation();
  const { api } = usePlatform();
  const language = useLanguage();
  const loaded = useLoaded(`tv-video:${videoId}`, () => api.rest(tvEndpoints.video, { params: { videoId } }));
  return (
    <section className="mf-tv-page">
      <LoadState loaded={loaded} notFound={t('video.notFound')}>
        {(details) =>
          // A video under another series' key is no page (the server answers it 404 too).
          details.series.key !== seriesKey ? (
            <p role="alert">{t('video.notFound')}</p>
          ) : (
            <>
              <h1>{details.video.title[language]}</h1>
              <EpisodePlayer key={details.video.id} details={details} />
              <p>
                {t('episode.meta', {
                  episode: details.video.episode,
                  minutes: durationMinutes(details.video.duration),
                  fsk: details.video.fsk,
                })}
              </p>
              <Suggestions hashId={details.video.hashId} />
            </>
          )
        }
      </LoadState>
    </section>
  );
}
