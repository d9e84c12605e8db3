import type { Language } from '@velvet/contracts';

/** This remote's strings in one language: each language is a chunk of its own, loaded when a page needs it. */
export const loadLocale = (language: Language) =>
  import(/* webpackChunkName: "locale-[request]" */ `./${language}.json`);
