import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { seoTextsQuery, type Language, type SeoText } from '@velvet/contracts';
import { useShell, useSubject } from './ShellContext';

const keyOf = (tag: string, language: Language) => `${language} ${tag}`;

/**
 * The SEO text of the page's route under its content: a headline and paragraphs about the page's subject, the
 * first paragraph shown and the others behind "Read more" (in the HTML either way, for crawlers and visitors without
 * scripts). The server renders it with the text it looked up (`seoText` of the shell, also when the route has
 * none), so the hydration asks for nothing; a page reached in the browser asks once per route and language. The
 * texts are keyed by route name only: the shell knows nothing of which remote's pages have one.
 */
export function PageSeoText() {
  const { t } = useTranslation('shell');
  const { platform, router, seoText: served } = useShell();
  const { route, notFound } = useSubject(router.state$);
  const [answers, setAnswers] = useState<ReadonlyMap<string, SeoText | null>>(
    () => new Map(served ? [[keyOf(served.tag, served.language), served.text]] : []),
  );
  const key = keyOf(route.name, route.language);
  const asked = notFound || answers.has(key);

  useEffect(() => {
    if (asked) return;
    let current = true;
    platform.api.query(seoTextsQuery, { tags: [route.name] }).then(
      ({ seoTexts }) => current && setAnswers((known) => new Map(known).set(key, seoTexts[0] ?? null)),
      // A page without its text is still the page: the next visit of the route asks again.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [asked, platform, route.name, key]);

  const text = notFound ? null : answers.get(key);
  if (!text) return null;
  const [first, ...more] = text.paragraphs;
  return (
    <section className="vv-seo-text" data-testid="seo-text" lang={text.language}>
      <h2>{text.headline}</h2>
      <p>{first}</p>
      {more.length > 0 && (
        <details className="vv-seo-text__more">
          <summary>{t('seoText.readMore')}</summary>
          {more.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </details>
      )}
    </section>
  );
}
