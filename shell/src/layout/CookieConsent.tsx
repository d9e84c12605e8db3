import { useId, useState } from 'react';
import type { ConsentState } from '@velvet/contracts';
import { useTranslation } from 'react-i18next';
import { Button } from '@velvet/ui';
import { useShell, useSubject } from './ShellContext';

/** What the server and the hydration render with: a shared page knows no visitor's choice, so it asks nothing. */
const UNKNOWN_ON_SERVER = { decided: true, functional: false, analytics: false };

/**
 * The cookie banner: asked until the visitor chose, and again when she opens the cookie settings (footer). Necessary
 * cookies are always on; functional and analytics only with her yes. A shared page knows no visitor's cookie, so the
 * banner appears after hydration, as an overlay at the bottom that moves nothing on the page.
 */
export function CookieConsent() {
  const { consent } = useShell();
  const state = useSubject(consent.consent$, UNKNOWN_ON_SERVER);
  const editing = useSubject(consent.editing$, false);
  if (state.decided && !editing) return null;
  // Mounted afresh each time it opens, so the settings start from what she chose before.
  return <CookieChoice initial={state} />;
}

function CookieChoice({ initial }: { initial: ConsentState }) {
  const { t } = useTranslation('shell');
  const { consent, router } = useShell();
  const [choice, setChoice] = useState({ functional: initial.functional, analytics: initial.analytics });
  const titleId = useId();
  return (
    <section className="vv-cookies" role="dialog" aria-labelledby={titleId} data-testid="cookie-consent">
      <h2 id={titleId}>{t('cookies.title')}</h2>
      {/* The explanation opens on request: a first visit's banner stays a short bar over the page, never its largest
          paint, and leaves a phone's first screen readable. */}
      <details className="vv-cookies__details">
        <summary>{t('cookies.more')}</summary>
        <p>{t('cookies.text')}</p>
      </details>
      <p>
        <a href={router.href('dataProtection')}>{t('routes.dataProtection')}</a>
      </p>
      <fieldset className="vv-cookies__choice">
        <legend className="vv-visually-hidden">{t('cookies.categories')}</legend>
        <label>
          <input type="checkbox" checked disabled /> {t('cookies.necessary')}
        </label>
        <label>
          <input
            type="checkbox"
            checked={choice.functional}
            onChange={(event) => setChoice({ ...choice, functional: event.currentTarget.checked })}
          />{' '}
          {t('cookies.functional')}
        </label>
        <label>
          <input
            type="checkbox"
            checked={choice.analytics}
            onChange={(event) => setChoice({ ...choice, analytics: event.currentTarget.checked })}
          />{' '}
          {t('cookies.analytics')}
        </label>
      </fieldset>
      <div className="vv-cookies__actions">
        <Button variant="secondary" size="small" onClick={() => consent.decide(choice)}>
          {t('cookies.save')}
        </Button>
        <Button
          variant="secondary"
          size="small"
          onClick={() => consent.decide({ functional: false, analytics: false })}
        >
          {t('cookies.necessaryOnly')}
        </Button>
        <Button size="small" onClick={() => consent.decide({ functional: true, analytics: true })}>
          {t('cookies.acceptAll')}
        </Button>
      </div>
    </section>
  );
}

/**
 * The browser's offer to install the site as an app, once the visitor has answered the cookie banner (one overlay
 * at a time); "not now" keeps it away for 7 days.
 */
export function InstallPrompt() {
  const { t } = useTranslation('shell');
  const { install, consent, platform } = useShell();
  const offer = useSubject(install.offer$, null);
  const state = useSubject(consent.consent$, UNKNOWN_ON_SERVER);
  const editing = useSubject(consent.editing$, false);
  if (!offer || !state.decided || editing) return null;
  return (
    <section className="vv-install" aria-label={t('install.label')} data-testid="install-prompt">
      <p>{t('install.text', { brand: platform.tenant.brand })}</p>
      <div className="vv-cookies__actions">
        <Button variant="ghost" size="small" onClick={install.dismiss}>
          {t('install.later')}
        </Button>
        <Button size="small" onClick={() => void install.install()}>
          {t('install.install')}
        </Button>
      </div>
    </section>
  );
}
