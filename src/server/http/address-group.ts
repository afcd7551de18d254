// Who is "one address" to an abuse limit. An IPv6 client is usually given a whole /64 (2^64
// addresses), so counting each address alone would give it endless budgets: its /64 is one
// address here, as @fastify/rate-limit counts it. IPv4-mapped IPv6 is the IPv4 address.
import { isIPv4, isIPv6 } from 'node:net';

/** Expands `2001:db8::1` to its eight groups; null when it is not plain IPv6. */
function ipv6Groups(address: string): number[] | null {
  const [head, tail, ...rest] = address.split('::');
  if (rest.length > 0) return null;
  const parse = (part: string | undefined) => (part ? part.split(':').map((group) => Number.parseInt(group, 16)) : []);
  const before = parse(head);
  const after = parse(tail);
  const groups = tail === undefined ? before : [...before, ...Array(8 - before.length - after.length).fill(0), ...after];
  return groups.length === 8 && groups.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff) ? groups : null;
}

export function addressGroup(address: string): string {
  const plain = address.split('%')[0].toLowerCase();
  if (isIPv4(plain)) return plain;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(plain);
  if (mapped && isIPv4(mapped[1])) return mapped[1];
  if (!isIPv6(plain)) return plain;
  const groups = ipv6Groups(plain);
  if (!groups) return plain;
  return `${groups.slice(0, 4).map((group) => group.toString(16)).join(':')}::/64`;
}
