import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Incentive, RemoteIncentiveRequest, Video } from '@velvet/contracts';
import { usePlatform, useSession } from '@velvet/federation';
import { Button } from '@velvet/ui';
import { AgeGate } from './AgeGate';

/**
 * The video's clip: in full for owners and free videos (streamed with the session's token, as every REST call
 * carries it), the preview for everyone else. Without a clip the preview image stands in. A video that needs an
 * age check shows its blurred preview (as the server answers it) and the way to the check instead.
 */
export function VideoPlayer({ video }: { video: Video }) {
  const { t } = useTranslation();
  const session = useSession();
  const platform = usePlatform();
  const [incentives, setIncentives] = useState<readonly Incentive[]>([]);
  const full = video.guestInfo.bought || video.free;
  const { width, height, url: poster } = video.preview;
  if (video.needAgeCheck) {
    return (
      <figure className="mf-media-player mf-media-player--age" data-age-gate="video">
        <img className="mf-media-video__preview" src={poster} width={width} height={height} alt={video.title} />
        <AgeGate text={t('ageGate.video', { age: video.ageRating })} />
      </figure>
    );
  }
  if (!video.clip) {
    return (
      <img
        className="mf-media-video__preview"
        src={poster}
        width={width}
        height={height}
        alt={video.title}
        loading="lazy"
      />
    );
  }
  const src = full
    ? `${video.clip.streamUrl}?accessToken=${encodeURIComponent(session.accessToken)}`
    : video.clip.previewUrl;
  const request: RemoteIncentiveRequest = { region: 'videoPlayer', videoId: video.id };
  // The preview's end is the videoPlayer region's event: its incentives show over the player, which keeps its size.
  const previewEnded = () => {
    if (!full) void platform.incentives.load(request).then(setIncentives);
  };
  const close = (incentive: Incentive, result: 'dismissed' | 'accepted') => {
    setIncentives((shown) => shown.filter((other) => other.uniqueGroup !== incentive.uniqueGroup));
    void platform.incentives.close(request, incentive, result).then((again) => again && setIncentives(again));
  };
  const accept = (incentive: Incentive) => {
    close(incentive, 'accepted');
    const route = incentive.action.routeName as Parameters<typeof platform.router.has>[0] | null;
    if (route && platform.router.has(route)) platform.router.navigate(route);
    else platform.ui.open(session.guest.flags.loggedIn ? 'moneyCharge' : 'signup');
  };
  const shown = incentives[0];
  return (
    <figure className="mf-media-player">
      {shown ? (
        <PreviewIncentive incentive={shown} onClose={() => close(shown, 'dismissed')} onAccept={() => accept(shown)} />
      ) : null}
      <video
        onEnded={previewEnded}
        key={src}
        className="mf-media-video__preview"
        src={src}
        poster={poster}
        width={width}
        height={height}
        controls
        playsInline
        preload="metadata"
        aria-label={t(full ? 'player.full' : 'player.preview', { title: video.title })}
        data-clip={full ? 'full' : 'preview'}
      />
      <figcaption>{full ? t('player.fullCaption') : t('player.previewCaption')}</figcaption>
    </figure>
  );
}

/** An incentive of the videoPlayer region, over the ended preview (the player keeps its place and size). */
function PreviewIncentive({
  incentive,
  onClose,
  onAccept,
}: {
  incentive: Incentive;
  onClose: () => void;
  onAccept: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section className="mf-media-player__incentive" aria-labelledby={titleId} data-testid="incentive-videoPlayer">
      <button
        type="button"
        className="mf-media-player__incentive-close"
        aria-label={t('player.closeOffer')}
        onClick={onClose}
      >
        ×
      </button>
      <h2 id={titleId}>{incentive.title}</h2>
      <p>{incentive.text}</p>
      <Button onClick={onAccept}>{incentive.action.label}</Button>
    </section>
  );
}
