import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TV_PAGE_SIZE, tvOperations } from '@velvet/contracts';
import { LoadState, useLoaded, usePagerLabels, usePlatform, routeLink } from '@velvet/federation';
import { EmptyState, Pager, Tile, TileGrid } from '@velvet/ui';
import { Breadcrumbs } from './Breadcrumbs';

/** The TV mediathek: every series as a tile. */
export function SeriesOverviewPage() {
  const { t } = useTranslation();
  const { api, router } = usePlatform();
  const pagerLabels = usePagerLabels();
  const [page, setPage] = useState(1);
  const loaded = useLoaded(
    `series-list:${page}`,
    async () =>
      (await api.query(tvOperations.series, { first: TV_PAGE_SIZE, offset: (page - 1) * TV_PAGE_SIZE })).tvSeries,
  );
  return (
    <section className="mf-tv-page">
      <Breadcrumbs trail={[{ label: t('nav.mediathek'), route: 'tvSeriesOverview' }]} />
      <h1>{t('mediathek.title')}</h1>
      <LoadState loaded={loaded}>
        {({ total, nodes }) =>
          nodes.length ? (
            <>
              <TileGrid label={t('mediathek.title')}>
                {nodes.map((series) => (
                  <Tile
                    key={series.id}
                    link={routeLink(router, 'tvSeries', { series: series.key })}
                    image={{ src: series.previewImgUrl, width: 640, height: 360, alt: series.title }}
                    title={series.title}
                    subtitle={t('series.episodes', { count: series.episodeCount })}
                  />
                ))}
              </TileGrid>
              <Pager page={page} pageCount={Math.ceil(total / TV_PAGE_SIZE)} onChange={setPage} labels={pagerLabels} />
            </>
          ) : (
            <EmptyState title={t('mediathek.empty')} />
          )
        }
      </LoadState>
    </section>
  );
}
