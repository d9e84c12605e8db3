import { createI18n } from './i18n';
import { formatCountdown, formatDate, formatDuration, formatNumber, formatRelativeTime } from './format';

describe('createI18n', () => {
  it('translates per namespace and falls back to English', () => {
    const i18n = createI18n('de', {
      en: { shell: { hello: 'Hello', only: 'English only' }, 'mf-tv': { title: 'TV' } },
      de: { shell: { hello: 'Hallo' } },
    });
    expect(i18n.t('hello')).toBe('Hallo');
    expect(i18n.t('only')).toBe('English only');
    expect(i18n.t('title', { ns: 'mf-tv' })).toBe('TV');
    i18n.addResourceBundle('de', 'mf-chat', { live: 'Live jetzt' });
    expect(i18n.t('mf-chat:live')).toBe('Live jetzt');
  });
});

describe('Intl helpers', () => {
  it('format numbers and dates per language', () => {
    expect(formatNumber(1234.5, 'de')).toBe('1.234,5');
    expect(formatNumber(1234.5, 'en')).toBe('1,234.5');
    expect(formatDate('2026-03-01T12:00:00Z', 'de', { dateStyle: 'short', timeZone: 'UTC' })).toBe('01.03.26');
    expect(formatRelativeTime(Date.UTC(2026, 0, 1, 11, 57), 'en', Date.UTC(2026, 0, 1, 12, 0))).toBe('3 minutes ago');
  });
});

describe('formatCountdown', () => {
  it('shows minutes and seconds, hours past an hour, and rounds a started second up', () => {
    expect(formatCountdown(15 * 60 * 1000)).toBe('15:00');
    expect(formatCountdown(14 * 60 * 1000 + 59_001)).toBe('15:00');
    expect(formatCountdown(14 * 60 * 1000 + 59_000)).toBe('14:59');
    expect(formatCountdown(5_000)).toBe('0:05');
    expect(formatCountdown(3_723_000)).toBe('1:02:03');
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(-1_000)).toBe('0:00');
  });

  it('writes the hours always as a clock when asked', () => {
    expect(formatCountdown(9_000, { hours: 'clock' })).toBe('00:00:09');
    expect(formatCountdown(3_723_000, { hours: 'clock' })).toBe('01:02:03');
    expect(formatCountdown(-1, { hours: 'clock' })).toBe('00:00:00');
  });
});

describe('formatDuration', () => {
  it('writes whole seconds as m:ss, h:mm:ss from an hour on, dropping a fraction and never negative', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(65)).toBe('1:05');
    expect(formatDuration(754)).toBe('12:34');
    expect(formatDuration(59.9)).toBe('0:59');
    expect(formatDuration(3600)).toBe('1:00:00');
    expect(formatDuration(3_723)).toBe('1:02:03');
    expect(formatDuration(-5)).toBe('0:00');
    expect(formatDuration(3_723, { hours: 'clock' })).toBe('01:02:03');
  });
});
