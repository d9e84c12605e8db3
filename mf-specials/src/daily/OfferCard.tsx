import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { gamesEndpoints, type DailyBonusOffer } from '@velvet/contracts';
import { useLoggedIn, usePlatform } from '@velvet/federation';
import { ApiError, formatCurrency } from '@velvet/sdk';
import { Button, useAction } from '@velvet/ui';

/**
 * One daily-bonus offer: what it is, what it takes, what it gives and how many are left; one the guest took
 * (`consumed`, from the server) says so instead of its button.
 */
export function OfferCard({
  offer,
  upcoming = false,
  consumed = false,
}: {
  offer: DailyBonusOffer;
  upcoming?: boolean;
  consumed?: boolean;
}) {
  const { t } = useTranslation();
  const left = Math.max(0, offer.quantity - offer.purchased);
  return (
    <article className="specials-offer" data-offer={offer.offer} data-consumed={consumed ? 'true' : undefined}>
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
        {upcoming ? null : <ClaimButton offer={offer} soldOut={left === 0} consumed={consumed} />}
      </div>
    </article>
  );
}

/** Top-up minimums are hundredths of a euro. */
function conditionValue(condition: { name: string; value: string }): string {
  return condition.name === 'minTopUp' ? formatCurrency(Number(condition.value), 'EUR') : condition.value;
}

/**
 * Takes today's offer: buys it at its price or claims it (a free one, or one whose condition her top-ups of the
 * day met). Visitors are asked to log in; too few coins open the money charge; a refusal says why. Each click is
 * one attempt with its own Idempotency-Key.
 */
function ClaimButton({ offer, soldOut, consumed }: { offer: DailyBonusOffer; soldOut: boolean; consumed: boolean }) {
  const { t } = useTranslation();
  const { api, ui } = usePlatform();
  const loggedIn = useLoggedIn();
  const [takenNow, setTaken] = useState(false);
  const taken = consumed || takenNow;
  const claiming = useAction((failure) => {
    const code = failure instanceof ApiError ? failure.code : 'network';
    if (code === 'INSUFFICIENT_FUNDS') ui.open('moneyCharge');
    if (code === 'OFFER_ALREADY_CLAIMED') setTaken(true);
    return t(`daily.errors.${code}`, { defaultValue: t('daily.errors.generic') });
  });
  const claim = () => {
    if (!loggedIn) return ui.open('login');
    void claiming.run(async () => {
      await api.rest(gamesEndpoints.claimDailyBonus, {
        params: { offerId: offer.id },
        idempotencyKey: crypto.randomUUID(),
      });
      setTaken(true);
      ui.toast(t('daily.claimed'), 'success');
    });
  };
  if (taken) return <p className="specials-offer__taken">{t('daily.taken')}</p>;
  return (
    <>
      <Button disabled={soldOut} busy={claiming.busy} onClick={claim}>
        {soldOut ? t('daily.soldOut') : offer.dailyBonusPrice && !offer.free ? t('daily.buy') : t('daily.claim')}
      </Button>
      {claiming.error ? (
        <p role="alert" className="specials-notice">
          {claiming.error}
        </p>
      ) : null}
    </>
  );
}
