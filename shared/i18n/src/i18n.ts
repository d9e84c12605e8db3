import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@velvet/contracts';

/**
 * One i18next instance for the whole page: the shell creates it, remotes add their own namespace
 * (their name) to it on mount. English is the fallback for any missing key.
 */
export function createI18n(language: Language, resources: Resource = {}, defaultNS = 'shell'): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    resources,
    ns: Object.keys(Object.values(resources)[0] ?? {}),
    defaultNS,
    interpolation: { escapeValue: false }, // React escapes
    initAsync: false,
    returnNull: false,
  });
  return instance;
}
