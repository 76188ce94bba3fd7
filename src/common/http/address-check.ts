import ipaddr from 'ipaddr.js';
import { isIP } from 'node:net';

type IPv4 = ipaddr.IPv4;
type IPv6 = ipaddr.IPv6;
type Block = [ipaddr.IPv4 | ipaddr.IPv6, number];

const cidr4 = (text: string) => ipaddr.IPv4.parseCIDR(text);
const cidr6 = (text: string) => ipaddr.IPv6.parseCIDR(text);

// ipaddr.js classifies the IANA special-purpose registries (`range()`); these blocks are named
// here as well, either because it files them all as "reserved" and a studio user should see which
// block refused a URL, or because it calls them unicast (100:0:0:1::/64 and ::/96 in 2.5). Being
// explicit also keeps them refused should a later version of the library reclassify one.
const V4_BLOCKS: [Block, string][] = [
  [cidr4('192.0.0.0/24'), 'special-purpose address (IETF protocol assignments)'],
  [cidr4('192.0.2.0/24'), 'special-purpose address (documentation)'],
  [cidr4('198.51.100.0/24'), 'special-purpose address (documentation)'],
  [cidr4('203.0.113.0/24'), 'special-purpose address (documentation)'],
  [cidr4('198.18.0.0/15'), 'special-purpose address (benchmarking)'],
  [cidr4('192.88.99.0/24'), 'special-purpose address (6to4 relay anycast)'],
];

const V4_RANGES: Record<string, string> = {
  unspecified: 'unspecified address',
  broadcast: 'broadcast address',
  multicast: 'multicast address',
  linkLocal: 'link-local address',
  loopback: 'loopback address',
  carrierGradeNat: 'shared (carrier-grade NAT) address',
  private: 'private address',
  reserved: 'reserved address',
  as112: 'special-purpose address (AS112)',
  amt: 'special-purpose address (AMT)',
};

/** 64:ff9b::/96, the well-known NAT64 prefix: the target is the IPv4 address in the last 32 bits. */
const NAT64 = cidr6('64:ff9b::/96');
const GLOBAL_UNICAST = cidr6('2000::/3');

const V6_BLOCKS: [Block, string][] = [
  // Tunnels are refused outright: the relay they go through may reach any IPv4 address.
  [cidr6('2001::/32'), 'special-purpose address (Teredo tunnel)'],
  [cidr6('2002::/16'), 'special-purpose address (6to4 tunnel)'],
  [cidr6('2001:db8::/32'), 'special-purpose address (documentation)'],
  [cidr6('3fff::/20'), 'special-purpose address (documentation)'],
  [cidr6('2001::/23'), 'special-purpose address (IETF protocol assignments)'],
  [cidr6('64:ff9b:1::/48'), 'special-purpose address (local-use IPv4/IPv6 translation)'],
  [cidr6('100:0:0:1::/64'), 'special-purpose address (dummy IPv6 prefix)'],
  [cidr6('::/96'), 'deprecated IPv4-compatible address'],
];

const V6_RANGES: Record<string, string> = {
  unspecified: 'unspecified address',
  loopback: 'loopback address',
  linkLocal: 'link-local address',
  multicast: 'multicast address',
  uniqueLocal: 'private address (unique local)',
  deprecatedSiteLocal: 'site-local address',
  discard: 'special-purpose address (discard-only)',
  rfc6145: 'special-purpose address (IPv4-translated)',
  benchmarking: 'special-purpose address (benchmarking)',
  amt: 'special-purpose address (AMT)',
  as112v6: 'special-purpose address (AS112)',
  segmentRouting: 'special-purpose address (segment routing)',
  reserved: 'reserved address',
};

/**
 * Why an address must not be fetched by the crawler, or null when it may be. Everything in the
 * IANA special-purpose registries is refused (loopback, private, link-local, shared, unspecified,
 * multicast, documentation, benchmarking, protocol assignments, tunnels...): such an address
 * would let a crawl request reach the server's own network (cloud metadata at 169.254.169.254,
 * Redis, the database) or a network nobody vouches for. IPv4-mapped (::ffff:a.b.c.d) and NAT64
 * (64:ff9b::a.b.c.d) addresses are judged by the IPv4 address they carry; IPv6 outside global
 * unicast space (2000::/3) is refused.
 */
export function forbiddenAddressReason(address: string): string | null {
  const kind = isIP(address);
  if (kind === 4) return forbiddenV4(ipaddr.IPv4.parse(address));
  if (kind === 6) {
    const parsed = canonicalV6(address);
    return parsed ? forbiddenV6(parsed) : 'not an IP address';
  }
  return 'not an IP address';
}

/**
 * The address as the WHATWG URL parser (and so the connection) reads it, without a zone index.
 * ipaddr.js reads `::a.b.c.d` as `::ffff:a.b.c.d`, which is a different address.
 */
function canonicalV6(address: string): IPv6 | null {
  try {
    const host = new URL(`http://[${address.split('%')[0]}]/`).hostname.slice(1, -1);
    return ipaddr.IPv6.parse(host);
  } catch {
    return null;
  }
}

function forbiddenV4(a: IPv4): string | null {
  for (const [block, reason] of V4_BLOCKS) if (a.match(block)) return reason;
  const range = a.range();
  return range === 'unicast' ? null : (V4_RANGES[range] ?? `special-purpose address (${range})`);
}

function forbiddenV6(a: IPv6): string | null {
  if (a.isIPv4MappedAddress()) return forbiddenV4(a.toIPv4Address());
  if (a.match(NAT64)) {
    const [, , , , , , hi, lo] = a.parts;
    return forbiddenV4(new ipaddr.IPv4([hi >> 8, hi & 255, lo >> 8, lo & 255]));
  }
  const range = a.range();
  if (range === 'unspecified' || range === 'loopback') return V6_RANGES[range];
  for (const [block, reason] of V6_BLOCKS) if (a.match(block)) return reason;
  if (range !== 'unicast') return V6_RANGES[range] ?? `special-purpose address (${range})`;
  if (!a.match(GLOBAL_UNICAST)) return 'reserved address (outside global unicast 2000::/3)';
  return null;
}

/**
 * Whether `host` (and port) is on the allow-list of `host` or `host:port` entries. An entry
 * without a port allows every port of that host; `[v6]:port` names an IPv6 host with a port.
 */
export function isAllowListed(hostname: string, port: number, allowed: string[]): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return allowed.some((entry) => {
    const e = entry.toLowerCase();
    const m = /^\[?([^\]]+?)\]?(?::(\d+))?$/.exec(
      e.includes(':') && !e.startsWith('[') && e.split(':').length > 2 ? `[${e}]` : e,
    );
    if (!m) return false;
    return m[1] === host && (m[2] === undefined || Number(m[2]) === port);
  });
}
