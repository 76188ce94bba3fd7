import { formatAmount, formatReceiptDate } from './receipt.service';

describe('receipt formatting', () => {
  it('states the amount in the price currency’s own units', () => {
    expect(formatAmount(4900, 'usd')).toBe('$49.00');
    expect(formatAmount(2900, 'USD')).toBe('$29.00');
    expect(formatAmount(123456, 'eur')).toBe('€1,234.56');
    expect(formatAmount(1000, 'jpy')).toBe('¥1,000');
    expect(formatAmount(4900, 'not-a-currency')).toBe('49.00 NOT-A-CURRENCY');
  });

  it('states the day in UTC', () => {
    expect(formatReceiptDate(new Date('2026-11-27T23:59:00Z'))).toBe('November 27, 2026');
  });
});
