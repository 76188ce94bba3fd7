import { describe, expect, it } from 'vitest';
import { checkoutStartPath, graphPath, previewNodePath, previewPath, shopPath } from './links';
import { formatPrice } from './price';

describe('formatPrice', () => {
  it('divides minor units by 100 and formats with the currency', () => {
    expect(formatPrice(4900, 'usd')).toBe('$49.00');
    expect(formatPrice(2900, 'USD')).toBe('$29.00');
    expect(formatPrice(2950)).toBe('$29.50');
    expect(formatPrice(0, 'usd')).toBe('$0.00');
    expect(formatPrice(1999, 'eur')).toBe('€19.99');
  });

  it('falls back to a plain amount for an unknown currency code', () => {
    expect(formatPrice(1000, 'not-a-currency')).toBe('10.00 NOT-A-CURRENCY');
  });
});

describe('course links', () => {
  it('builds the shared paths, encoding values', () => {
    expect(checkoutStartPath('vagus-nerve', 'price_1')).toBe('/checkout/start?subject=vagus-nerve&priceId=price_1');
    expect(checkoutStartPath('vagus-nerve')).toBe('/checkout/start?subject=vagus-nerve');
    expect(checkoutStartPath('a b', 'p&q')).toBe('/checkout/start?subject=a%20b&priceId=p%26q');
    expect(previewPath('metabolic')).toBe('/preview?subject=metabolic');
    expect(previewNodePath('n/1', 'metabolic')).toBe('/preview/node/n%2F1?subject=metabolic');
    expect(graphPath('metabolic')).toBe('/graph?subject=metabolic');
    expect(shopPath('metabolic')).toBe('/shop?subject=metabolic');
    expect(shopPath(null)).toBe('/shop');
  });
});
