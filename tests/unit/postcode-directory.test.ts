import { describe, expect, it } from 'vitest';
import { accountMessages } from '../../src/domain/account';
import { postcodeRanges } from '../../src/domain/postcodes';
import { placeOfMember } from '../../src/server/listings/search-area';
import { findPostcode, listPostcodes, missingPostcodeMessage, titleCaseLocality } from '../../src/server/postcodes/postcode-directory';

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
    expect(entries.length).toBeGreaterThan(2500);
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

describe('the main locality of a postcode, its default suburb', () => {
  it('gives 3141 South Yarra, not Chapel Street North, which comes first alphabetically', () => {
    expect(findPostcode('3141')?.suburbs).toEqual(['South Yarra', 'Chapel Street North']);
  });

  it.each([
    ['3000', 'Melbourne'],
    ['2000', 'Sydney'],
    ['4000', 'Brisbane'],
    ['6000', 'Perth'],
    ['5000', 'Adelaide'],
    ['2600', 'Canberra'],
    ['7000', 'Hobart'],
    ['0800', 'Darwin'],
    ['3065', 'Fitzroy'],
    ['3124', 'Camberwell'],
    ['3550', 'Bendigo'],
    ['4825', 'Mount Isa'],
  ])('gives %s the locality it is known by, %s', (postcode, suburb) => {
    expect(findPostcode(postcode)?.suburbs[0]).toBe(suburb);
  });

  it('lists the other suburbs alphabetically after it, leaving out post offices and mail centres', () => {
    const brisbane = findPostcode('4000')!.suburbs;
    expect(brisbane.slice(1)).toEqual([...brisbane.slice(1)].sort((a, b) => a.localeCompare(b)));
    expect(brisbane).toEqual(expect.arrayContaining(['Brisbane City', 'Spring Hill', 'Petrie Terrace']));
    expect(brisbane).not.toContain('Brisbane GPO');
    expect(findPostcode('6000')?.suburbs).toEqual(['Perth']);
  });

  it('picks the default suburb in the postcode\'s own state on a border', () => {
    expect(findPostcode('2618')).toMatchObject({ state: 'ACT', suburbs: expect.arrayContaining(['Hall', 'Wallaroo']) });
    expect(findPostcode('2618')?.suburbs[0]).toBe('Hall');
    expect(findPostcode('4383')).toMatchObject({ state: 'QLD', suburbs: ['Wallangarra', 'Jennings'] });
  });
});

describe('postcodes that are no neighbourhood', () => {
  it.each(['5800', '6800', '6907', '8001', '0801'])('refuses %s, a postcode for PO boxes or large mail receivers', (postcode) => {
    expect(findPostcode(postcode)).toBeNull();
    expect(missingPostcodeMessage(postcode)).toBe(accountMessages.postcodeNotNeighbourhood);
  });

  it.each(['9999', '6798', '6799'])('refuses %s, outside every state of the spec\'s table', (postcode) => {
    expect(findPostcode(postcode)).toBeNull();
    expect(missingPostcodeMessage(postcode)).toBe(accountMessages.postcodeOutsideStates);
  });

  it.each(['2921', '6797', '0001'])('does not know %s, a number no postcode has', (postcode) => {
    expect(findPostcode(postcode)).toBeNull();
    expect(missingPostcodeMessage(postcode)).toBe(accountMessages.postcodeUnknown);
  });
});

describe('postcode to state: one source for the profile and the search area (decision 0010)', () => {
  /** Where the registry puts a neighbourhood in another state than the spec's table does, and why. */
  const registryOverrides: Record<string, string> = {
    '5950': 'SA', // Adelaide Airport: the table's WA range starts at 5800, Western Australia's postcodes at 6000.
  };

  it.each(postcodeRanges.map((range) => [`${range.from}-${range.to}`, range] as const))('gives every neighbourhood in %s the table\'s state', (_name, range) => {
    const inRange = listPostcodes().filter((entry) => Number(entry.postcode) >= range.from && Number(entry.postcode) <= range.to);
    // Each range of the table holds neighbourhoods but two: Australia Post has no postcode in
    // 2921-2999, and 6800-6999 are all PO boxes and mail receivers (in Western Australia).
    if (range.from === 2921 || range.from === 6800) expect(inRange).toEqual([]);
    else expect(inRange.length).toBeGreaterThan(0);
    for (const entry of inRange) expect([entry.postcode, entry.state]).toEqual([entry.postcode, registryOverrides[entry.postcode] ?? range.state]);
  });

  it('places every neighbourhood outside the table nowhere: all of them are inside a range', () => {
    const outside = listPostcodes().filter((entry) => !postcodeRanges.some((range) => Number(entry.postcode) >= range.from && Number(entry.postcode) <= range.to));
    expect(outside).toEqual([]);
  });

  it('gives the search area the state the profile shows, for every neighbourhood', () => {
    for (const entry of listPostcodes()) {
      // A visitor looking around the postcode, and a member whose profile stored the directory's state.
      expect([entry.postcode, placeOfMember({ postcode: entry.postcode, state: null }).state]).toEqual([entry.postcode, entry.state]);
      expect(placeOfMember({ postcode: entry.postcode, state: entry.state }).point).toEqual({ latitude: entry.latitude, longitude: entry.longitude });
    }
    expect(placeOfMember({ postcode: '5950', state: null }).state).toBe('SA');
  });
});
