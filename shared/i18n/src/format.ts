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

/** How a duration is written: `short` leaves the hours out under an hour ("4:05"), `clock` always writes them ("00:04:05"). */
export interface DurationFormat {
  hours?: 'short' | 'clock';
}

/**
 * The one way a duration or time on a clock is written: whole seconds as "4:05", "1:02:03" from an hour on (or
 * "00:04:05" as a `clock`). A fraction of a second is dropped and a negative duration is 0.
 */
export function formatDuration(seconds: number, { hours = 'short' }: DurationFormat = {}): string {
  const total = Math.max(0, Math.floor(seconds));
  const pad = (value: number) => String(value).padStart(2, '0');
  const [h, m, s] = [Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60];
  if (hours === 'clock') return `${pad(h)}:${pad(m)}:${pad(s)}`;
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

/**
 * A countdown's time left, from milliseconds, written as `formatDuration`. Whole seconds are rounded up, so a
 * countdown shows 0:00 only when it has ended.
 */
export function formatCountdown(ms: number, format: DurationFormat = {}): string {
  return formatDuration(Math.ceil(ms / 1000), format);
}
