import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@velvet/contracts';
import de from './common/de.json';
import en from './common/en.json';
import es from './common/es.json';
import nl from './common/nl.json';

/** Strings every remote shares (loading, errors, paging): the `common` namespace. */
export const COMMON_NAMESPACE = 'common';
const common: Record<Language, Record<string, unknown>> = { de, en, es, nl };

/**
 * One i18next instance for the whole page: the shell creates it, remotes add their own namespace
 * (their name) to it on mount. English is the fallback for any missing key.
 */
export function createI18n(language: Language, resources: Resource = {}, defaultNS = 'shell'): I18n {
  const instance = i18next.createInstance();
  const withCommon: Resource = Object.fromEntries(
    LANGUAGES.map((lang) => [lang, { ...resources[lang], [COMMON_NAMESPACE]: common[lang] }]),
  );
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    resources: withCommon,
    ns: Object.keys(withCommon[DEFAULT_LANGUAGE] ?? {}),
    defaultNS,
    interpolation: { escapeValue: false }, // React escapes
    initAsync: false,
    returnNull: false,
    // A remote's strings arrive after the language changed (one chunk per language): components show them then.
    react: { bindI18nStore: 'added' },
  });
  return instance;
}
