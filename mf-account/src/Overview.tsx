import { useTranslation } from 'react-i18next';
import type { RouteName } from '@velvet/contracts';
import { usePlatform, useSession, RouteLink } from '@velvet/federation';
import { Button } from '@velvet/ui';

const LINKS = [
  'myAccountProfile',
  'myAccountBenefits',
  'myAccountSpinwheel',
  'myAccountNotifications',
  'myAccountPassword',
  'mediathek',
  'messenger',
  'vipClub',
] as const satisfies readonly RouteName[];

/** The personal area's start: who is logged in and where to go from here. */
export function Overview() {
  const platform = usePlatform();
  const { t } = useTranslation();
  const { guest } = useSession();
  return (
    <section>
      <h1>{t('overview.title', { name: guest.name })}</h1>
      <p className="mf-account__balance">
        {t('overview.balance', { balance: guest.balance.formatted })}{' '}
        <Button size="small" variant="secondary" onClick={() => platform.ui.open('moneyCharge')}>
          {t('overview.buyCoins')}
        </Button>
      </p>
      {guest.flags.vip ? <p>{t('overview.vip')}</p> : null}
      <ul className="mf-account__links">
        {LINKS.map((name) => (
          <li key={name}>
            <RouteLink to={name}>
              <strong>{t(`overview.links.${name}.title`)}</strong>
              <span>{t(`overview.links.${name}.text`)}</span>
            </RouteLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
