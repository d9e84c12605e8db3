import { useTranslation } from 'react-i18next';
import type { Contest } from '@velvet/contracts';
import { useLanguage, useRouteLink } from '@velvet/federation';
import { Tile, TileGrid } from '@velvet/ui';
import { formatBerlinDate } from '../format';

export function ContestTiles({ contests }: { contests: Contest[] }) {
  const { t } = useTranslation();
  const link = useRouteLink();
  const language = useLanguage();
  return (
    <TileGrid label={t('contests.title')}>
      {contests.map((contest) => (
        <Tile
          key={contest.id}
          link={link('contest', { contestId: String(contest.id) })}
          image={{ src: contest.previewUrl, width: 960, height: 320, alt: contest.title }}
          title={contest.title}
          subtitle={
            contest.isActive
              ? t('contests.runsUntil', { date: formatBerlinDate(contest.end, language), count: contest.entryCount })
              : t('contests.ended', { date: formatBerlinDate(contest.end, language), count: contest.entryCount })
          }
          dataAttributes={{ 'data-contest': String(contest.id) }}
        />
      ))}
    </TileGrid>
  );
}
