import { useTranslation } from 'react-i18next';
import { LoadState } from '@velvet/federation';
import { Section } from '@velvet/ui';
import { useLink } from '../links';
import { Countdown } from './Countdown';
import { OfferCard } from './OfferCard';
import { useDailyBonus } from './DailyDealsPage';

/** Home block "Dailybonus": today's offers and the countdown, linking to the daily-deals page. */
export function DailyBonusWidget() {
  const { t } = useTranslation();
  const link = useLink();
  const loaded = useDailyBonus();
  return (
    <Section title={t('daily.title')} more={{ ...link('dailyDeals'), label: t('daily.all') }}>
      <LoadState loaded={loaded}>
        {(bonus) => (
          <>
            <Countdown today={bonus.today} onDayEnd={loaded.retry} />
            {bonus.days[0]?.offers.map((offer) => (
              <OfferCard key={offer.id} offer={offer} />
            ))}
          </>
        )}
      </LoadState>
    </Section>
  );
}
