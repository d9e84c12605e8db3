import { useTranslation } from 'react-i18next';
import { LoadState, useRouteLink } from '@velvet/federation';
import { Section } from '@velvet/ui';
import { Countdown } from './Countdown';
import { OfferCard } from './OfferCard';
import { useDailyBonus } from './DailyDealsPage';

/** Home block "Dailybonus": today's offers and the countdown, linking to the daily-deals page. */
export function DailyBonusWidget() {
  const { t } = useTranslation();
  const link = useRouteLink();
  const more = link('dailyDeals');
  const loaded = useDailyBonus();
  return (
    <Section title={t('daily.title')} more={more && { ...more, label: t('daily.all') }}>
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
