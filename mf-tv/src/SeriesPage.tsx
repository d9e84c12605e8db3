import { useTranslation } from 'react-i18next';
import { tvEndpoints } from '@velvet/contracts';
import { LoadState, useLanguage, useLoaded, usePlatform, RouteButton } from '@velvet/federation';
import { EpisodeList } from './EpisodeList';

/** One series: what it is about and its newest episodes. */
export function SeriesPage({ seriesKey }: { seriesKey: string }) {
  const { t } = useTranslation();
  const { api } = usePlatform();
  const language = useLanguage();
  const loaded = useLoaded(`series:${seriesKey}`, () => api.rest(tvEndpoints.format, { params: { key: seriesKey } }));
  return (
    <section className="mf-tv-page">
      <LoadState loaded={loaded} notFound={t('series.notFound')}>
        {({ series, latest }) => (
          <>
            <h1>{series.title}</h1>
            <div className="mf-tv-series-header">
              <img src={series.previewImgUrl} width={640} height={360} alt={series.title} loading="lazy" />
              <div>
                <p>{series.description[language]}</p>
                <p>{t('series.episodes', { count: series.episodeCount })}</p>
              </div>
            </div>
            <h2>{t('series.latest')}</h2>
            <EpisodeList episodes={latest} label={t('series.latest')} />
            <RouteButton to="tvSeriesVideos" args={{ key: series.key }}>
              {t('series.allVideos')}
            </RouteButton>
          </>
        )}
      </LoadState>
    </section>
  );
}
