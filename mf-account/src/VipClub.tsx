import { useTranslation } from 'react-i18next';
import { VIP_BENEFITS } from '@velvet/contracts';
import { LoadState, RouteButton, RouteLink } from '@velvet/federation';
import { Section } from '@velvet/ui';
import { PlanSummary, plansOnSale, SubscriptionPanel, useSubscriptions } from './Subscriptions';

/** The VIP club page: what membership gives, and the subscription (monthly, or the trial once) in EUR. */
export function VipClub() {
  const { t } = useTranslation();
  return (
    <div className="mf-account">
      <h1>{t('vip.title')}</h1>
      <p>{t('vip.intro')}</p>
      <ul className="mf-account__vip-benefits" aria-label={t('vip.benefitsTitle')}>
        {VIP_BENEFITS.map((benefit) => (
          <li key={benefit}>{t(`vip.benefits.${benefit}`)}</li>
        ))}
      </ul>
      <SubscriptionPanel kind="vip" />
      <p>
        <RouteLink to="vip30History">{t('vip30.link')}</RouteLink>
      </p>
    </div>
  );
}

/** Home block "VIP30": the VIP plans on sale, as the VIP club sells them, with a link to it. */
export function Vip30Widget() {
  const { t } = useTranslation();
  const loaded = useSubscriptions();
  return (
    <Section title={t('vip.widgetTitle')}>
      <LoadState loaded={loaded}>
        {(state) => (
          <>
            {plansOnSale(state, 'vip').map((plan) => (
              <article key={plan.id} className="mf-account__offer" data-plan={plan.id}>
                <PlanSummary plan={plan} />
              </article>
            ))}
          </>
        )}
      </LoadState>
      <RouteButton to="vipClub">{t('vip.more')}</RouteButton>
    </Section>
  );
}
