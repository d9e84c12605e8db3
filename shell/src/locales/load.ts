import type { i18n as I18n } from 'i18next';
import type { Language } from '@velvet/contracts';

/** The shell's strings in one language: each language is a chunk of its own, so a page loads only its own. */
const loadStrings = (language: Language) =>
  import(/* webpackChunkName: "shell-locale-[request]", webpackExclude: /operator/ */ `./${language}.json`);

/**
 * Adds the shell's strings in `language` (namespace 'shell') to `i18n` unless it holds them already: before the
 * first render, since a hydrated layout must read the same strings the server wrote, and before each change of
 * language.
 */
export async function loadShellStrings(i18n: I18n, language: Language): Promise<void> {
  if (i18n.hasResourceBundle(language, 'shell')) return;
  const { default: strings } = await loadStrings(language);
  i18n.addResourceBundle(language, 'shell', strings, true, false);
}
