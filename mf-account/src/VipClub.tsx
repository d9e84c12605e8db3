import { useTranslation } from 'react-i18next';
import { accountEndpoints, type VipOffer } from '@velvet/contracts';
import { usePlatform } from '@velvet/federation';
import { formatCurrency } from '@velvet/sdk';
import { ButtonLink, ErrorState, LoginPrompt, Section, Spinner } from '@velvet/ui';
import { useLoad } from './useLoad';
import { useSession } from './useSession';

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
  const { guest } = useSession();
  const load = useLoad(() => platform.api.rest(accountEndpoints.vipClub));
  return (
    <div className="mf-account">
      <h1>{t('vip.title')}</h1>
      <p>{t('vip.intro')}</p>
      {load.state === 'loading' ? <Spinner label={t('loading')} /> : null}
      {load.state === 'failed' ? (
        <ErrorState title={t('error.title')} retryLabel={t('error.retry')} onRetry={load.retry} />
      ) : null}
      {load.state === 'ready' ? (
        <>
          {load.data.offers.map((offer) => (
            <Offer key={offer.id} offer={offer} />
          ))}
          {!guest.flags.loggedIn ? (
            <LoginPrompt text={t('vip.login')} buttonLabel={t('login.button')} ui={platform.ui} />
          ) : load.data.isVip || guest.flags.vip ? (
            <p role="status">{t('vip.member')}</p>
          ) : (
            <p>{t('vip.subscribeSoon')}</p>
          )}
        </>
      ) : null}
    </div>
  );
}

/** Home block "VIP30": the VIP 30 offer with a link to the VIP club. */
export function Vip30Widget() {
  const platform = usePlatform();
  const { t } = useTranslation();
  const load = useLoad(() => platform.api.rest(accountEndpoints.vipClub));
  const vip30 = load.state === 'ready' ? load.data.offers.find((offer) => offer.days === 30) : undefined;
  return (
    <Section title={t('vip.widgetTitle')}>
      {load.state === 'loading' ? <Spinner label={t('loading')} /> : null}
      {load.state === 'failed' ? (
        <ErrorState title={t('error.title')} retryLabel={t('error.retry')} onRetry={load.retry} />
      ) : null}
      {vip30 ? <Offer offer={vip30} titled={false} /> : null}
      <ButtonLink href={platform.router.href('vipClub')} onNavigate={() => platform.router.navigate('vipClub')}>
        {t('vip.more')}
      </ButtonLink>
    </Section>
  );
}
