import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { skip } from 'rxjs';
import { switchLanguage } from '@velvet/i18n';
import { routeLink } from '@velvet/federation';
import { Button } from '@velvet/ui';
import { useShell, useSubject } from './ShellContext';
import { visibleMenus, type Menu } from './menus';
import { useIsMobile, useNavbarHidden } from './navbarScroll';
import { Notifications, useNotifications } from './Notifications';

function MenuEntry({ menu, open, onToggle }: { menu: Menu; open: boolean; onToggle: () => void }) {
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
        </a>
      </li>
    );
  }
  if (items.length === 0) return null;
  return (
    <li className="vv-nav__menu">
      <button type="button" className="vv-nav__link" aria-expanded={open} aria-haspopup="true" onClick={onToggle}>
        {title} <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <ul className="vv-nav__submenu">
          {items.map((item) => (
            <li key={item.route}>
              <a href={item.href}>{t(item.label, { ns: item.namespace })}</a>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

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
  const current = useSubject(session.session$);
  if (current?.guest.flags.loggedIn) {
    return (
      <div className="vv-nav__guest">
        {current.guest.flags.operator && (
          <a className="vv-nav__link" href={router.href('operatorConsole')}>
            {t('routes.operatorConsole')}
          </a>
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

/**
 * The navbar: brand, menus (one open at a time), language switch, notifications bell and the guest's name and
 * balance or the login buttons. It hides on scroll down and comes back on scroll up; under 1023 px the menus move
 * into a toggled mobile menu.
 */
export function Navbar() {
  const { t } = useTranslation('shell');
  const shell = useShell();
  const { router, platform, remotes } = shell;
  const menus = useMemo(() => visibleMenus(remotes, platform.tenant), [remotes, platform.tenant]);
  const [openMenu, setOpenMenu] = useState<string | null>(null);
  const [mobileOpen, setMobileOpen] = useState(false);
  const hidden = useNavbarHidden();
  const mobile = useIsMobile();
  const ref = useRef<HTMLElement>(null);
  const notifications = useNotifications();

  // navigating closes every menu
  useEffect(() => {
    const subscription = router.route$.pipe(skip(1)).subscribe(() => {
      setOpenMenu(null);
      setMobileOpen(false);
    });
    return () => subscription.unsubscribe();
  }, [router]);
  useEffect(() => {
    const onPointer = (event: MouseEvent) => {
      if (!ref.current?.contains(event.target as Node)) setOpenMenu(null);
    };
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpenMenu(null);
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, []);

  const menuList = (
    <ul className="vv-nav__menus">
      {menus.map((menu) => (
        <MenuEntry
          key={menu.key}
          menu={menu}
          open={openMenu === menu.key}
          onToggle={() => setOpenMenu((open) => (open === menu.key ? null : menu.key))}
        />
      ))}
    </ul>
  );

  return (
    <header ref={ref} className={`vv-nav${hidden ? ' vv-nav--hidden' : ''}`} data-hidden={hidden} data-testid="navbar">
      <div className="vv-nav__bar">
        {mobile && (
          <button
            type="button"
            className="vv-nav__burger"
            aria-expanded={mobileOpen}
            aria-controls="vv-mobile-menu"
            onClick={() => setMobileOpen((open) => !open)}
          >
            <span aria-hidden="true">☰</span>
            <span className="vv-visually-hidden">{t('nav.menu')}</span>
          </button>
        )}
        <a className="vv-nav__brand" href={router.href('home')}>
          {platform.tenant.logoUrl ? <img src={platform.tenant.logoUrl} alt="" width={28} height={28} /> : null}
          <span>{platform.tenant.brand}</span>
        </a>
        {!mobile && <nav aria-label={t('nav.main')}>{menuList}</nav>}
        <div className="vv-nav__tools">
          <LanguageSwitch />
          <Notifications state={notifications} />
          <AuthArea />
        </div>
      </div>
      {mobile && mobileOpen && (
        <nav id="vv-mobile-menu" className="vv-nav__mobile" aria-label={t('nav.main')}>
          {menuList}
        </nav>
      )}
    </header>
  );
}
