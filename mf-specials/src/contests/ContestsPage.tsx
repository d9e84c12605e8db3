import { useTranslation } from 'react-i18next';
import { CONTEST_MAX_VOTES } from '@velvet/contracts';
import { LoadState } from '@velvet/federation';
import { EmptyState, Section } from '@velvet/ui';
import { ContestTiles } from './ContestTiles';
import { useContests } from './useContests';

/** Every contest: running ones first, then the ended ones with their results. */
export function ContestsPage() {
  const { t } = useTranslation();
  const loaded = useContests();
  return (
    <div className="specials-page">
      <h1>{t('contests.title')}</h1>
      <p>{t('contests.rule', { max: CONTEST_MAX_VOTES })}</p>
      <LoadState loaded={loaded}>
        {(contests) => {
          const running = contests.filter((c) => c.isActive);
          const ended = contests.filter((c) => !c.isActive);
          if (contests.length === 0) return <EmptyState title={t('contests.none')} />;
          return (
            <>
              {running.length > 0 ? (
                <Section title={t('contests.running')}>
                  <ContestTiles contests={running} />
                </Section>
              ) : null}
              {ended.length > 0 ? (
                <Section title={t('contests.past')}>
                  <ContestTiles contests={ended} />
                </Section>
              ) : null}
            </>
          );
        }}
      </LoadState>
    </div>
  );
}
