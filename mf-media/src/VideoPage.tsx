import { useTranslation } from 'react-i18next';
import { mediaEndpoints } from '@velvet/contracts';
import { LoadState, PageBreadcrumbs, useLanguage, useLoaded, usePlatform, useRouteLink } from '@velvet/federation';
import { ButtonLink } from '@velvet/ui';
import { BuyButton } from './BuyButton';
import { PinButton } from './PinButton';
import { VideoPlayer } from './VideoPlayer';
import { formatDuration } from '@velvet/i18n';
import { MediaPrice } from './MediaPrice';
import { useViewerKey } from './viewer';

/** A video's page: preview, facts, price with discount, likes and the buy action. */
export function VideoPage({ videoId, actorName }: { videoId: string; actorName: string }) {
  const { t } = useTranslation();
  const { api } = usePlatform();
  const profile = useRouteLink()('actorProfile', { actorName });
  const language = useLanguage();
  const guestKey = useViewerKey();
  const loaded = useLoaded(`video|${videoId}|${language}|${guestKey}`, () =>
    api.rest(mediaEndpoints.video, { params: { videoId: Number(videoId) } }),
  );
  return (
    <LoadState loaded={loaded} notFound={t('video.notFound')}>
      {(video) => (
        <article className="mf-media-video" data-video-id={video.id}>
          <PageBreadcrumbs type="actorVideoDetails" payload={{ actorName, videoId }} />
          <VideoPlayer video={video} />
          <div className="mf-media-video__info">
            <h1>{video.title}</h1>
            <p>
              {profile ? (
                <ButtonLink variant="ghost" size="small" {...profile}>
                  {video.model.displayName}
                </ButtonLink>
              ) : (
                video.model.displayName
              )}
            </p>
            <dl className="mf-media-facts">
              <dt>{t('video.duration')}</dt>
              <dd>{formatDuration(video.duration)}</dd>
              <dt>{t('video.ageRating')}</dt>
              <dd>{t('video.ageRatingValue', { age: video.ageRating })}</dd>
              <dt>{t('video.likes')}</dt>
              <dd>{video.rating.likes}</dd>
              <dt>{t('video.price')}</dt>
              <dd>
                <MediaPrice price={video.price} basePrice={video.basePrice} />
              </dd>
            </dl>
            <div className="mf-media-actions">
              {video.guestInfo.bought ? (
                <p>{t('video.inLibrary')}</p>
              ) : (
                <BuyButton
                  mediaType="VIDEO"
                  mediaId={video.id}
                  actorId={video.model.id}
                  price={video.price.value}
                  free={video.free}
                  onBought={() => loaded.update((v) => ({ ...v, guestInfo: { ...v.guestInfo, bought: true } }))}
                  onPriceChanged={loaded.reload}
                />
              )}
              <PinButton target={{ mediaType: 'VIDEO', mediaId: video.id }} pinned={video.guestInfo.pinned} />
            </div>
            <p>{video.description}</p>
            {video.tags.length > 0 ? (
              <ul className="mf-media-tags" aria-label={t('video.tags')}>
                {video.tags.map((tag) => (
                  <li key={tag}>{t(`tag.${tag}`, { defaultValue: tag })}</li>
                ))}
              </ul>
            ) : null}
          </div>
        </article>
      )}
    </LoadState>
  );
}
