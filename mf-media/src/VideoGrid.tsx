import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  TILE_GRID_ERROR_MARKER,
  encodeTileGridPayload,
  mediaEndpoints,
  updateVideoFilter,
  initialVideoFilter,
  type VideoCategory,
  type VideoFilter,
} from '@velvet/contracts';
import { LoadState, useLanguage, useLoaded, useLoggedIn, usePagerLabels, usePlatform } from '@velvet/federation';
import { EmptyState, Pager, TileGrid } from '@velvet/ui';
import { VideoFilterBar } from './VideoFilterBar';
import { VideoTile } from './VideoTile';
import { useViewerKey } from './viewer';

export interface VideoGridProps {
  category: VideoCategory;
  /** Accessible name of the grid. */
  label: string;
  searchPattern?: string;
  /** Widgets show a few tiles without filter bar and pager. */
  pageSize?: number;
  showFilter?: boolean;
}

/**
 * A filterable, sortable, paged grid of one video category, loaded through the tile grid endpoint. Its sort and page
 * size are sent only once chosen (by the guest, or by a widget's page size): until then the server applies the ones
 * the guest stored, and a logged-in guest's choice in the filter bar is stored for her next grid.
 */
export function VideoGrid({ category, label, searchPattern, pageSize, showFilter = true }: VideoGridProps) {
  const { t } = useTranslation();
  const { api } = usePlatform();
  const loggedIn = useLoggedIn();
  const language = useLanguage();
  const guestKey = useViewerKey();
  const pagerLabels = usePagerLabels();
  const [filter, setFilter] = useState<VideoFilter>(() =>
    initialVideoFilter({ type: category, showFilter, ...(pageSize ? { pageSize } : {}) }),
  );
  const [chosenPageSize, setChosenPageSize] = useState(pageSize);

  const { pageSize: _defaultPageSize, showFilter: _shown, ...request } = filter;
  const payload = encodeTileGridPayload({
    ...request,
    ...(chosenPageSize ? { pageSize: chosenPageSize } : {}),
    ...(searchPattern ? { searchPattern } : {}),
  });
  const page = useLoaded(`videoGrid|${payload}|${language}|${guestKey}`, () =>
    api.rest(mediaEndpoints.videoGrid, { params: { type: 'videos', payload } }),
  );
  // What the last answer was sorted and paged by: the guest's choice, else her stored settings, else the defaults.
  const shown = { sort: filter.sort ?? page.data?.sort, pageSize: chosenPageSize ?? page.data?.pageSize };

  const change = (update: Partial<VideoFilter>) => {
    setFilter((current) => updateVideoFilter(current, update));
    if (update.pageSize) setChosenPageSize(update.pageSize);
    if (!loggedIn || (!update.sort && !update.pageSize)) return;
    const settings = { ...shown, ...update };
    // The trending area's own order is not a preference for every grid. Storing is a convenience: if it fails,
    // this grid still shows what she chose.
    void api
      .rest(mediaEndpoints.storeTileGridSettings, {
        body: {
          type: 'videos',
          settings: {
            ...(settings.sort && settings.sort !== 'topTrending' ? { sort: settings.sort } : {}),
            ...(settings.pageSize ? { pageSize: settings.pageSize } : {}),
          },
        },
      })
      .catch(() => undefined);
  };

  return (
    <div className="mf-media-grid" data-error={page.status === 'error' ? TILE_GRID_ERROR_MARKER : undefined}>
      {filter.showFilter ? (
        <VideoFilterBar filter={filter} shown={shown} onChange={change} loggedIn={loggedIn} />
      ) : null}
      <LoadState loaded={page}>
        {(result) =>
          result.items.length === 0 ? (
            <EmptyState title={t('grid.empty')} />
          ) : (
            <>
              {filter.showFilter ? (
                <p className="mf-media-grid__total">{t('grid.total', { count: result.total })}</p>
              ) : null}
              <TileGrid label={label} busy={page.status === 'loading'}>
                {result.items.map((video) => (
                  <VideoTile key={video.id} video={video} />
                ))}
              </TileGrid>
              {filter.showFilter ? (
                <Pager
                  page={filter.page}
                  pageCount={Math.ceil(result.total / result.pageSize)}
                  onChange={(p) => change({ page: p })}
                  labels={pagerLabels}
                />
              ) : null}
            </>
          )
        }
      </LoadState>
    </div>
  );
}
