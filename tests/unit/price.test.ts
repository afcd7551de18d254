import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPrice, parsePrice } from '../../src/domain/listing';
import { createListingBody } from '../../src/domain/listing-schemas';

describe('prices are exact decimals (spec 5 and 9)', () => {
  it.each([
    ['12', '12.00'],
    ['12.5', '12.50'],
    ['$1,250.05', '1250.05'],
    ['0.01', '0.01'],
    ['9999999999.99', '9999999999.99'],
    ['007', '7.00'],
  ])('reads %s as %s', (input, expected) => {
    expect(parsePrice(input)).toBe(expected);
  });

  it.each(['1e3', '-5', '12.345', '10000000000', 'abc', '0', '0.00', '', ' ', 'NaN', 'Infinity', '1.2.3'])('refuses %j', (input) => {
    expect(parsePrice(input)).toBeNull();
  });

  it('refuses bad prices in the listing form with the spec message', () => {
    const base = { title: 'Bike', description: 'A good bike for sale', category: 'sports' };
    const invalid = createListingBody.safeParse({ ...base, price: '1e3' });
    expect(invalid.error?.issues[0].message).toBe('Price must be a valid positive number under $10 billion');
    const missing = createListingBody.safeParse({ ...base, price: '' });
    expect(missing.error?.issues[0].message).toBe('Price is required');
  });

  it('round-trips every cent amount without drift', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 999_999_999_999n }), (cents) => {
        const text = `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
        expect(parsePrice(text)).toBe(text);
      }),
    );
  });

  it('formats AUD for people', () => {
    expect(formatPrice('1250.50')).toBe('$1,250.50');
    expect(formatPrice('45.00')).toBe('$45');
  });
});
