import { dateTimeFormat, numberFormat, relativeTimeFormat } from './intl';

describe('kept Intl formatters', () => {
  it('makes one formatter per locale and options, formatting as Intl does', () => {
    const options = { dateStyle: 'medium', timeZone: 'Europe/Berlin' } as const;
    const format = dateTimeFormat('de-DE', options);
    expect(dateTimeFormat('de-DE', { ...options })).toBe(format);
    expect(dateTimeFormat('de-DE', { dateStyle: 'long', timeZone: 'Europe/Berlin' })).not.toBe(format);
    expect(dateTimeFormat('en-GB', options)).not.toBe(format);
    const instant = new Date('2026-03-29T00:30:00Z');
    expect(format.format(instant)).toBe(new Intl.DateTimeFormat('de-DE', options).format(instant));
    expect(numberFormat('nl-NL', { maximumFractionDigits: 2 }).format(1234.5)).toBe('1.234,5');
    expect(numberFormat('nl-NL')).toBe(numberFormat('nl-NL'));
    expect(relativeTimeFormat('en-GB', { numeric: 'auto' }).format(-1, 'day')).toBe('yesterday');
  });
});
