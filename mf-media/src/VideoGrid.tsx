import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  encodeTileGridPayload,
  mediaEndpoints,
  updateVideoFilter,
  videoFilter,
  type VideoCategory,
  type VideoFilter,
} from '@velvet/contracts';
import { usePlatform } from '@velvet/federation';
import { EmptyState, ErrorState, Pager, Spinner, TileGrid } from '@velvet/ui';
import { useLoaded, useLoggedIn } from './hooks';
import { VideoFilterBar } from './VideoFilterBar';
import { VideoTile } from './VideoTile';
import { usePagerLabels } from './usePagerLabels';

export interface VideoGridProps {
  category: VideoCategory;
  /** Accessible name of the grid. */
  label: string;
  searchPattern?: string;
  /** Widgets show a few tiles without filter bar and pager. */
  pageSize?: number;
  showFilter?: boolean;
}

/** A filterable, sortable, paged grid of one video category, loaded through the tile grid endpoint. */
export function VideoGrid({ category, label, searchPattern, pageSize, showFilter = true }: VideoGridProps) {
  const { t } = useTranslation();
  const { api } = usePlatform();
  const loggedIn = useLoggedIn();
  const pagerLabels = usePagerLabels();
  const [filter, setFilter] = useState<VideoFilter>(() => videoFilter.parse({ type: category, showFilter, ...(pageSize ? { pageSize } : {}) }));
  const change = (update: Partial<VideoFilter>) => setFilter((current) => updateVideoFilter(current, update));

  const payload = encodeTileGridPayload({ ...filter, ...(searchPattern ? { searchPattern } : {}) });
  const page = useLoaded(`${payload}|${loggedIn}`, () => api.rest(mediaEndpoints.videoGrid, { params: { type: 'videos', payload } }));

  const pageCount = page.data ? Math.ceil(page.data.total / page.data.pageSize) : 0;
  return (
    <div className="mf-media-grid">
      {filter.showFilter ? <VideoFilterBar filter={filter} onChange={change} loggedIn={loggedIn} /> : null}
      {page.status === 'error' ? (
        <ErrorState title={t('error.title')} text={t('error.text')} retryLabel={t('error.retry')} onRetry={page.retry} />
      ) : !page.data ? (
        <Spinner label={t('loading')} />
      ) : page.data.items.length === 0 ? (
        <EmptyState title={t('grid.empty')} />
      ) : (
        <>
          {filter.showFilter ? <p className="mf-media-grid__total">{t('grid.total', { count: page.data.total })}</p> : null}
          <TileGrid label={label} busy={page.status === 'loading'}>
            {page.data.items.map((video) => (
              <VideoTile key={video.id} video={video} />
            ))}
          </TileGrid>
          {filter.showFilter ? <Pager page={filter.page} pageCount={pageCount} onChange={(p) => change({ page: p })} labels={pagerLabels} /> : null}
        </>
      )}
    </div>
  );
}
