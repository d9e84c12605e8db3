import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { skip } from 'rxjs';
import { switchLanguage } from '@velvet/i18n';
import { routeLink } from '@velvet/federation';
import { Button } from '@velvet/ui';
import { useSession, useShell, useSubject } from './ShellContext';
import { visibleMenus, type Menu } from './menus';
import { useNavbarHidden } from './navbarScroll';
import { Notifications, useNotifications } from './Notifications';
import { GlobalSearch } from '../search/GlobalSearch';
import { useUnreadMessages } from './unreadMessages';
import { useBodyScrollLock } from './scroll';

/**
 * A disclosure that opens without JavaScript (<details>: the browser toggles it on a click of its summary) and with
 * it follows the navbar's state: a click asks `onOpen` instead, and a change the browser makes itself (e.g. find in
 * page opening it) is reported the same way.
 */
function Disclosure({
  open,
  onOpen,
  className,
  group,
  summary,
  children,
}: {
  open: boolean;
  onOpen: (open: boolean) => void;
  className: string;
  /** Disclosures of one group close each other, also without JavaScript (the `name` of <details>). */
  group?: string;
  summary: ReactNode;
  children?: ReactNode;
}) {
  return (
    <details className={className} name={group} open={open} onToggle={(event) => onOpen(event.currentTarget.open)}>
      <summary
        onClick={(event) => {
          event.preventDefault();
          onOpen(!open);
        }}
      >
        {summary}
      </summary>
      {children}
    </details>
  );
}

function MenuEntry({
  menu,
  open,
  onOpen,
  badge = 0,
}: {
  menu: Menu;
  open: boolean;
  onOpen: (open: boolean) => void;
  /** A count shown on the entry (the messenger's unread messages); none at 0. */
  badge?: number;
}) {
  const { t } = useTranslation('shell');
  const { router } = useShell();
  const title = t(menu.label, { ns: menu.namespace });
  // Only pages the route table serves are linked: an entry to a route of a remote that is off or refused is left
  // out. The navbar loads the page anew (no in-page navigation), so only the href is used.
  const items = menu.items.flatMap((item) => {
    const link = routeLink(router, item.route);
    return link ? [{ ...item, href: link.href }] : [];
  });
  if (menu.items.length === 0) {
    const link = routeLink(router, menu.route);
    if (!link) return null;
    return (
      <li className="vv-nav__menu">
        <a className="vv-nav__link" href={link.href}>
          {title}
          {badge > 0 ? (
            <span className="vv-nav__badge" aria-label={t('nav.unreadMessages', { count: badge })}>
              {badge > 99 ? '99+' : badge}
            </span>
          ) : null}
        </a>
      </li>
    );
  }
  if (items.length === 0) return null;
  // The submenu is in the page whether open or not, so it works without JavaScript; closed, it is not shown.
  return (
    <li className="vv-nav__menu">
      <Disclosure
        className="vv-nav__disclosure"
        group="vv-nav-menus"
        open={open}
        onOpen={onOpen}
        summary={
          <>
            {title} <span aria-hidden="true">▾</span>
          </>
        }
      >
        <ul className="vv-nav__submenu">
          {items.map((item) => (
            <li key={item.route}>
              <a href={item.href}>{t(item.label, { ns: item.namespace })}</a>
            </li>
          ))}
        </ul>
      </Disclosure>
    </li>
  );
}

/** The messenger's menu entry carries the guest's unread messages. */
const MESSENGER_ROUTE = 'messenger';

function LanguageSwitch() {
  const { t } = useTranslation('shell');
  const { router, platform } = useShell();
  const { route } = useSubject(router.state$);
  return (
    <nav className="vv-nav__languages" aria-label={t('nav.language')}>
      {platform.tenant.languages.map((language) => (
        <a
          key={language}
          href={switchLanguage(route, language)}
          hrefLang={language}
          lang={language}
          aria-current={language === route.language ? 'true' : undefined}
        >
          {language.toUpperCase()}
        </a>
      ))}
    </nav>
  );
}

