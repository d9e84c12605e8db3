import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { mediaEndpoints, type Page, type SlotProps } from '@velvet/contracts';
import { LoadState, useLanguage, useLoaded, usePagerLabels, usePlatform } from '@velvet/federation';
import { EmptyState, Pager, TileGrid } from '@velvet/ui';
import { AlbumRating } from './AlbumRating';
import { AlbumTile } from './AlbumTile';
import { VideoTile } from './VideoTile';
import { useViewerKey } from './viewer';

const PAGE_SIZE = 16;

/** One paged tile list of a performer's media. */
function PagedTiles<T>({
  loadKey,
  load,
  label,
  emptyLabel,
  tile,
}: {
  loadKey: string;
  load: (query: { page: number; pageSize: number }) => Promise<Page<T>>;
  label: string;
  emptyLabel: string;
  tile: (item: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const pagerLabels = usePagerLabels();
  const [page, setPage] = useState(1);
  const language = useLanguage();
  const guestKey = useViewerKey();
  const loaded = useLoaded(`${loadKey}|${page}|${language}|${guestKey}`, () => load({ page, pageSize: PAGE_SIZE }));
  return (
    <LoadState loaded={loaded} notFound={t('grid.empty')}>
      {(result) =>
        result.items.length === 0 ? (
          <EmptyState title={emptyLabel} />
        ) : (
          <>
            <TileGrid label={label}>{result.items.map(tile)}</TileGrid>
            <Pager
              page={page}
              pageCount={Math.ceil(result.total / PAGE_SIZE)}
              onChange={setPage}
              labels={pagerLabels}
            />
          </>
        )
      }
    </LoadState>
  );
}

/** The profile's videos tab. */
export function ActorVideos({ actorId, actorName }: SlotProps<'actorProfile.videos'>) {
  const { t } = useTranslation();
  const { api } = usePlatform();
  return (
    <PagedTiles
      loadKey={`videos|${actorId}`}
      load={(query) => api.rest(mediaEndpoints.actorVideos, { params: { actorId }, query })}
      label={t('actor.videos', { actorName })}
      emptyLabel={t('actor.noVideos')}
      tile={(video) => <VideoTile key={video.id} video={video} />}
    />
  );
}

/** The profile's pictures tab: the sedcards with their rating, then the albums. */
export function ActorAlbums({ actorId, actorName }: SlotProps<'actorProfile.pictures'>) {
  const { t } = useTranslation();
  const { api } = usePlatform();
  return (
    <>
      <ActorSedcards actorId={actorId} actorName={actorName} />
      <PagedTiles
        loadKey={`albums|${actorId}`}
        load={(query) => api.rest(mediaEndpoints.actorAlbums, { params: { actorId }, query })}
        label={t('actor.albums', { actorName })}
        emptyLabel={t('actor.noAlbums')}
        tile={(album) => <AlbumTile key={album.id} album={album} />}
      />
    </>
  );
}

/** A performer's sedcard pictures, liked and disliked as one album. */
function ActorSedcards({ actorId, actorName }: { actorId: number; actorName: string }) {
  const { t } = useTranslation();
  const { api } = usePlatform();
  const language = useLanguage();
  const guestKey = useViewerKey();
  const loaded = useLoaded(`sedcards|${actorId}|${language}|${guestKey}`, () =>
    api.rest(mediaEndpoints.sedcards, { params: { actorIdOrName: String(actorId) } }),
  );
  return (
    <LoadState loaded={loaded}>
      {(sedcards) => (
        <section className="mf-media-sedcards" aria-label={t('actor.sedcards', { actorName })}>
          <ul className="mf-media-pictures">
            {sedcards.pictures.map((picture, index) => (
              <li key={picture.id}>
                <img
                  src={picture.url}
                  width={picture.width}
                  height={picture.height}
                  alt={t('actor.sedcardAlt', { actorName, number: index + 1 })}
                  loading="lazy"
                />
              </li>
            ))}
          </ul>
          <AlbumRating
            initial={sedcards}
            rate={(guestRating) =>
              api.rest(mediaEndpoints.sedcardsRating, { params: { actorId }, body: { guestRating } })
            }
          />
        </section>
      )}
    </LoadState>
  );
}
