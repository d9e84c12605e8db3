/**
 * Intl formatters kept per locale and options. Making one costs tens of microseconds and native memory that only
 * garbage collection gives back, where using one costs a fraction: a server render formats hundreds of dates (the
 * TV programme) and made a formatter for each. The options of the site's formats are few, time zones included,
 * so the cache stays small; past `KEPT_FORMATS` it starts over.
 */
const KEPT_FORMATS = 500;

function keptFormat<F, O>(
  cache: Map<string, F>,
  make: new (locale: string, options?: O) => F,
  locale: string,
  options: O | undefined,
): F {
  const key = options === undefined ? locale : `${locale} ${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) {
    if (cache.size >= KEPT_FORMATS) cache.clear();
    format = new make(locale, options);
    cache.set(key, format);
  }
  return format;
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();
const relativeTimeFormats = new Map<string, Intl.RelativeTimeFormat>();

/** `new Intl.DateTimeFormat(locale, options)`, made once per locale and options. */
export const dateTimeFormat = (locale: string, options?: Intl.DateTimeFormatOptions): Intl.DateTimeFormat =>
  keptFormat(dateTimeFormats, Intl.DateTimeFormat, locale, options);

/** `new Intl.NumberFormat(locale, options)`, made once per locale and options. */
export const numberFormat = (locale: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat =>
  keptFormat(numberFormats, Intl.NumberFormat, locale, options);

/** `new Intl.RelativeTimeFormat(locale, options)`, made once per locale and options. */
export const relativeTimeFormat = (locale: string, options?: Intl.RelativeTimeFormatOptions): Intl.RelativeTimeFormat =>
  keptFormat(relativeTimeFormats, Intl.RelativeTimeFormat, locale, options);
