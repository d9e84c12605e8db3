import type { Language, TvText } from '@velvet/contracts';

/** Programme texts exist in German and English; every other language reads the English ones. */
export const pickText = (text: TvText, language: string): string => (language === 'de' ? text.de : text.en);

export const formatTime = (iso: string, language: Language | string) =>
  new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));

export const formatDay = (iso: string, language: Language | string) =>
  new Intl.DateTimeFormat(language, { weekday: 'long', day: 'numeric', month: 'long' }).format(new Date(iso));

/** Minutes, rounded up: "25 min" is what a viewer expects for an episode. */
export const durationMinutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));
