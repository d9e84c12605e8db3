import { useTranslation } from 'react-i18next';
import { LEGAL_PAGES, type Language, type Tenant } from '@velvet/contracts';
import { useSession, useShell, useSubject } from './ShellContext';

type FooterLink = Tenant['footerLinks'][number];

/** Footer link keys the tenant configures; social profiles use keys `social<Network>`. */
const HELP_CENTRE = 'helpCenter';
const MODEL_RECRUITMENT = 'modelRecruitment';
const isSocial = (link: FooterLink) => link.key.startsWith('social');

/**
 * A tenant footer link for this visitor: `{language}` becomes the page language where the target exists in it (the
 * help centre in de, es or en; model recruitment in de or en), and the help centre gets the guest's name.
 */
export function footerHref(link: FooterLink, language: Language, guestName: string | null): string {
  const available =
    link.key === HELP_CENTRE
      ? ['de', 'es', 'en']
      : link.key === MODEL_RECRUITMENT
        ? ['de', 'en']
        : ['de', 'en', 'nl', 'es'];
  const url = link.href.replaceAll('{language}', available.includes(language) ? language : 'en');
  if (link.key !== HELP_CENTRE || !guestName) return url;
  return `${url}${url.includes('?') ? '&' : '?'}name=${encodeURIComponent(guestName)}`;
}

export function Footer() {
  const { t } = useTranslation('shell');
  const { platform, router, consent, ui } = useShell();
  const route = useSubject(router.route$);
  const { guest } = useSession();
  const guestName = guest.flags.loggedIn ? guest.name : null;
  const links = platform.tenant.footerLinks;
  const social = links.filter(isSocial);
  const service = links.filter((link) => !isSocial(link));
  return (
    <footer className="vv-footer">
      {social.length > 0 && (
        <nav aria-label={t('footer.social')}>
          <ul className="vv-footer__social">
            {social.map((link) => (
              <li key={link.key}>
                <a href={footerHref(link, route.language, null)} rel="noopener noreferrer" target="_blank">
                  {t(`footer.links.${link.key}`, { defaultValue: link.key.slice('social'.length) })}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <nav aria-label={t('footer.service')}>
        <ul className="vv-footer__links">
          {service.map((link) => (
            <li key={link.key}>
              <a href={footerHref(link, route.language, guestName)} rel="noopener" target="_blank">
                {t(`footer.links.${link.key}`, { defaultValue: link.key })}
              </a>
            </li>
          ))}
          {Object.values(LEGAL_PAGES).map((page) => (
            <li key={page}>
              <a href={router.href(page)}>{t(`routes.${page}`)}</a>
            </li>
          ))}
          <li>
            <button type="button" className="vv-link-button" onClick={consent.edit}>
              {t('cookies.settings')}
            </button>
          </li>
          <li>
            <button type="button" className="vv-link-button" onClick={() => ui.surveys.open({ kind: 'feedback' })}>
              {t('survey.feedbackLink')}
            </button>
          </li>
        </ul>
      </nav>
      {/* The year is the server's when it rendered the page, which may be cached over New Year: hydration keeps
          that text rather than report the browser's year as a mismatch. */}
      <p className="vv-footer__copy" suppressHydrationWarning>
        {t('footer.copyright', { brand: platform.tenant.brand, year: new Date().getFullYear() })}
      </p>
    </footer>
  );
}
