import { DB_INT_MAX, dbId, dbInt, idParam, isSafeText, refuseUnsafeText, unsafeTextPath } from './input';
import { z } from 'zod';

describe('text the database can keep', () => {
  test('NUL and lone surrogates are unsafe, paired surrogates (emoji) are fine', () => {
    expect(isSafeText('Café 😀 日本')).toBe(true);
    expect(isSafeText('a\u0000b')).toBe(false);
    expect(isSafeText('\ud83d')).toBe(false);
    expect(isSafeText('a\ude00')).toBe(false);
    expect(isSafeText('\ude00\ud83d')).toBe(false);
  });

  test('the path of the first unsafe string, keys and array items included', () => {
    expect(unsafeTextPath({ a: ['ok', { b: 'x\u0000' }] })).toEqual(['a', 1, 'b']);
    expect(unsafeTextPath({ 'k\ud800': 1 })).toEqual(['k\ud800']);
    expect(unsafeTextPath({ a: 1, b: [true, null, 'fine'] })).toBeNull();
  });

  test('refuseUnsafeText adds an issue at that path and keeps the schema otherwise', () => {
    const schema = refuseUnsafeText(z.object({ name: z.string(), tags: z.array(z.string()) }));
    expect(schema.parse({ name: 'Ann', tags: ['a'] })).toEqual({ name: 'Ann', tags: ['a'] });
    const result = schema.safeParse({ name: 'Ann', tags: ['a', '\u0000'] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['tags', 1]);
    expect(result.error?.issues[0]?.message).toMatch(/NUL or unpaired surrogate/);
  });
});

describe('whole numbers within PostgreSQL integer', () => {
  test('ids are 1..2^31-1, in JSON and from a URL', () => {
    expect(dbId.safeParse(DB_INT_MAX).success).toBe(true);
    for (const bad of [0, -1, DB_INT_MAX + 1, 2 ** 53, 1.5, Number.NaN, Infinity]) {
      expect(dbId.safeParse(bad).success).toBe(false);
    }
    expect(idParam.parse('2147483647')).toBe(DB_INT_MAX);
    for (const bad of ['2147483648', '0x7fffffffff', '1e308', '', ' ', 'NaN', '-1']) {
      expect(idParam.safeParse(bad).success).toBe(false);
    }
  });

  test('a narrower range stays within the column, a wider one is cut to it', () => {
    expect(dbInt(1, 50).safeParse(51).success).toBe(false);
    expect(dbInt(0, 2 ** 40).safeParse(DB_INT_MAX + 1).success).toBe(false);
    expect(dbInt().safeParse(-(2 ** 31)).success).toBe(true);
  });
});
