import { useTranslation } from 'react-i18next';
import { LoadState, useRouteLink } from '@velvet/federation';
import { EmptyState, Section } from '@velvet/ui';
import { ContestTiles } from './ContestTiles';
import { useContests } from './useContests';

/** Home block "Contests": the running contests. */
export function ContestsWidget() {
  const { t } = useTranslation();
  const link = useRouteLink();
  const more = link('contests');
  const loaded = useContests();
  return (
    <Section title={t('contests.title')} more={more && { ...more, label: t('contests.all') }}>
      <LoadState loaded={loaded}>
        {(contests) => {
          const running = contests.filter((c) => c.isActive);
          return running.length > 0 ? (
            <ContestTiles contests={running} />
          ) : (
            <EmptyState title={t('contests.noneRunning')} />
          );
        }}
      </LoadState>
    </Section>
  );
}
