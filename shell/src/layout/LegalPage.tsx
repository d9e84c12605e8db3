import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  dateTimeFormat,
  legalDownloadUrl,
  legalEndpoints,
  type Language,
  type LegalText,
  type LegalTextType,
} from '@velvet/contracts';
import { ErrorState, Spinner } from '@velvet/ui';
import { useShell, useSubject } from './ShellContext';

/** A calendar day (YYYY-MM-DD) in the page's language; the same text on the server and in every time zone. */
const dayIn = (day: string, language: Language) =>
  dateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

/**
 * A legal document (terms, privacy policy, imprint) in the page's language: the server renders it with the text it
 * read (`legal` of the shell), another page of the shell asks for it when it opens. With a link to its download.
 */
export function LegalPage({ type }: { type: LegalTextType }) {
  const { t } = useTranslation('shell');
  const { platform, router, legal: served } = useShell();
  const { language } = useSubject(router.route$);
  const fits = (text: LegalText | null): text is LegalText => text?.type === type && text.language === language;
  const [loaded, setLoaded] = useState<LegalText | null>(null);
  const [attempt, setAttempt] = useState(0);
  // Which request failed: another document, language or try is loading again, not failed.
  const [failedRequest, setFailedRequest] = useState<string | null>(null);
  const request = `${type}:${language}:${attempt}`;
  const failed = failedRequest === request;
  const text = fits(loaded) ? loaded : fits(served) ? served : null;
  const missing = text === null;

  useEffect(() => {
    if (!missing) return;
    let current = true;
    platform.api.rest(legalEndpoints.text, { params: { type }, query: { language } }).then(
      (answer) => current && setLoaded(answer),
      () => current && setFailedRequest(request),
    );
    return () => {
      current = false;
    };
  }, [missing, platform, type, language, request]);

  if (!text)
    return (
      <article className="vv-legal" data-testid={`legal-${type}`}>
        {failed ? (
          <ErrorState
            title={t('legal.failed')}
            retryLabel={t('legal.retry')}
            onRetry={() => setAttempt((n) => n + 1)}
          />
        ) : (
          <Spinner label={t('legal.loading')} />
        )}
      </article>
    );
  return (
    <article className="vv-legal" data-testid={`legal-${type}`} lang={text.language}>
      <h1>{text.title}</h1>
      <p className="vv-legal__meta">
        {t('legal.version', { version: text.version, date: dayIn(text.validFrom, text.language) })}{' '}
        <a href={legalDownloadUrl(text.id)} download data-testid="legal-download">
          {t('legal.download')}
        </a>
      </p>
      {text.sections.map((section) => (
        <section key={section.title}>
          <h2>{section.title}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
      ))}
    </article>
  );
}
