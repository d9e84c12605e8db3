import {
  addDaysToDate,
  dailyBonusDayEnd,
  dailyBonusRemainingMs,
  dateInZone,
  decodeBlogPostsPayload,
  encodeBlogPostsPayload,
  resolveBlogCategory,
} from './specials';

describe('daily-bonus day in Berlin time', () => {
  it('ends at 23:59:59 Berlin time in winter (UTC+1) and summer (UTC+2)', () => {
    expect(dailyBonusDayEnd('2026-11-22').toISOString()).toBe('2026-11-22T22:59:59.000Z');
    expect(dailyBonusDayEnd('2026-07-01').toISOString()).toBe('2026-07-01T21:59:59.000Z');
    // The days daylight saving time starts and ends.
    expect(dailyBonusDayEnd('2026-03-29').toISOString()).toBe('2026-03-29T21:59:59.000Z');
    expect(dailyBonusDayEnd('2026-10-25').toISOString()).toBe('2026-10-25T22:59:59.000Z');
  });

  it('reads the Berlin date of an instant and counts down to the end of it', () => {
    expect(dateInZone(new Date('2026-11-22T22:59:59Z'))).toBe('2026-11-22');
    expect(dateInZone(new Date('2026-11-22T23:00:00Z'))).toBe('2026-11-23');
    expect(dailyBonusRemainingMs(new Date('2026-11-22T22:59:49Z'))).toBe(10_000);
    expect(dailyBonusRemainingMs(new Date('2026-11-22T22:59:59.500Z'))).toBe(0);
    expect(dailyBonusRemainingMs(new Date('2026-11-22T23:00:00Z'))).toBe(86_399_000);
  });

  it('adds days across months and years', () => {
    expect(addDaysToDate('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDaysToDate('2028-02-28', 1)).toBe('2028-02-29');
  });
});

describe('blog categories and payloads', () => {
  it('resolves the spec ids and aliases, latest meaning every category', () => {
    expect(resolveBlogCategory('news')).toBe(45);
    expect(resolveBlogCategory('events')).toBe(38);
    expect(resolveBlogCategory('506')).toBe(506);
    expect(resolveBlogCategory('latest')).toBeNull();
    expect(resolveBlogCategory('42')).toBeUndefined();
    expect(resolveBlogCategory('live')).toBeUndefined();
  });

  it('round-trips the posts payload with defaults and refuses bad ones', () => {
    expect(decodeBlogPostsPayload(encodeBlogPostsPayload({ page: 2 }))).toEqual({ page: 2, pageSize: 3, exclude: [] });
    expect(decodeBlogPostsPayload('{"page":0}')).toBeNull();
    expect(decodeBlogPostsPayload('page=1')).toBeNull();
  });
});