function AuthArea() {
  const { t } = useTranslation('shell');
  const { session, ui, router } = useShell();
  const current = useSession();
  if (current.guest.flags.loggedIn) {
    return (
      <div className="vv-nav__guest">
        {current.guest.flags.operator && (
          <a className="vv-nav__link" href={router.href('operatorConsole')}>
            {t('routes.operatorConsole')}
          </a>
        )}
        {current.guest.avatarUrl && (
          <img className="vv-nav__avatar" src={current.guest.avatarUrl} alt="" width={28} height={28} />
        )}
        <span className="vv-nav__name">{current.guest.name}</span>
        <button
          type="button"
          className="vv-nav__balance"
          data-testid="navbar-balance"
          aria-label={t('nav.balance', { balance: current.guest.balance.formatted })}
          onClick={() => ui.ui.open('moneyCharge')}
        >
          {current.guest.balance.formatted}
        </button>
        <Button variant="ghost" size="small" onClick={() => void session.logout()}>
          {t('auth.logout')}
        </Button>
      </div>
    );
  }
  return (
    <div className="vv-nav__guest">
      <Button variant="secondary" size="small" onClick={() => ui.ui.open('login')}>
        {t('auth.login')}
      </Button>
      <Button size="small" onClick={() => ui.ui.open('signup')}>
        {t('auth.signup')}
      </Button>
    </div>
  );
}

/** The bell's key among the navbar's menus: it is one of them, so opening it closes the others. */
const BELL = 'bell';

/**
 * The navbar: brand, menus (one open at a time, the bell's panel included), language switch, notifications bell and
 * the guest's name and balance or the login buttons. It hides on scroll down and comes back on scroll up; under
 * 1023 px the menus move into a toggled mobile menu (styles.css: the same markup on every screen, so the server
 * renders it once), which locks the page's scrolling while open. An open menu blocks the page: a click beside it
 * closes it and reaches nothing underneath. Menus and the mobile menu are disclosures that also open without
 * JavaScript.
 */
export function Navbar() {
  const { t } = useTranslation('shell');
  const shell = useShell();
  const { router, platform, remotes } = shell;
  const menus = useMemo(() => visibleMenus(remotes, platform.tenant), [remotes, platform.tenant]);
  const [openMenu, setOpenMenu] = useState<string | null>(null);
  const [mobileOpen, setMobileOpen] = useState(false);
  const anyOpen = openMenu !== null || mobileOpen;
  // An open menu stays where the visitor opened it.
  const hidden = useNavbarHidden() && !anyOpen;
  useBodyScrollLock(mobileOpen);
  const notifications = useNotifications();
  const unreadMessages = useUnreadMessages();

  // navigating closes every menu
  useEffect(() => {
    const subscription = router.route$.pipe(skip(1)).subscribe(() => {
      setOpenMenu(null);
      setMobileOpen(false);
    });
    return () => subscription.unsubscribe();
  }, [router]);
  const closeAll = () => {
    setOpenMenu(null);
    setMobileOpen(false);
  };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenMenu(null);
      setMobileOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const menuList = (
    <ul className="vv-nav__menus">
      {menus.map((menu) => (
        <MenuEntry
          key={menu.key}
          menu={menu}
          open={openMenu === menu.key}
          onOpen={(open) => setOpenMenu((current) => (open ? menu.key : current === menu.key ? null : current))}
          badge={menu.route === MESSENGER_ROUTE ? unreadMessages : 0}
        />
      ))}
    </ul>
  );

  return (
    <header className={`vv-nav${hidden ? ' vv-nav--hidden' : ''}`} data-hidden={hidden} data-testid="navbar">
      {anyOpen && (
        <div className="vv-nav__backdrop" aria-hidden="true" data-testid="menu-backdrop" onClick={closeAll} />
      )}
      <div className="vv-nav__bar">
        <Disclosure
          className="vv-nav__burger"
          open={mobileOpen}
          onOpen={(open) => {
            setMobileOpen(open);
            setOpenMenu(null);
          }}
          summary={
            <>
              <span aria-hidden="true">☰</span>
              <span className="vv-visually-hidden">{t('nav.menu')}</span>
            </>
          }
        />
        <a className="vv-nav__brand" href={router.href('home')}>
          {platform.tenant.logoUrl ? <img src={platform.tenant.logoUrl} alt="" width={28} height={28} /> : null}
          <span>{platform.tenant.brand}</span>
        </a>
        <nav className="vv-nav__main" aria-label={t('nav.main')}>
          {menuList}
        </nav>
        <div className="vv-nav__tools">
          <GlobalSearch />
          <LanguageSwitch />
          <Notifications
            state={notifications}
            open={openMenu === BELL}
            onOpen={(open) => {
              setOpenMenu(open ? BELL : null);
              setMobileOpen(false);
            }}
          />
          <AuthArea />
        </div>
      </div>
    </header>
  );
}
