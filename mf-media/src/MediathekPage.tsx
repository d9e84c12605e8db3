import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mediaEndpoints } from '@velvet/contracts';
import {
  LoadState,
  useGuest,
  useLanguage,
  useLoaded,
  useLoggedIn,
  usePagerLabels,
  usePlatform,
} from '@velvet/federation';
import { ButtonLink, EmptyState, LoginPrompt, Pager, TabNav, TileGrid } from '@velvet/ui';
import { AlbumTile } from './AlbumTile';
import { VideoTile } from './VideoTile';

const PAGE_SIZE = 30;

/** The guest's media library: videos or photos, with a login prompt for anonymous visitors. */
export function MediathekPage({ mediaType }: { mediaType: 'VIDEO' | 'PHOTO' }) {
  const { t } = useTranslation();
  const { router, ui } = usePlatform();
  const loggedIn = useLoggedIn();
  const tab = (name: 'mediathek' | 'mediathekPhotos', label: string, current: boolean) => ({
    key: name,
    label,
    current,
    href: router.href(name),
    onNavigate: () => router.navigate(name),
  });
  return (
    <section className="mf-media-mediathek">
      <h1>{t('mediathek.title')}</h1>
      <TabNav
        label={t('mediathek.tabs')}
        items={[
          tab('mediathek', t('mediathek.videos'), mediaType === 'VIDEO'),
          tab('mediathekPhotos', t('mediathek.photos'), mediaType === 'PHOTO'),
        ]}
      />
      {loggedIn ? (
        <Library key={mediaType} mediaType={mediaType} />
      ) : (
        <LoginPrompt text={t('mediathek.loginText')} buttonLabel={t('mediathek.login')} ui={ui} />
      )}
    </section>
  );
}

function Library({ mediaType }: { mediaType: 'VIDEO' | 'PHOTO' }) {
  const { t } = useTranslation();
  const { api, router } = usePlatform();
  const pagerLabels = usePagerLabels();
  const [page, setPage] = useState(1);
  const language = useLanguage();
  const guest = useGuest();
  const loaded = useLoaded(`mediathek|${mediaType}|${page}|${language}|${guest.id}`, () =>
    api.rest(mediaEndpoints.mediathek, { query: { mediaType, page, pageSize: PAGE_SIZE } }),
  );
  return (
    <LoadState loaded={loaded} notFound={t('mediathek.empty')}>
      {(library) =>
        library.items.length === 0 ? (
          <EmptyState
            title={t('mediathek.empty')}
            text={t('mediathek.emptyText')}
            action={
              <ButtonLink href={router.href('videos')} onNavigate={() => router.navigate('videos')}>
                {t('mediathek.browse')}
              </ButtonLink>
            }
          />
        ) : (
          <>
            <TileGrid label={t('mediathek.title')}>
              {library.items.map((item) =>
                item.video ? (
                  <VideoTile key={`v${item.video.id}`} video={item.video} />
                ) : item.album ? (
                  <AlbumTile key={`a${item.album.id}`} album={item.album} />
                ) : null,
              )}
            </TileGrid>
            <Pager
              page={page}
              pageCount={Math.ceil(library.total / PAGE_SIZE)}
              onChange={setPage}
              labels={pagerLabels}
            />
          </>
        )
      }
    </LoadState>
  );
}
