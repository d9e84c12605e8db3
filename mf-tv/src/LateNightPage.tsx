import { useTranslation } from 'react-i18next';
import { tvOperations } from '@velvet/contracts';
import { LoadState, useLoaded, usePlatform } from '@velvet/federation';
import { EmptyState } from '@velvet/ui';
import { ProgramList } from './ProgramList';

export function LateNightPage() {
  const { t } = useTranslation();
  const { api } = usePlatform();
  const loaded = useLoaded(
    'late-night-show',
    async () => (await api.query(tvOperations.lateNightShow)).tvLateNightShow,
  );
  return (
    <section className="mf-tv-page">
      <h1>{t('lateNight.title')}</h1>
      <LoadState loaded={loaded}>
        {(show) => (
          <>
            {show.headerImages[0] ? (
              <img
                className="mf-tv-header"
                src={show.headerImages[0]}
                width={1280}
                height={360}
                alt=""
                loading="lazy"
              />
            ) : null}
            <p>{t('lateNight.intro')}</p>
            {show.events.length ? (
              <>
                <h2>{t('lateNight.tonight')}</h2>
                <ProgramList entries={show.events} label={t('lateNight.tonight')} />
              </>
            ) : (
              <EmptyState title={t('lateNight.empty')} />
            )}
          </>
        )}
      </LoadState>
    </section>
  );
}
