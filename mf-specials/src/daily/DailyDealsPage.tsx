import { useTranslation } from 'react-i18next';
import { dailyBonusQuery } from '@velvet/contracts';
import { LoadState, useLanguage, useLoaded, usePlatform } from '@velvet/federation';
import { EmptyState, Section } from '@velvet/ui';
import { formatDay } from '../format';
import { Countdown } from './Countdown';
import { OfferCard } from './OfferCard';

/** Loads today's daily bonus and the next two days (in the page language). */
export function useDailyBonus() {
  const { api } = usePlatform();
  const language = useLanguage();
  return useLoaded(`dailyBonus:${language}`, async () => (await api.query(dailyBonusQuery, { language })).dailyBonus);
}

/** The daily-deals page: today's offers with a countdown to 23:59:59 Berlin time, then the next two days. */
export function DailyDealsPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const loaded = useDailyBonus();
  return (
    <div className="specials-page">
      <h1>{t('daily.title')}</h1>
      <LoadState loaded={loaded}>
        {(bonus) => {
          const [today, ...upcoming] = bonus.days;
          return (
            <>
              <Section title={t('daily.today')}>
                <Countdown today={bonus.today} onDayEnd={loaded.retry} />
                {today && today.offers.length > 0 ? (
                  today.offers.map((offer) => <OfferCard key={offer.id} offer={offer} />)
                ) : (
                  <EmptyState title={t('daily.noOffers')} />
                )}
              </Section>
              {upcoming.map((day) => (
                <Section key={day.date} title={formatDay(day.date, language)}>
                  {day.offers.length > 0 ? (
                    day.offers.map((offer) => <OfferCard key={offer.id} offer={offer} upcoming />)
                  ) : (
                    <EmptyState title={t('daily.noOffers')} />
                  )}
                </Section>
              ))}
            </>
          );
        }}
      </LoadState>
    </div>
  );
}
