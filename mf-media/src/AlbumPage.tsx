import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { mediaEndpoints } from '@velvet/contracts';
import {
  LoadState,
  PageBreadcrumbs,
  useLanguage,
  useLoaded,
  useLoggedIn,
  usePlatform,
  useRouteLink,
} from '@velvet/federation';
import { ButtonLink } from '@velvet/ui';
import { AgeGate } from './AgeGate';
import { AlbumComments } from './AlbumComments';
import { AlbumRating } from './AlbumRating';
import { BuyButton } from './BuyButton';
import { PinButton } from './PinButton';
import { MediaPrice } from './MediaPrice';
import { useViewerKey } from './viewer';

/** A photo album: its facts, ratings, price and pictures. */
export function AlbumPage({ albumId, actorName }: { albumId: string; actorName: string }) {
  const { t } = useTranslation();
  const { api } = usePlatform();
  const pictures = useRouteLink()('actorPictures', { actorName });
  const language = useLanguage();
  const guestKey = useViewerKey();
  const loggedIn = useLoggedIn();
  const loaded = useLoaded(`album|${albumId}|${language}|${guestKey}`, () =>
    api.rest(mediaEndpoints.album, { query: { albumId: Number(albumId) } }),
  );
  // Spec: an album view is recorded only for logged-in guests. A failed count is not worth bothering the guest.
  const openedId = loaded.data?.id;
  useEffect(() => {
    if (!loggedIn || openedId === undefined) return;
    api.rest(mediaEndpoints.albumView, { body: { albumId: openedId } }).catch(() => undefined);
  }, [api, openedId, loggedIn]);
  return (
    <LoadState loaded={loaded} notFound={t('album.notFound')}>
      {(album) => (
        <article className="mf-media-album" data-album-id={album.id}>
          <PageBreadcrumbs type="actorAlbumDetails" payload={{ actorName, albumId }} />
          <h1>{album.title}</h1>
          <p>
            {pictures ? (
              <ButtonLink variant="ghost" size="small" {...pictures}>
                {album.actor.displayName}
              </ButtonLink>
            ) : (
              album.actor.displayName
            )}
          </p>
          <p>{album.description}</p>
          <dl className="mf-media-facts">
            <dt>{t('album.pictures')}</dt>
            <dd>{album.pictureCount}</dd>
            <dt>{t('album.views')}</dt>
            <dd>{album.albumTotalViews}</dd>
            <dt>{t('video.price')}</dt>
            <dd>
              <MediaPrice price={album.prices.price} basePrice={album.prices.basePrice} />
            </dd>
          </dl>
          <AlbumRating
            initial={album}
            rate={(guestRating) => api.rest(mediaEndpoints.albumRating, { body: { albumId: album.id, guestRating } })}
          />
          <div className="mf-media-actions">
            {album.guestInfo.bought ? (
              <p>{t('album.inLibrary')}</p>
            ) : (
              <BuyButton
                mediaType="PHOTO"
                mediaId={album.id}
                actorId={album.actor.id}
                price={album.prices.price.value}
                free={album.free}
                onBought={() => loaded.update((a) => ({ ...a, guestInfo: { ...a.guestInfo, bought: true } }))}
                onPriceChanged={loaded.reload}
              />
            )}
            <PinButton target={{ mediaType: 'PHOTO', mediaId: album.id }} pinned={album.guestInfo.pinned} />
          </div>
          {album.needAgeCheck ? <AgeGate text={t('ageGate.album', { age: album.ageRating })} /> : null}
          <ul className="mf-media-pictures" aria-label={t('album.pictures')}>
            {album.pictures.map((picture, index) => (
              <li key={picture.id}>
                <img
                  src={picture.url}
                  width={picture.width}
                  height={picture.height}
                  alt={t('album.pictureAlt', { title: album.title, number: index + 1 })}
                  loading="lazy"
                />
                <PinButton
                  target={{ pictureId: picture.id }}
                  pinned={picture.pinned}
                  labels={{
                    pin: t('album.pinPicture', { number: index + 1 }),
                    unpin: t('album.unpinPicture', { number: index + 1 }),
                  }}
                />
              </li>
            ))}
          </ul>
          <AlbumComments albumId={album.id} />
        </article>
      )}
    </LoadState>
  );
}
