import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import type { Video } from '@velvet/contracts';
import { useRouteLink } from '@velvet/federation';
import { Tile } from '@velvet/ui';
import { formatDuration } from '@velvet/i18n';
import { MediaPrice } from './MediaPrice';

export const videoRouteArgs = (video: Video) => ({ actorName: video.model.name, videoId: String(video.id) });

/** What a video's card says under its title: performer, duration and price. */
export function VideoFacts({ video }: { video: Video }) {
  return (
    <>
      {video.model.displayName} · {formatDuration(video.duration)} ·{' '}
      <MediaPrice price={video.price} basePrice={video.basePrice} />
    </>
  );
}

/** The labels a video's card carries over its image: new, VIP, VIP30 offer, bought. */
export function VideoBadges({ video }: { video: Video }) {
  const { t } = useTranslation();
  return (
    <>
      {video.new ? <span className="mf-media-badge">{t('badge.new')}</span> : null}
      {video.vip ? <span className="mf-media-badge mf-media-badge--vip">{t('badge.vip')}</span> : null}
      {video.isVip30Offer ? <span className="mf-media-badge mf-media-badge--vip">{t('badge.vip30')}</span> : null}
      {video.guestInfo.bought ? <span className="mf-media-badge">{t('badge.bought')}</span> : null}
    </>
  );
}

export function VideoTile({ video, footer }: { video: Video; footer?: ReactNode }) {
  const link = useRouteLink()('videoDetails', videoRouteArgs(video));
  return (
    <Tile
      link={link}
      image={{ src: video.preview.url, width: video.preview.width, height: video.preview.height, alt: video.title }}
      title={video.title}
      subtitle={<VideoFacts video={video} />}
      badges={<VideoBadges video={video} />}
      footer={footer}
      dataAttributes={{ 'data-video-id': String(video.id) }}
    />
  );
}
