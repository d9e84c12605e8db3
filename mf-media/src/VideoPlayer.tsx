import { useTranslation } from 'react-i18next';
import type { Video } from '@velvet/contracts';
import { IncentiveOffer, useRegionIncentives, useSession } from '@velvet/federation';
import { AgeGate } from './AgeGate';

/**
 * The video's clip: in full for owners and free videos (streamed with the session's token, as every REST call
 * carries it), the preview for everyone else. Without a clip the preview image stands in. A video that needs an
 * age check shows its blurred preview (as the server answers it) and the way to the check instead.
 */
export function VideoPlayer({ video }: { video: Video }) {
  const { t } = useTranslation();
  const session = useSession();
  // The preview's end is the videoPlayer region's event: its incentives show over the player, which keeps its size.
  const { shown, load, close, accept } = useRegionIncentives({ region: 'videoPlayer', videoId: video.id });
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
  const previewEnded = () => {
    if (!full) void load();
  };
  return (
    <figure className="mf-media-player">
      {shown ? (
        <IncentiveOffer
          incentive={shown}
          className="mf-media-player__incentive"
          onClose={() => close(shown, 'dismissed')}
          onAccept={() => accept(shown)}
        />
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
