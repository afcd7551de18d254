import { describe, expect, it } from 'vitest';
import { postcodeRanges, stateForPostcode, stateOfNeighbourhood } from '../../src/domain/postcodes';

const pad = (value: number) => String(value).padStart(4, '0');

describe('postcode to state (spec 9)', () => {
  it.each([
    ['0800', 'NT'], ['0999', 'NT'],
    ['1000', 'NSW'], ['2599', 'NSW'],
    ['2600', 'ACT'], ['2618', 'ACT'],
    ['2619', 'NSW'], ['2899', 'NSW'],
    ['2900', 'ACT'], ['2920', 'ACT'],
    ['2921', 'NSW'], ['2999', 'NSW'],
    ['3000', 'VIC'], ['3999', 'VIC'],
    ['4000', 'QLD'], ['4999', 'QLD'],
    ['5000', 'SA'], ['5799', 'SA'],
    ['5800', 'WA'], ['6797', 'WA'],
    ['6800', 'SA'], ['6999', 'SA'],
    ['7000', 'TAS'], ['7799', 'TAS'],
  ])('%s is in %s', (postcode, state) => {
    expect(stateForPostcode(postcode)).toBe(state);
  });

  it.each(['0000', '0799', '7800', '8000', '9999'])('%s is outside every range', (postcode) => {
    expect(stateForPostcode(postcode)).toBeNull();
  });

  it.each(['800', '30000', 'abcd', '', ' 3000', '3000 ', '30.0'])('refuses the malformed postcode %j', (postcode) => {
    expect(stateForPostcode(postcode)).toBeNull();
  });

  it('maps both ends of every range to its state, and the ranges never overlap', () => {
    for (const range of postcodeRanges) {
      expect(stateForPostcode(pad(range.from))).toBe(range.state);
      expect(stateForPostcode(pad(range.to))).toBe(range.state);
    }
    const sorted = [...postcodeRanges].sort((a, b) => a.from - b.from);
    for (let index = 1; index < sorted.length; index += 1) {
      expect(sorted[index].from).toBeGreaterThan(sorted[index - 1].to);
    }
  });

  it('leaves 6798 and 6799 (Christmas and Cocos Islands) outside the states, as the spec does', () => {
    expect(stateForPostcode('6798')).toBeNull();
    expect(stateForPostcode('6799')).toBeNull();
  });

  it('handles null and undefined', () => {
    expect(stateForPostcode(null)).toBeNull();
    expect(stateForPostcode(undefined)).toBeNull();
  });
});

describe('the state of a neighbourhood postcode (decision 0010)', () => {
  it('follows the spec table when one of its suburbs lies in that state', () => {
    expect(stateOfNeighbourhood('3141', ['VIC', 'VIC'])).toBe('VIC');
    // On a border: Hall is in the ACT, Wallaroo and Springrange in NSW.
    expect(stateOfNeighbourhood('2618', ['ACT', 'NSW', 'NSW'])).toBe('ACT');
  });

  it('takes the state most of its suburbs lie in when none lies in the table\'s state', () => {
    // Adelaide Airport sits in the table's 5800-6797 WA range.
    expect(stateOfNeighbourhood('5950', ['SA', 'SA'])).toBe('SA');
    expect(stateOfNeighbourhood('6900', ['NSW', 'WA', 'WA'])).toBe('WA');
  });

  it('gives no state to a postcode outside every range of the table, wherever its suburbs are', () => {
    expect(stateOfNeighbourhood('9999', ['VIC'])).toBeNull();
    expect(stateOfNeighbourhood('6798', ['WA'])).toBeNull();
  });
});
