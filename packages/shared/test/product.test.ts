import { describe, expect, it } from 'vitest';
import productJson from '../src/product.json';
import { PRODUCT_NAME } from '../src/product';

describe('the product name', () => {
  it('is one name, the same for the UIs (product.ts) and the API (product.json)', () => {
    expect(PRODUCT_NAME).toBe('LearnPath');
    expect(productJson.name).toBe(PRODUCT_NAME);
  });
});
