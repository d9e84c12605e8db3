import type { Language } from '@velvet/contracts';
import { formatDate } from '@velvet/i18n';

/** Times and days in the zone the page shows (useTimeZone: the visitor's, the site's on the server). */
export const formatTime = (iso: string, language: Language, timeZone: string) =>
  formatDate(iso, language, { hour: '2-digit', minute: '2-digit', timeZone });

export const formatDay = (iso: string, language: Language, timeZone: string) =>
  formatDate(iso, language, { weekday: 'long', day: 'numeric', month: 'long', timeZone });

/** Minutes, rounded up: "25 min" is what a viewer expects for an episode. */
export const durationMinutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));
