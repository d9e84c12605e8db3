import { useTranslation } from 'react-i18next';
import { dailyBonusQuery, type DailyBonusModel } from '@velvet/contracts';
import { LoadState, RouteLink, useGuestKey, useLanguage, useLoaded, usePlatform } from '@velvet/federation';
import { EmptyState, Section } from '@velvet/ui';
import { formatDay } from '../format';
import { Countdown } from './Countdown';
import { OfferCard } from './OfferCard';

/** Loads today's daily bonus and the next two days (in the page language), with the offers the guest took. */
export function useDailyBonus() {
  const { api } = usePlatform();
  const language = useLanguage();
  const guestKey = useGuestKey();
  return useLoaded(
    `dailyBonus:${language}:${guestKey}`,
    async () => (await api.query(dailyBonusQuery, { language })).dailyBonus,
  );
}

/** The performers a day features beside its offers, each linking to her profile. */
function BonusModels({ models }: { models: DailyBonusModel[] }) {
  const { t } = useTranslation();
  if (models.length === 0) return null;
  return (
    <ul className="specials-people" aria-label={t('daily.bonusModels')}>
      {models.map((model) => (
        <li key={model.id}>
          <RouteLink to="actorProfile" args={{ actorName: model.name }}>
            <img src={model.avatarUrl} width={60} height={60} alt="" loading="lazy" />
            {model.displayName}
          </RouteLink>
        </li>
      ))}
    </ul>
  );
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
          const consumed = new Set(bonus.consumedOffers);
          return (
            <>
              <Section title={t('daily.today')}>
                <Countdown today={bonus.today} onDayEnd={loaded.retry} />
                {today ? <BonusModels models={today.bonusModels} /> : null}
                {today && today.offers.length > 0 ? (
                  today.offers.map((offer) => (
                    <OfferCard key={offer.id} offer={offer} consumed={consumed.has(offer.id)} />
                  ))
                ) : (
                  <EmptyState title={t('daily.noOffers')} />
                )}
              </Section>
              {upcoming.map((day) => (
                <Section key={day.date} title={formatDay(day.date, language)}>
                  <BonusModels models={day.bonusModels} />
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
