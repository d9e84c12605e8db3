import { useTranslation } from 'react-i18next';
import { LoadState } from '@velvet/federation';
import { EmptyState, Section } from '@velvet/ui';
import { useLink } from '../links';
import { ContestTiles } from './ContestTiles';
import { useContests } from './useContests';

/** Home block "Contests": the running contests. */
export function ContestsWidget() {
  const { t } = useTranslation();
  const link = useLink();
  const loaded = useContests();
  return (
    <Section title={t('contests.title')} more={{ ...link('contests'), label: t('contests.all') }}>
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
