import { dateTimeFormat, type Language, type LegalText } from '@velvet/contracts';
import { serverTexts } from '../../texts';

const labels = serverTexts('legal', {
  de: { version: 'Fassung {{version}}, gültig ab {{date}}', file: 'velvet-{{type}}-de-v{{version}}' },
  en: { version: 'Version {{version}}, in force from {{date}}', file: 'velvet-{{type}}-en-v{{version}}' },
  nl: { version: 'Versie {{version}}, geldig vanaf {{date}}', file: 'velvet-{{type}}-nl-v{{version}}' },
  es: { version: 'Versión {{version}}, vigente desde el {{date}}', file: 'velvet-{{type}}-es-v{{version}}' },
});

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The day of a version in the document's language (the date is a calendar day: no time zone applies). */
const dayIn = (day: string, language: Language) =>
  dateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

/** The file name of a legal text's download: document, language and version. */
export const legalFileName = (text: LegalText) =>
  `${labels.t('file', { lng: text.language, type: text.type.toLowerCase(), version: text.version })}.html`;

/**
 * A legal text as a document of its own: a complete HTML page with its styles inline, readable and printable
 * offline, with nothing loaded from anywhere.
 */
export function legalDocumentHtml(text: LegalText): string {
  const sections = text.sections
    .map(
      (section) =>
        `<section>\n<h2>${escapeHtml(section.title)}</h2>\n${section.paragraphs
          .map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`)
          .join('\n')}\n</section>`,
    )
    .join('\n');
  const version = labels.t('version', {
    lng: text.language,
    version: text.version,
    date: dayIn(text.validFrom, text.language),
  });
  return `<!doctype html>
<html lang="${text.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(text.title)}</title>
<style>
body { font: 16px/1.6 Georgia, 'Times New Roman', serif; color: #1d1d1f; max-width: 46rem; margin: 2rem auto; padding: 0 1rem; }
h1 { font-size: 1.8rem; margin-bottom: 0.25rem; }
h2 { font-size: 1.15rem; margin-top: 1.75rem; }
.version { color: #555; font-style: italic; }
@media print { body { margin: 0; max-width: none; } }
</style>
</head>
<body>
<article>
<h1>${escapeHtml(text.title)}</h1>
<p class="version">${escapeHtml(version)}</p>
${sections}
</article>
</body>
</html>
`;
}
