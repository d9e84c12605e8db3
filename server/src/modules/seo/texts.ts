import type { Language } from '@velvet/contracts';
import { serverTexts } from '../../texts';
import de from './locales/de.json';
import en from './locales/en.json';
import es from './locales/es.json';
import nl from './locales/nl.json';

/** The texts of page heads: titles, descriptions, route names. */
const texts = serverTexts('seo', { de, en, es, nl });

type Values = Readonly<Record<string, string | number>>;

/** The text of `key` in `language` with its placeholders filled in, or undefined where no language has it. */
export function pageText(language: Language, key: string, values: Values = {}): string | undefined {
  return texts.exists(key, { lng: language }) ? texts.t(key, { ...values, lng: language }) : undefined;
}

/** Like pageText, for keys every language has (a missing one is a bug the tests catch). */
export function requiredText(language: Language, key: string, values: Values = {}): string {
  const text = pageText(language, key, values);
  if (text === undefined) throw new Error(`No page text ${key}`);
  return text;
}

/** A page's SEO text as the code writes it: placeholders such as `{{brand}}` are left for the tenant's values. */
export interface SeoTextTemplate {
  headline: string;
  paragraphs: string[];
}

/** The SEO texts the code writes in `language`, by tag. */
export const seoTextTemplates = (language: Language): Readonly<Record<string, SeoTextTemplate>> =>
  texts.getResource(language, 'seo', 'seoTexts') as Record<string, SeoTextTemplate>;

/** A stored text with its placeholders filled in, as i18next fills them. */
export const filledText = (text: string, language: Language, values: Values): string =>
  texts.services.interpolator.interpolate(text, values, language, {});
