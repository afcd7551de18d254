import { describe, expect, it } from 'vitest';
import { findPostcode, listPostcodes, titleCaseLocality } from '../../src/server/postcodes/postcode-directory';

describe('postcode directory', () => {
  it('knows 3000 is Melbourne, Victoria, with its centre in the CBD', () => {
    const melbourne = findPostcode('3000');
    expect(melbourne).toMatchObject({ postcode: '3000', state: 'VIC' });
    expect(melbourne!.suburbs).toContain('Melbourne');
    expect(melbourne!.latitude).toBeCloseTo(-37.8, 1);
    expect(melbourne!.longitude).toBeGreaterThan(144.9);
    expect(melbourne!.longitude).toBeLessThan(145.0);
  });

  it('knows 2000 is Sydney, New South Wales', () => {
    const sydney = findPostcode('2000');
    expect(sydney?.state).toBe('NSW');
    expect(sydney?.suburbs).toContain('Sydney');
    expect(sydney?.suburbs).toContain('The Rocks');
  });

  it('title-cases suburbs with two words', () => {
    expect(findPostcode('3068')?.suburbs).toEqual(expect.arrayContaining(['Fitzroy North', 'Clifton Hill']));
    expect(titleCaseLocality('O’CONNOR')).toBe("O'Connor");
    expect(titleCaseLocality('PERTH GPO')).toBe('Perth GPO');
  });

  it('answers null for a postcode that does not exist', () => {
    expect(findPostcode('0000')).toBeNull();
    expect(findPostcode('12345')).toBeNull();
    expect(findPostcode('abcd')).toBeNull();
    // In the source data but placed in Jersey: no believable centre, so not offered.
    expect(findPostcode('3989')).toBeNull();
  });

  it('lists every postcode once, each with a suburb and a point in Australia or its territories', () => {
    const entries = listPostcodes();
    expect(entries.length).toBeGreaterThan(3000);
    expect(new Set(entries.map((entry) => entry.postcode)).size).toBe(entries.length);
    for (const entry of entries) {
      expect(entry.suburbs.length).toBeGreaterThan(0);
      expect(entry.latitude).toBeGreaterThan(-56);
      expect(entry.latitude).toBeLessThan(-9);
      expect(entry.longitude).toBeGreaterThan(72);
      expect(entry.longitude).toBeLessThan(169);
    }
  });
});
