import { useTranslation } from 'react-i18next';
import type { DailyBonusOffer } from '@velvet/contracts';
import { formatCurrency } from '@velvet/sdk';

/** One daily-bonus offer: what it is, what it takes, what it gives and how many are left. */
export function OfferCard({ offer, upcoming = false }: { offer: DailyBonusOffer; upcoming?: boolean }) {
  const { t } = useTranslation();
  const left = Math.max(0, offer.quantity - offer.purchased);
  return (
    <article className="specials-offer" data-offer={offer.offer}>
      <img src={offer.content?.imageUrl ?? offer.imageUrl} width={480} height={270} alt="" loading="lazy" />
      <div className="specials-offer__body">
        <p className="specials-offer__type">{t(`daily.offerType.${offer.offer}`)}</p>
        <h3>{offer.title}</h3>
        <p>{offer.description}</p>
        {offer.conditions.length > 0 ? (
          <ul className="specials-offer__conditions" aria-label={t('daily.conditions')}>
            {offer.conditions.map((condition) => (
              <li key={condition.name}>
                {t(`daily.condition.${condition.name}`, { value: conditionValue(condition) })}
              </li>
            ))}
          </ul>
        ) : null}
        {offer.effect.code ? <p>{t('daily.code', { code: offer.effect.code })}</p> : null}
        <p className="specials-offer__price">
          {offer.free
            ? t('daily.free')
            : offer.dailyBonusPrice
              ? formatCurrency(offer.dailyBonusPrice.value, offer.dailyBonusPrice.currency)
              : null}
        </p>
        <p className="specials-offer__stock">
          {upcoming ? t('daily.availableFrom') : t('daily.left', { count: left, total: offer.quantity })}
        </p>
      </div>
    </article>
  );
}

/** Top-up minimums are hundredths of a euro. */
function conditionValue(condition: { name: string; value: string }): string {
  return condition.name === 'minTopUp' ? formatCurrency(Number(condition.value), 'EUR') : condition.value;
}
