import type { Language } from '@velvet/contracts';
import { formatDate } from '@velvet/i18n';

/** A date in the reader's language, shown in Berlin time like the rest of the site's schedule. */
export function formatBerlinDate(iso: string, language: Language, withTime = false): string {
  return formatDate(iso, language, {
    dateStyle: 'medium',
    ...(withTime ? { timeStyle: 'short' } : {}),
    timeZone: 'Europe/Berlin',
  });
}

/** A YYYY-MM-DD calendar date as a weekday and date. */
export function formatDay(date: string, language: Language): string {
  return formatDate(`${date}T00:00:00Z`, language, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
}
