import { useTranslation } from 'react-i18next';

/** Terms of service and data protection: translated texts of the shell, one heading and its paragraphs per section. */
export function LegalPage({ page }: { page: 'termsOfService' | 'dataProtection' }) {
  const { t } = useTranslation('shell');
  const sections = t(`legal.${page}.sections`, { returnObjects: true }) as { title: string; text: string }[];
  return (
    <article className="vv-legal" data-testid={`legal-${page}`}>
      <h1>{t(`legal.${page}.title`)}</h1>
      {sections.map((section) => (
        <section key={section.title}>
          <h2>{section.title}</h2>
          <p>{section.text}</p>
        </section>
      ))}
    </article>
  );
}
