import ipaddr from 'ipaddr.js';
import { forbiddenAddressReason, isAllowListed } from './address-check';

/** The first and the last address of a CIDR block, as text. */
function edges(cidr: string): [string, string] {
  const [addr, bits] = ipaddr.parseCIDR(cidr);
  const bytes = addr.toByteArray();
  const first = [...bytes];
  const last = [...bytes];
  for (let bit = bits; bit < bytes.length * 8; bit++) {
    const i = bit >> 3;
    const mask = 0x80 >> (bit & 7);
    first[i] &= ~mask;
    last[i] |= mask;
  }
  return [ipaddr.fromByteArray(first).toString(), ipaddr.fromByteArray(last).toString()];
}

// IANA IPv4 Special-Purpose Address Registry (iana-ipv4-special-registry, 2024 edition), plus the
// multicast block from the IPv4 multicast registry.
const IPV4_SPECIAL: [string, string][] = [
  ['0.0.0.0/8', 'this network'],
  ['0.0.0.0/32', 'this host on this network'],
  ['10.0.0.0/8', 'private-use'],
  ['100.64.0.0/10', 'shared address space'],
  ['127.0.0.0/8', 'loopback'],
  ['169.254.0.0/16', 'link local'],
  ['172.16.0.0/12', 'private-use'],
  ['192.0.0.0/24', 'IETF protocol assignments'],
  ['192.0.0.0/29', 'IPv4 service continuity prefix'],
  ['192.0.0.8/32', 'IPv4 dummy address'],
  ['192.0.0.9/32', 'port control protocol anycast'],
  ['192.0.0.10/32', 'traversal using relays around NAT anycast'],
  ['192.0.0.170/32', 'NAT64/DNS64 discovery'],
  ['192.0.0.171/32', 'NAT64/DNS64 discovery'],
  ['192.0.2.0/24', 'documentation (TEST-NET-1)'],
  ['192.31.196.0/24', 'AS112-v4'],
  ['192.52.193.0/24', 'AMT'],
  ['192.88.99.0/24', 'deprecated 6to4 relay anycast'],
  ['192.88.99.2/32', '6a44-relay anycast'],
  ['192.168.0.0/16', 'private-use'],
  ['192.175.48.0/24', 'direct delegation AS112 service'],
  ['198.18.0.0/15', 'benchmarking'],
  ['198.51.100.0/24', 'documentation (TEST-NET-2)'],
  ['203.0.113.0/24', 'documentation (TEST-NET-3)'],
  ['240.0.0.0/4', 'reserved'],
  ['255.255.255.255/32', 'limited broadcast'],
  ['224.0.0.0/4', 'multicast'],
];

// IANA IPv6 Special-Purpose Address Registry (iana-ipv6-special-registry, 2025 edition), plus
// multicast and the deprecated site-local block. ::ffff:0:0/96 and 64:ff9b::/96 carry an IPv4
// address and are judged by it: their edges embed 0.0.0.0 and 255.255.255.255, both refused.
const IPV6_SPECIAL: [string, string][] = [
  ['::1/128', 'loopback'],
  ['::/128', 'unspecified'],
  ['::ffff:0:0/96', 'IPv4-mapped'],
  ['64:ff9b::/96', 'IPv4-IPv6 translation'],
  ['64:ff9b:1::/48', 'local-use IPv4/IPv6 translation'],
  ['100::/64', 'discard-only'],
  ['100:0:0:1::/64', 'dummy IPv6 prefix'],
  ['2001::/23', 'IETF protocol assignments'],
  ['2001::/32', 'TEREDO'],
  ['2001:1::1/128', 'port control protocol anycast'],
  ['2001:1::2/128', 'traversal using relays around NAT anycast'],
  ['2001:1::3/128', 'DNS-SD service registration protocol anycast'],
  ['2001:2::/48', 'benchmarking'],
  ['2001:3::/32', 'AMT'],
  ['2001:4:112::/48', 'AS112-v6'],
  ['2001:10::/28', 'deprecated ORCHID'],
  ['2001:20::/28', 'ORCHIDv2'],
  ['2001:30::/28', 'drone remote ID protocol entity tags'],
  ['2001:db8::/32', 'documentation'],
  ['2002::/16', '6to4'],
  ['2620:4f:8000::/48', 'direct delegation AS112 service'],
  ['3fff::/20', 'documentation'],
  ['5f00::/16', 'segment routing SIDs'],
  ['fc00::/7', 'unique-local'],
  ['fe80::/10', 'link-local unicast'],
  ['fec0::/10', 'deprecated site-local'],
  ['ff00::/8', 'multicast'],
];

