import {
  balanceOnWire,
  coinBalance,
  coinsFromHundredths,
  formatBalance,
  formatCurrency,
  hundredthsFromCoins,
  localeOf,
} from './money';

const nbsp = '\u00a0';

describe('formatCurrency (amounts in hundredths)', () => {
  it.each([
    [1200, 'VXC', `12${nbsp}VXC`],
    [0, 'VXC', `0${nbsp}VXC`],
    [123456700, 'VXC', `1.234.567${nbsp}VXC`],
    [1250, 'VXC', `12,50${nbsp}VXC`],
    [50, 'VXC', `0,50${nbsp}VXC`],
    [500, 'credits', `5${nbsp}Credits`],
    [2000, 'voucher', `20${nbsp}Voucher`],
    [1200, 'EUR', `12,00${nbsp}€`],
    [999, 'EUR', `9,99${nbsp}€`],
    [123450, 'CHF', `1.234,50${nbsp}CHF`],
    [-250, 'EUR', `-2,50${nbsp}€`],
  ])('%i %s → %s', (value, currency, expected) => {
    expect(formatCurrency(value, currency)).toBe(expected);
  });

  it('groups and separates digits as the language does', () => {
    expect(formatCurrency(123456, 'VXC', 'en')).toBe(`1,234.56${nbsp}VXC`);
    expect(formatCurrency(123400, 'VXC', 'de')).toBe(`1.234${nbsp}VXC`);
    expect(formatCurrency(123450, 'EUR', 'en')).toBe(`1,234.50${nbsp}€`);
  });

  it('throws for an unknown currency', () => {
    expect(() => formatCurrency(100, 'USD')).toThrow('Unknown currency USD');
  });

  it('refuses a non-integer amount', () => {
    expect(() => formatCurrency(12.5, 'EUR')).toThrow();
  });
});

describe('balances on the wire', () => {
  it('are coins: 500 VXC is 500, half a coin is 0.5, and every hundredth survives the way there and back', () => {
    expect(coinsFromHundredths(50_000)).toBe(500);
    expect(coinsFromHundredths(50)).toBe(0.5);
    expect(JSON.stringify(coinsFromHundredths(12_345))).toBe('123.45');
    for (let hundredths = 0; hundredths < 100_000; hundredths += 97) {
      const coins = JSON.parse(JSON.stringify(coinsFromHundredths(hundredths))) as number;
      expect(hundredthsFromCoins(coins)).toBe(hundredths);
      expect(coinBalance.safeParse(coins).success).toBe(true);
    }
  });

  it('refuses coins with more than two decimals', () => {
    expect(coinBalance.safeParse(1.005).success).toBe(false);
  });

  it('carry the shown text made by formatBalance of the coins', () => {
    expect(balanceOnWire(123_400, 'de')).toEqual({ balance: 1234, balanceFormatted: `1.234${nbsp}VXC` });
    expect(balanceOnWire(50, 'en')).toEqual({ balance: 0.5, balanceFormatted: `0.50${nbsp}VXC` });
    expect(formatBalance(1234, 'en')).toBe(`1,234${nbsp}VXC`);
  });
});

test('one Intl locale per site language', () => {
  expect(['de', 'en', 'nl', 'es'].map((language) => localeOf(language as 'de'))).toEqual([
    'de-DE',
    'en-GB',
    'nl-NL',
    'es-ES',
  ]);
});
