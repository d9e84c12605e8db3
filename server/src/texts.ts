import { createInstance, type i18n } from 'i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@velvet/contracts';

/**
 * Server-side texts of one namespace through i18next, in the resource shape of the front end's namespaces
 * (nested keys, `{{name}}` placeholders); English stands in for a missing key. Values are not HTML-escaped
 * here: whoever writes the text into HTML escapes it.
 */
export function serverTexts(namespace: string, resources: Readonly<Record<Language, object>>): i18n {
  const texts = createInstance();
  void texts.init({
    initAsync: false,
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: LANGUAGES,
    ns: [namespace],
    defaultNS: namespace,
    resources: Object.fromEntries(LANGUAGES.map((language) => [language, { [namespace]: resources[language] }])),
    interpolation: { escapeValue: false },
  });
  return texts;
}
