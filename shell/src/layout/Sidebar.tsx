import { useTranslation } from 'react-i18next';
import { Button } from '@velvet/ui';
import { useShell, useSubject } from './ShellContext';

/**
 * The personal sidebar (spec part 1, 2): name, avatar, VIP flag, balance and the way to buy coins; the counts
 * come with the media library.
 */
export function Sidebar() {
  const { t } = useTranslation('shell');
  const { session, ui } = useShell();
  const current = useSubject(session.session$);
  if (!current?.guest.flags.loggedIn) {
    return (
      <aside className="vv-sidebar" aria-label={t('sidebar.label')}>
        <p>{t('sidebar.anonymous')}</p>
        <Button block onClick={() => ui.ui.open('signup')}>
          {t('auth.signup')}
        </Button>
      </aside>
    );
  }
  const { guest } = current;
  return (
    <aside className="vv-sidebar" aria-label={t('sidebar.label')} data-testid="guest-sidebar">
      <div className="vv-sidebar__who">
        {guest.avatarUrl ? (
          <img className="vv-sidebar__avatar" src={guest.avatarUrl} alt="" width={48} height={48} loading="lazy" />
        ) : (
          <span className="vv-sidebar__avatar vv-sidebar__avatar--initial" aria-hidden="true">
            {guest.name.slice(0, 1).toUpperCase()}
          </span>
        )}
        <div>
          <strong>{guest.name}</strong>
          {guest.flags.vip && <span className="vv-sidebar__vip">{t('sidebar.vip')}</span>}
        </div>
      </div>
      <dl className="vv-sidebar__facts">
        <dt>{t('sidebar.balance')}</dt>
        <dd data-testid="sidebar-balance">{guest.balance.formatted}</dd>
      </dl>
      <Button block variant="secondary" onClick={() => ui.ui.open('moneyCharge')}>
        {t('sidebar.buyCoins')}
      </Button>
    </aside>
  );
}
