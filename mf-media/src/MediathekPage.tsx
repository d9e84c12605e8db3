import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MEDIATHEK_ORIGINS,
  MEDIATHEK_SOURCES,
  mediaEndpoints,
  type MediathekItem,
  type MediathekMediaType,
  type MediathekSource,
} from '@velvet/contracts';
import {
  LoadState,
  useLanguage,
  useLoaded,
  useLoggedIn,
  usePagerLabels,
  usePlatform,
  routeLink,
  RouteButton,
} from '@velvet/federation';
import { Button, EmptyState, LoginPrompt, Pager, TabNav, TileGrid } from '@velvet/ui';
import { AlbumTile } from './AlbumTile';
import { MessengerMedia } from './MessengerMedia';
import { PinnedPhotos } from './PinnedPhotos';
import { VideoTile } from './VideoTile';
import { useViewerKey } from './viewer';

/** Spec: the media library's page size. */
export const MEDIATHEK_PAGE_SIZE = 30;
type Origin = (typeof MEDIATHEK_ORIGINS)[number];

/** The guest's media library: videos or photos, with a login prompt for anonymous visitors. */
export function MediathekPage({ mediaType }: { mediaType: MediathekMediaType }) {
  const { t } = useTranslation();
  const { router, ui } = usePlatform();
  const loggedIn = useLoggedIn();
  const tab = (name: 'mediathek' | 'mediathekPhotos', label: string, current: boolean) => ({
    key: name,
    label,
    current,
    link: routeLink(router, name),
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
        <>
          <Library key={mediaType} mediaType={mediaType} />
          {mediaType === 'PHOTO' && <PinnedPhotos />}
        </>
      ) : (
        <LoginPrompt text={t('mediathek.loginText')} buttonLabel={t('mediathek.login')} ui={ui} />
      )}
    </section>
  );
}

/** The library tab of the media of the guest's conversations, beside the shop, pinned and archive tabs. */
const MESSENGER_TAB = 'MESSENGER';
type LibraryTab = MediathekSource | typeof MESSENGER_TAB;

/**
 * One media type of the library: the shop, pinned and archive tabs with their totals, and the messenger tab.
 * Answers are cached per request key; a change clears them by starting a new generation of keys, so every tab
 * and the totals load afresh.
 */
function Library({ mediaType }: { mediaType: MediathekMediaType }) {
  const { t } = useTranslation();
  const { api } = usePlatform();
  const language = useLanguage();
  const guestKey = useViewerKey();
  const [tab, setTab] = useState<LibraryTab>('PURCHASED');
  const [generation, setGeneration] = useState(0);
  const keyBase = `mediathek|${guestKey}|${language}|${generation}`;
  const totals = useLoaded(`${keyBase}|totals`, () => api.rest(mediaEndpoints.mediathekTotals));
  const count = (source: MediathekSource) => totals.data?.[mediaType][source];
  const tabButton = (value: LibraryTab, label: string) => (
    <Button
      key={value}
      variant={value === tab ? 'primary' : 'secondary'}
      size="small"
      aria-pressed={value === tab}
      onClick={() => setTab(value)}
    >
      {label}
    </Button>
  );
  return (
    <>
      <div role="group" aria-label={t('mediathek.sources')} className="mf-media-library-tabs">
        {MEDIATHEK_SOURCES.map((source) =>
          tabButton(
            source,
            count(source) === undefined
              ? t(`mediathek.source.${source}`)
              : t('mediathek.sourceCount', { label: t(`mediathek.source.${source}`), count: count(source) }),
          ),
        )}
        {tabButton(MESSENGER_TAB, t('mediathek.messenger.tab'))}
      </div>
      {tab === MESSENGER_TAB ? (
        <MessengerMedia mediaType={mediaType} />
      ) : (
        <LibraryItems
          key={tab}
          mediaType={mediaType}
          source={tab}
          keyBase={keyBase}
          onChanged={() => setGeneration((g) => g + 1)}
        />
      )}
    </>
  );
}

/** One tab of owned or pinned items: the origin filter, the pages, and archive / restore per item. */
function LibraryItems({
  mediaType,
  source,
  keyBase,
  onChanged,
}: {
  mediaType: MediathekMediaType;
  source: MediathekSource;
  keyBase: string;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const { api, ui } = usePlatform();
  const pagerLabels = usePagerLabels();
  const [origin, setOrigin] = useState<Origin | ''>('');
  const [page, setPage] = useState(1);
  const loaded = useLoaded(`${keyBase}|${mediaType}|${source}|${origin}|${page}`, () =>
    api.rest(mediaEndpoints.mediathek, {
      query: {
        mediaType,
        sourceType: source,
        ...(origin ? { originType: origin } : {}),
        page,
        pageSize: MEDIATHEK_PAGE_SIZE,
      },
    }),
  );
  const archive = async (item: MediathekItem) => {
    try {
      await api.rest(mediaEndpoints.mediathekArchive, {
        body: { mediaType, mediaId: item.mediaId, archived: item.source !== 'ARCHIVED' },
      });
      ui.toast(t(item.source === 'ARCHIVED' ? 'mediathek.restored' : 'mediathek.archived'), 'success');
      onChanged();
    } catch {
      ui.toast(t('mediathek.archiveFailed'), 'error');
    }
  };
  return (
    <>
      <div className="mf-media-library-bar">
        <label>
          {t('mediathek.origin')}{' '}
          <select
            value={origin}
            onChange={(event) => {
              setOrigin(event.target.value as Origin | '');
              setPage(1);
            }}
          >
            <option value="">{t('mediathek.originAll')}</option>
            {MEDIATHEK_ORIGINS.map((value) => (
              <option key={value} value={value}>
                {t(`mediathek.originType.${value}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <LoadState loaded={loaded} notFound={t('mediathek.empty')}>
        {(library) =>
          library.items.length === 0 ? (
            <EmptyLibrary />
          ) : (
            <>
              <TileGrid label={t(`mediathek.source.${source}`)}>
                {library.items.map((item) => {
                  const footer = (
                    <Button variant="ghost" size="small" onClick={() => void archive(item)}>
                      {item.source === 'ARCHIVED' ? t('mediathek.restore') : t('mediathek.archive')}
                    </Button>
                  );
                  return item.video ? (
                    <VideoTile key={`v${item.video.id}-${item.addedAt}`} video={item.video} footer={footer} />
                  ) : item.album ? (
                    <AlbumTile key={`a${item.album.id}-${item.addedAt}`} album={item.album} footer={footer} />
                  ) : null;
                })}
              </TileGrid>
              <Pager
                page={page}
                pageCount={Math.ceil(library.total / MEDIATHEK_PAGE_SIZE)}
                onChange={setPage}
                labels={pagerLabels}
              />
            </>
          )
        }
      </LoadState>
    </>
  );
}

function EmptyLibrary() {
  const { t } = useTranslation();
  return (
    <EmptyState
      title={t('mediathek.empty')}
      text={t('mediathek.emptyText')}
      action={<RouteButton to="videos">{t('mediathek.browse')}</RouteButton>}
    />
  );
}
