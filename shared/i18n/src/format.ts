import { dateTimeFormat, localeOf, numberFormat, relativeTimeFormat, type Language } from '@velvet/contracts';

// The locale of a language is the contracts' one map, which the server's formats read too.
export { localeOf };

export function formatDate(
  value: Date | string | number,
  language: Language,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
): string {
  return dateTimeFormat(localeOf(language), options).format(new Date(value));
}

export function formatNumber(value: number, language: Language, options: Intl.NumberFormatOptions = {}): string {
  return numberFormat(localeOf(language), options).format(value);
}

/** "3 minutes ago", "in 2 days": picks the largest unit that fits. */
export function formatRelativeTime(
  value: Date | string | number,
  language: Language,
  now: number = Date.now(),
): string {
  const seconds = Math.round((new Date(value).getTime() - now) / 1000);
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ['year', 31_536_000],
    ['month', 2_592_000],
    ['day', 86_400],
    ['hour', 3_600],
    ['minute', 60],
  ];
  const format = relativeTimeFormat(localeOf(language), { numeric: 'auto' });
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return format.format(seconds, 'second');
}

/**
 * A countdown's time left, from milliseconds: "14:59", or "1:02:03" past an hour. Whole seconds are rounded up, so a
 * countdown shows 0:00 only when it has ended.
 */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}
