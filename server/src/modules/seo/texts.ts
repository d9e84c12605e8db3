import { DEFAULT_LANGUAGE, type Language } from '@velvet/contracts';
import de from './locales/de.json';
import en from './locales/en.json';
import es from './locales/es.json';
import nl from './locales/nl.json';

/**
 * The texts of page heads (titles, descriptions, route names), per language in the resource shape of the
 * front end's i18next namespaces (nested keys, `{{name}}` placeholders); English stands in for a missing key.
 */
const RESOURCES: Record<Language, unknown> = { de, en, es, nl };

type Values = Readonly<Record<string, string | number>>;

const lookup = (resource: unknown, key: string): string | undefined => {
  const found = key
    .split('.')
    .reduce<unknown>(
      (node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined),
      resource,
    );
  return typeof found === 'string' ? found : undefined;
};

/** The text of `key` in `language` with its placeholders filled in, or undefined where no language has it. */
export function pageText(language: Language, key: string, values: Values = {}): string | undefined {
  const text = lookup(RESOURCES[language], key) ?? lookup(RESOURCES[DEFAULT_LANGUAGE], key);
  return text?.replace(/\{\{(\w+)\}\}/g, (placeholder, name: string) => String(values[name] ?? placeholder));
}

/** Like pageText, for keys every language has (a missing one is a bug the tests catch). */
export function requiredText(language: Language, key: string, values: Values = {}): string {
  const text = pageText(language, key, values);
  if (text === undefined) throw new Error(`No page text ${key}`);
  return text;
}
