import { formatCurrency } from '@velvet/sdk';
import type { Language } from '@velvet/contracts';

const LOCALES: Record<Language, string> = { de: 'de-DE', en: 'en-GB', nl: 'nl-NL', es: 'es-ES' };

/** A date in the reader's language, shown in Berlin time like the rest of the site's schedule. */
export function formatDate(iso: string, language: Language, withTime = false): string {
  return new Intl.DateTimeFormat(LOCALES[language], {
    dateStyle: 'medium',
    ...(withTime ? { timeStyle: 'short' } : {}),
    timeZone: 'Europe/Berlin',
  }).format(new Date(iso));
}

/** A YYYY-MM-DD calendar date as a weekday and date. */
export function formatDay(date: string, language: Language): string {
  return new Intl.DateTimeFormat(LOCALES[language], { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

/** hh:mm:ss of a duration. */
export function formatCountdown(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
}

export const formatPrice = (value: number, currency: 'VXC' | 'EUR') => formatCurrency(value, currency);
