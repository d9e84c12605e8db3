import { useTranslation } from 'react-i18next';
import { accountEndpoints, type VipOffer } from '@velvet/contracts';
import { LoadState, useLoaded, usePlatform, RouteButton, useGuestKey } from '@velvet/federation';
import { formatCurrency } from '@velvet/sdk';
import { Section } from '@velvet/ui';
import { SubscriptionPanel } from './Subscriptions';

/** The VIP club offers; whether the guest is a member depends on who is logged in. */
function useVipClub() {
  const platform = usePlatform();
  const guestKey = useGuestKey();
  return useLoaded(`account.vipClub:${guestKey}`, () => platform.api.rest(accountEndpoints.vipClub));
}

/** One offer; `titled` is false where the surrounding block already names it. */
function Offer({ offer, titled = true }: { offer: VipOffer; titled?: boolean }) {
  const { t } = useTranslation();
  return (
    <article className="mf-account__offer" data-offer={offer.id} aria-label={t('vip.offer', { days: offer.days })}>
      {titled ? <h2>{t('vip.offer', { days: offer.days })}</h2> : null}
      <p className="mf-account__price">
        {t('vip.price', { price: formatCurrency(offer.price.value, offer.price.currency), days: offer.days })}
      </p>
      <ul>
        {offer.benefits.map((benefit) => (
          <li key={benefit}>{t(`vip.benefits.${benefit}`)}</li>
        ))}
      </ul>
    </article>
  );
}

/** The VIP club page: what membership gives, and the subscription (monthly, or the trial once) in EUR. */
export function VipClub() {
  const { t } = useTranslation();
  const loaded = useVipClub();
  return (
    <div className="mf-account">
      <h1>{t('vip.title')}</h1>
      <p>{t('vip.intro')}</p>
      <LoadState loaded={loaded}>
        {(vipClub) => {
          const benefits = vipClub.offers[0]?.benefits ?? [];
          return (
            <ul className="mf-account__vip-benefits" aria-label={t('vip.benefitsTitle')}>
              {benefits.map((benefit) => (
                <li key={benefit}>{t(`vip.benefits.${benefit}`)}</li>
              ))}
            </ul>
          );
        }}
      </LoadState>
      <SubscriptionPanel kind="vip" />
    </div>
  );
}

/** Home block "VIP30": the VIP 30 offer with a link to the VIP club. */
export function Vip30Widget() {
  const { t } = useTranslation();
  const loaded = useVipClub();
  return (
    <Section title={t('vip.widgetTitle')}>
      <LoadState loaded={loaded}>
        {(vipClub) => {
          const vip30 = vipClub.offers.find((offer) => offer.days === 30);
          return vip30 ? <Offer offer={vip30} titled={false} /> : null;
        }}
      </LoadState>
      <RouteButton to="vipClub">{t('vip.more')}</RouteButton>
    </Section>
  );
}
