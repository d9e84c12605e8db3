import { formatCurrency } from './currency';

const nbsp = '\u00a0';

describe('formatCurrency (amounts in hundredths)', () => {
  it.each([
    [1200, 'VXC', `12${nbsp}VXC`],
    [0, 'VXC', `0${nbsp}VXC`],
    [123456700, 'VXC', `1.234.567${nbsp}VXC`],
    [1250, 'VXC', `12,50${nbsp}VXC`],
    [500, 'credits', `5${nbsp}Credits`],
    [2000, 'voucher', `20${nbsp}Voucher`],
    [1200, 'EUR', `12,00${nbsp}€`],
    [999, 'EUR', `9,99${nbsp}€`],
    [123450, 'CHF', `1.234,50${nbsp}CHF`],
    [-250, 'EUR', `-2,50${nbsp}€`],
  ])('%i %s → %s', (value, currency, expected) => {
    expect(formatCurrency(value, currency)).toBe(expected);
  });

  it('throws for an unknown currency', () => {
    expect(() => formatCurrency(100, 'USD')).toThrow('Unknown currency USD');
  });

  it('refuses a non-integer amount', () => {
    expect(() => formatCurrency(12.5, 'EUR')).toThrow();
  });
});
