import { describe, expect, it } from 'vitest';
import { addressGroup } from '../../src/server/http/address-group';

describe('one address to an abuse limit', () => {
  it('is an IPv4 address as it is, also when written as IPv6', () => {
    expect(addressGroup('198.51.100.7')).toBe('198.51.100.7');
    expect(addressGroup('::ffff:198.51.100.7')).toBe('198.51.100.7');
  });

  it("is an IPv6 client's /64, however its address is written", () => {
    const group = '2001:db8:7:42::/64';
    for (const address of ['2001:db8:7:42::1', '2001:DB8:7:42:ffff:1:2:3', '2001:0db8:0007:0042:0000:0000:0000:0001', '2001:db8:7:42::1%eth0']) {
      expect(addressGroup(address), address).toBe(group);
    }
    expect(addressGroup('2001:db8:7:43::1')).not.toBe(group);
    expect(addressGroup('::1')).toBe('0:0:0:0::/64');
    expect(addressGroup('fe80::1')).toBe('fe80:0:0:0::/64');
  });

  it('leaves anything else as it is', () => {
    expect(addressGroup('not-an-address')).toBe('not-an-address');
  });
});
