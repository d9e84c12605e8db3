import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TV_PAGE_SIZE, tvOperations } from '@velvet/contracts';
import { LoadState, useLoaded, usePagerLabels, usePlatform } from '@velvet/federation';
import { Pager } from '@velvet/ui';
import { EpisodeList } from './EpisodeList';

/** Every episode of a series, newest first, paged. */
export function SeriesVideosPage({ seriesKey }: { seriesKey: string }) {
  const { t } = useTranslation();
  const { api } = usePlatform();
  const pagerLabels = usePagerLabels();
  const [page, setPage] = useState(1);
  const loaded = useLoaded(
    `series-videos:${seriesKey}:${page}`,
    async () =>
      (await api.query(tvOperations.mediathek, { seriesKey, first: TV_PAGE_SIZE, offset: (page - 1) * TV_PAGE_SIZE }))
        .tvMediathek,
  );
  return (
    <section className="mf-tv-page">
      <LoadState loaded={loaded} notFound={t('series.notFound')}>
        {({ series, total, nodes }) => (
          <>
            <h1>{t('series.videosTitle', { title: series.title })}</h1>
            <EpisodeList episodes={nodes} label={t('series.videosTitle', { title: series.title })} />
            <Pager page={page} pageCount={Math.ceil(total / TV_PAGE_SIZE)} onChange={setPage} labels={pagerLabels} />
          </>
        )}
      </LoadState>
    </section>
  );
}
