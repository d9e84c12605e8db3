import { Fragment, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { merge } from 'rxjs';
import { mediaEndpoints, type GuestSession, type SidebarCounts } from '@velvet/contracts';
import { Button } from '@velvet/ui';
import { useSession, useShell } from './ShellContext';

const COUNTS = ['boughtVideos', 'boughtPhotos', 'privateCollection', 'pinnedFavorites'] as const;

/**
 * The guest's media counts, loaded for each guest and again on every balance push (a purchase moves the
 * balance) and pin change. Until they arrive, or if they cannot be loaded, the counts are left out.
 */
function useSidebarCounts(guestId: string): SidebarCounts | null {
  const { platform, socket } = useShell();
  const [counts, setCounts] = useState<SidebarCounts | null>(null);
  useEffect(() => {
    let active = true;
    const load = () =>
      platform.api.rest(mediaEndpoints.sidebarCounts).then(
        (loaded) => active && setCounts(loaded),
        () => undefined,
      );
    void load();
    const subscription = merge(socket.on('guestBalance'), socket.on('favoriteAlbum')).subscribe(() => void load());
    return () => {
      active = false;
      subscription.unsubscribe();
    };
  }, [platform, socket, guestId]);
  return counts;
}

/**
 * The personal sidebar: name, avatar, VIP flag, balance and the way to buy coins, and the counts
 * of bought videos, bought photos, private collection and pinned favourites.
 */
export function Sidebar() {
  const { t } = useTranslation('shell');
  const { ui } = useShell();
  const current = useSession();
  if (!current.guest.flags.loggedIn) {
    return (
      <aside className="vv-sidebar" aria-label={t('sidebar.label')}>
        <p>{t('sidebar.anonymous')}</p>
        <Button block onClick={() => ui.ui.open('signup')}>
          {t('auth.signup')}
        </Button>
      </aside>
    );
  }
  return <GuestSidebar guest={current.guest} />;
}

function GuestSidebar({ guest }: { guest: GuestSession['guest'] }) {
  const { t } = useTranslation('shell');
  const { ui } = useShell();
  const counts = useSidebarCounts(guest.id);
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
        {counts
          ? COUNTS.map((name) => (
              <Fragment key={name}>
                <dt>{t(`sidebar.${name}`)}</dt>
                <dd data-testid={`sidebar-${name}`}>{counts[name]}</dd>
              </Fragment>
            ))
          : null}
      </dl>
      <Button block variant="secondary" onClick={() => ui.ui.open('moneyCharge')}>
        {t('sidebar.buyCoins')}
      </Button>
    </aside>
  );
}