describe('forbiddenAddressReason', () => {
  describe.each([...IPV4_SPECIAL, ...IPV6_SPECIAL])(
    'refuses every address of the special-purpose block %s (%s)',
    (cidr) => {
      const [first, last] = edges(cidr);
      it.each([first, last])('%s', (address) => {
        expect(forbiddenAddressReason(address)).toEqual(expect.any(String));
      });
    },
  );

  it.each([
    ['127.0.0.1', 'loopback address'],
    ['10.0.0.1', 'private address'],
    ['172.31.255.254', 'private address'],
    ['192.168.1.20', 'private address'],
    ['169.254.169.254', 'link-local address'],
    ['0.0.0.0', 'unspecified address'],
    ['100.64.0.1', 'shared (carrier-grade NAT) address'],
    ['198.18.0.1', 'special-purpose address (benchmarking)'],
    ['192.0.0.9', 'special-purpose address (IETF protocol assignments)'],
    ['203.0.113.7', 'special-purpose address (documentation)'],
    ['::1', 'loopback address'],
    ['::', 'unspecified address'],
    ['fd12:3456::1', 'private address (unique local)'],
    ['fe80::1', 'link-local address'],
    ['2001:db8::1', 'special-purpose address (documentation)'],
    ['2002:7f00:1::1', 'special-purpose address (6to4 tunnel)'],
    ['2002:808:808::1', 'special-purpose address (6to4 tunnel)'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'special-purpose address (Teredo tunnel)'],
    ['100:0:0:1::5', 'special-purpose address (dummy IPv6 prefix)'],
    ['64:ff9b:1::a00:1', 'special-purpose address (local-use IPv4/IPv6 translation)'],
    ['::7f00:1', 'deprecated IPv4-compatible address'],
    ['4000::1', 'reserved address (outside global unicast 2000::/3)'],
  ])('names why %s is refused: %s', (address, reason) => {
    expect(forbiddenAddressReason(address)).toBe(reason);
  });

  it.each([
    ['::ffff:127.0.0.1', 'loopback address'],
    ['::ffff:a9fe:a9fe', 'link-local address'],
    ['::ffff:198.18.0.1', 'special-purpose address (benchmarking)'],
    ['64:ff9b::10.0.0.1', 'private address'],
    ['64:ff9b::c000:201', 'special-purpose address (documentation)'],
  ])('judges %s by the IPv4 address it carries', (address, reason) => {
    expect(forbiddenAddressReason(address)).toBe(reason);
  });

  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '1.1.1.1',
    '172.15.255.255',
    '172.32.0.1',
    '198.17.255.255',
    '198.20.0.0',
    '192.0.1.0',
    '192.88.98.255',
    '223.255.255.254',
    '2606:4700:4700::1111',
    '2001:200::1',
    '2003::1',
    '2620:4f:8001::1',
    '::ffff:8.8.8.8',
    '64:ff9b::8.8.8.8',
  ])('allows the public address %s', (address) => {
    expect(forbiddenAddressReason(address)).toBeNull();
  });

  it('refuses what is not an address at all', () => {
    expect(forbiddenAddressReason('localhost')).toBe('not an IP address');
    expect(forbiddenAddressReason('127.1')).toBe('not an IP address');
    // not an address, though the part before '%' is a public one: judged as written, not as its prefix
    expect(forbiddenAddressReason('2606:4700:4700::1111%')).toBe('not an IP address');
    expect(forbiddenAddressReason('2606:4700:4700::1111%a b')).toBe('not an IP address');
  });

  it('refuses, naming it, a range a later ipaddr.js may add (safe-fetch allows only a null reason, not an empty one)', () => {
    const v4 = jest
      .spyOn(ipaddr.IPv4.prototype, 'range')
      .mockReturnValue('newBlock' as ReturnType<ipaddr.IPv4['range']>);
    const v6 = jest
      .spyOn(ipaddr.IPv6.prototype, 'range')
      .mockReturnValue('newBlock' as ReturnType<ipaddr.IPv6['range']>);
    try {
      expect(forbiddenAddressReason('8.8.8.8')).toBe('special-purpose address (newBlock)');
      expect(forbiddenAddressReason('2606:4700:4700::1111')).toBe('special-purpose address (newBlock)');
    } finally {
      v4.mockRestore();
      v6.mockRestore();
    }
    expect(forbiddenAddressReason('8.8.8.8')).toBeNull();
  });

  it('ignores an IPv6 zone index', () => {
    expect(forbiddenAddressReason('fe80::1%eth0')).toBe('link-local address');
  });
});

describe('isAllowListed', () => {
  it('matches host and port, or any port when none is given', () => {
    expect(isAllowListed('127.0.0.1', 4000, ['127.0.0.1:4000'])).toBe(true);
    expect(isAllowListed('127.0.0.1', 4001, ['127.0.0.1:4000'])).toBe(false);
    expect(isAllowListed('LocalHost', 80, ['localhost'])).toBe(true);
    expect(isAllowListed('10.0.0.1', 80, ['127.0.0.1'])).toBe(false);
    expect(isAllowListed('::1', 8080, ['[::1]:8080'])).toBe(true);
    expect(isAllowListed('::1', 8081, ['[::1]:8080'])).toBe(false);
    expect(isAllowListed('127.0.0.1', 80, [])).toBe(false);
  });

  it('reads the IPv6 host of a URL ([::1]) and a bare IPv6 entry (::1, every port)', () => {
    expect(isAllowListed(new URL('http://[::1]:8080/').hostname, 8080, ['[::1]:8080'])).toBe(true);
    expect(isAllowListed('[::1]', 8080, ['::1'])).toBe(true);
    expect(isAllowListed('::1', 1, ['::1'])).toBe(true);
    expect(isAllowListed('::1', 443, ['::1'])).toBe(true);
    expect(isAllowListed('::2', 443, ['::1'])).toBe(false);
    expect(isAllowListed('[fe80::1]', 80, ['FE80::1'])).toBe(true);
  });

  it('an entry that is not host or host:port allows nothing, and spoils no other entry', () => {
    for (const bad of ['', '[]', ':80', 'a]127.0.0.1', 'junk]127.0.0.1:4000']) {
      expect([bad, isAllowListed('127.0.0.1', 4000, [bad])]).toEqual([bad, false]);
    }
    expect(isAllowListed('127.0.0.1', 4000, ['', '127.0.0.1:4000'])).toBe(true);
  });
});
