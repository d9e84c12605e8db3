import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TV_PAGE_SIZE, tvEndpoints, tvOperations } from '@velvet/contracts';
import { LoadState, useLanguage, useLoaded, usePagerLabels, usePlatform, routeLink } from '@velvet/federation';
import { EmptyState, Pager, Tile, TileGrid } from '@velvet/ui';

/** The newest TV articles as tiles, in the page's language (articles are written in every one). */
function TvNews() {
  const { t } = useTranslation();
  const { api, router } = usePlatform();
  const language = useLanguage();
  const loaded = useLoaded('tv-articles', () => api.rest(tvEndpoints.articles, { query: { limit: 6 } }));
  return (
    <LoadState loaded={loaded}>
      {({ posts }) =>
        posts.length ? (
          <>
            <h2>{t('article.latest')}</h2>
            <TileGrid label={t('article.latest')}>
              {posts.map((post) => (
                <Tile
                  key={post.id}
                  link={routeLink(router, 'tvArticle', { slug: post.slug })}
                  image={{ src: post.imageUrl, width: 640, height: 360, alt: '' }}
                  title={post.title[language]}
                  subtitle={post.teaser[language]}
                />
              ))}
            </TileGrid>
          </>
        ) : null
      }
    </LoadState>
  );
}

/** The TV mediathek: every series as a tile, then the newest TV articles. */
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
      <TvNews />
    </section>
  );
}
