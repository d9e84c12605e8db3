import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mediaEndpoints } from '@velvet/contracts';
import { LoadState, useLoaded, usePagerLabels, usePlatform, routeLink } from '@velvet/federation';
import { EmptyState, Pager, Tile, TileGrid } from '@velvet/ui';
import { PinButton } from './PinButton';
import { useViewerKey } from './viewer';

const PAGE_SIZE = 30;

/** The single pictures the guest pinned, newest first, each linking to its album and unpinnable in place. */
export function PinnedPhotos() {
  const { t } = useTranslation();
  const { api, router } = usePlatform();
  const pagerLabels = usePagerLabels();
  const guestKey = useViewerKey();
  const [page, setPage] = useState(1);
  const loaded = useLoaded(`pinnedPhotos|${guestKey}|${page}`, () =>
    api.rest(mediaEndpoints.pinnedPhotos, { query: { page, pageSize: PAGE_SIZE } }),
  );
  return (
    <section className="mf-media-pinned-photos">
      <h2>{t('pinnedPhotos.title')}</h2>
      <LoadState loaded={loaded}>
        {(pinned) =>
          pinned.items.length === 0 ? (
            <EmptyState title={t('pinnedPhotos.empty')} text={t('pinnedPhotos.emptyText')} />
          ) : (
            <>
              <TileGrid label={t('pinnedPhotos.title')}>
                {pinned.items.map((photo) => {
                  return (
                    <Tile
                      key={photo.id}
                      link={routeLink(router, 'albumDetails', {
                        actorName: photo.actor.name,
                        albumId: String(photo.albumId),
                      })}
                      image={{ src: photo.url, width: photo.width, height: photo.height, alt: photo.albumTitle }}
                      title={photo.albumTitle}
                      subtitle={photo.actor.displayName}
                      footer={
                        <PinButton
                          target={{ pictureId: photo.id }}
                          pinned
                          labels={{
                            pin: t('pinnedPhotos.pin', { title: photo.albumTitle }),
                            unpin: t('pinnedPhotos.unpin', { title: photo.albumTitle }),
                          }}
                        />
                      }
                      dataAttributes={{ 'data-picture-id': String(photo.id) }}
                    />
                  );
                })}
              </TileGrid>
              <Pager
                page={page}
                pageCount={Math.ceil(pinned.total / PAGE_SIZE)}
                onChange={setPage}
                labels={pagerLabels}
              />
            </>
          )
        }
      </LoadState>
    </section>
  );
}
