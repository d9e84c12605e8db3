import { useTranslation } from 'react-i18next';
import { accountEndpoints, type VipOffer } from '@velvet/contracts';
import { LoadState, useGuest, useLoaded, usePlatform, RouteButton, useGuestKey } from '@velvet/federation';
import { formatCurrency } from '@velvet/sdk';
import { LoginPrompt, Section } from '@velvet/ui';

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

/** The VIP club page: what membership gives and what it costs (in EUR). */
export function VipClub() {
  const platform = usePlatform();
  const { t } = useTranslation();
  const guest = useGuest();
  const loaded = useVipClub();
  return (
    <div className="mf-account">
      <h1>{t('vip.title')}</h1>
      <p>{t('vip.intro')}</p>
      <LoadState loaded={loaded}>
        {(vipClub) => (
          <>
            {vipClub.offers.map((offer) => (
              <Offer key={offer.id} offer={offer} />
            ))}
            {!guest.flags.loggedIn ? (
              <LoginPrompt text={t('vip.login')} buttonLabel={t('login.button')} ui={platform.ui} />
            ) : vipClub.isVip || guest.flags.vip ? (
              <p role="status">{t('vip.member')}</p>
            ) : (
              <p>{t('vip.subscribeSoon')}</p>
            )}
          </>
        )}
      </LoadState>
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
