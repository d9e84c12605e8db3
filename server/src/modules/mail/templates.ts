import { routeByName, slugsFor, type Language, type RouteName } from '@velvet/contracts';
import { serverTexts } from '../../texts';
import de from './locales/de.json';
import en from './locales/en.json';
import es from './locales/es.json';
import nl from './locales/nl.json';

/** The texts of mails, one i18next namespace in the server's four languages. */
const texts = serverTexts('mail', { de, en, es, nl });

/** The mails the server writes; each has subject, intro, action and outro texts under its name. */
export type MailTemplate =
  'verifyEmail' | 'passwordReset' | 'passwordChanged' | 'newsletterConfirm' | 'newsletter' | 'videoShare';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export interface MailContent {
  template: MailTemplate;
  language: Language;
  /** The recipient's name for the greeting; none greets without one. */
  name: string | null;
  /** The button's address. */
  link: string;
  /** Values of the template's placeholders (email, hours, newsletter, ...). */
  values: Readonly<Record<string, string | number>>;
  /** A newsletter's own unsubscribe link, shown below its text. */
  unsubscribeLink?: string;
  /** A paragraph between intro and button (a newsletter's teaser). */
  body?: string;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** An address on this site: the origin, the route's slugs in the language with its arguments. */
export function siteLink(origin: string, language: Language, name: RouteName, args: Record<string, string> = {}) {
  const slugs = slugsFor(routeByName(name), language).replace(/:(\w+)/g, (_, arg: string) =>
    encodeURIComponent(args[arg] ?? ''),
  );
  return `${origin}/${language}/${slugs ? `${slugs}/` : ''}`;
}

/** A newsletter type's name in a language. */
export const newsletterName = (typeId: number, language: Language) =>
  texts.t(`newsletterTypes.${typeId}`, { lng: language });
/** The line above a guest's own words in a shared video's mail. */
export const videoShareMessageIntro = (sender: string, language: Language) =>
  texts.t('videoShare.message', { sender, lng: language });
export const newsletterTeaser = (typeId: number, language: Language) =>
  texts.t(`newsletterTeasers.${typeId}`, { lng: language });

/**
 * One mail in both parts: a plain-text part for clients that show no HTML (and spam filters that compare
 * them) and an HTML part with the same words and the link as a button. Every value is escaped in the HTML.
 */
export function renderMail(content: MailContent): RenderedMail {
  const lng = content.language;
  const brand = texts.t('brand', { lng });
  const values = { ...content.values, brand, lng };
  const t = (key: string) => texts.t(`${content.template}.${key}`, values);
  const greeting = content.name
    ? texts.t('greeting', { name: content.name, lng })
    : texts.t('greetingAnonymous', { lng });
  const paragraphs = [t('intro'), ...(content.body ? [content.body] : [])];
  const footer = texts.t('footer', { brand, lng });
  const unsubscribe = content.unsubscribeLink
    ? { outro: t('outro'), label: t('unsubscribe'), link: content.unsubscribeLink }
    : null;
  const outro = unsubscribe ? null : t('outro');

  const text = [
    greeting,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    `${t('action')}: ${content.link}`,
    '',
    ...(outro ? [outro, ''] : []),
    ...(unsubscribe ? [`${unsubscribe.outro} ${unsubscribe.link}`, ''] : []),
    '-- ',
    footer,
    '',
  ].join('\n');

  const p = (value: string) => `<p style="margin:0 0 16px">${escapeHtml(value)}</p>`;
  const html = `<!doctype html>
<html lang="${lng}"><head><meta charset="utf-8"><title>${escapeHtml(t('subject'))}</title></head>
<body style="margin:0;padding:24px;background:#f4f1f6;font-family:Arial,Helvetica,sans-serif;color:#222">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px;color:#8b1e5b">${escapeHtml(brand)}</h1>
${p(greeting)}
${paragraphs.map(p).join('\n')}
<p style="margin:24px 0"><a href="${escapeHtml(content.link)}" style="background:#8b1e5b;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(t('action'))}</a></p>
<p style="margin:0 0 16px;font-size:12px;color:#666">${escapeHtml(texts.t('linkFallback', { lng }))}<br><a href="${escapeHtml(content.link)}" style="color:#666;word-break:break-all">${escapeHtml(content.link)}</a></p>
${outro ? p(outro) : ''}
${unsubscribe ? `<p style="margin:0 0 16px;font-size:12px;color:#666">${escapeHtml(unsubscribe.outro)} <a href="${escapeHtml(unsubscribe.link)}" style="color:#666">${escapeHtml(unsubscribe.label)}</a></p>` : ''}
<p style="margin:16px 0 0;font-size:12px;color:#999">${escapeHtml(footer)}</p>
</div></body></html>
`;
  return { subject: t('subject'), text, html };
}
