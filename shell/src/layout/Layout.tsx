import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { legalTypeOfPage } from '@velvet/contracts';
import { SlotHost, useBrowserValue } from '@velvet/federation';
import { useShell, useSubject } from './ShellContext';
import { Navbar } from './Navbar';
import { Sidebar } from './Sidebar';
import { Footer } from './Footer';
import { StatusBar, Toasts } from './StatusBar';
import { AuthModal } from './AuthModal';
import { DataProtectionNotice, LockedNotice } from './AccountNotices';
import { CookieConsent, InstallPrompt } from './CookieConsent';
import { FlowModal } from './FlowModal';
import { SurveyHost } from '../survey/Surveys';
import { Incentives } from './Incentives';
import { ConversionChatCountdown } from './ConversionChatCountdown';
import { Teasers } from './Teasers';
import { Home } from './Home';
import { LegalPage } from './LegalPage';
import { PageSeoText } from './PageSeoText';
import { OperatorConsolePage } from '../operator';
import { installScrollRestoration } from './scroll';

/**
 * The element single-spa mounts remotes into, attached where the page content goes. Its content is never React's:
 * the server writes the remote's part into it, and the browser's outlet is that same element, hydrated by the remote.
 */
function Outlet() {
  const { outlet } = useShell();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (typeof outlet !== 'string' && outlet.parentElement !== ref.current) ref.current?.appendChild(outlet);
  }, [outlet]);
  return (
    <div
      ref={ref}
      dangerouslySetInnerHTML={{ __html: typeof outlet === 'string' ? outlet : '' }}
      suppressHydrationWarning
    />
  );
}

function ShellPage() {
  const { t } = useTranslation('shell');
  const { router } = useShell();
  const { route, notFound } = useSubject(router.state$);
  if (notFound) {
    return (
      <section className="vv-message" data-testid="not-found">
        <h1>{t('notFound.title')}</h1>
        <a href={router.href('home')}>{t('notFound.home')}</a>
      </section>
    );
  }
  if (route.name === 'home') return <Home />;
  const legalType = legalTypeOfPage(route.name);
  if (legalType) return <LegalPage type={legalType} />;
  if (route.name === 'operatorConsole') return <OperatorConsolePage />;
  return null;
}

const hydrated = () => true;

/**
 * What another remote lays over every page (the Easter eggs hidden on it), told the page's route. Mounted after
 * hydration only: it is the guest's own (her eggs), and a page that fills nothing renders the same on the server.
 */
function PageOverlay() {
  const { router, slots } = useShell();
  const { route, notFound } = useSubject(router.state$);
  const inBrowser = useBrowserValue(hydrated, false);
  if (!inBrowser || notFound) return null;
  return <SlotHost slots={slots} slot="page.overlay" props={{ route: route.name }} fallback={null} />;
}

/**
 * The page frame: navbar, status bar, sidebar, the shell's own pages or the active remote, footer, modals and
 * toasts. Plain clicks on in-site links are routed without reloading the document, and going back returns to where
 * the visitor left the page.
 */
export function Layout() {
  const { router } = useShell();
  useEffect(() => {
    const restoration = installScrollRestoration(window);
    const onClick = (event: MouseEvent) => {
      if (
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey
      )
        return;
      const anchor = (event.target as Element | null)?.closest?.('a[href]');
      if (
        !(anchor instanceof HTMLAnchorElement) ||
        (anchor.target && anchor.target !== '_self') ||
        anchor.hasAttribute('download')
      )
        return;
      // The page left keeps its position for the way back; the page reached starts at its top.
      restoration.save();
      if (router.follow(anchor.href)) {
        event.preventDefault();
        window.scrollTo?.(0, 0);
      }
    };
    document.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('click', onClick);
      restoration.dispose();
    };
  }, [router]);

  return (
    <div className="vv-shell">
      <Navbar />
      <div className="vv-body">
        <Sidebar />
        <main id="main" className="vv-main">
          <ShellPage />
          <Outlet />
          <PageSeoText />
          <Teasers />
        </main>
      </div>
      <Footer />
      <StatusBar />
      <AuthModal />
      <FlowModal />
      <SurveyHost />
      {/* Banners that ask something of the visitor arrive after hydration: stacked in one overlay at the bottom of the
          screen, they move nothing on the page. */}
      <div className="vv-overlays">
        <CookieConsent />
        <DataProtectionNotice />
        <InstallPrompt />
      </div>
      <Incentives />
      <ConversionChatCountdown />
      <LockedNotice />
      <PageOverlay />
      <Toasts />
    </div>
  );
}
