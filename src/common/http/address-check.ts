import { isIP } from 'node:net';

/**
 * Why an address must not be fetched by the crawler, or null when it may be: loopback,
 * private, link-local, unspecified, multicast and reserved ranges would let a crawl request
 * reach the server's own network (cloud metadata at 169.254.169.254, Redis, the database).
 */
export function forbiddenAddressReason(address: string): string | null {
  const kind = isIP(address);
  if (kind === 4) return forbiddenV4(address);
  if (kind === 6) return forbiddenV6(address);
  return 'not an IP address';
}

function v4Parts(address: string): number[] {
  return address.split('.').map((p) => Number(p));
}

function forbiddenV4(address: string): string | null {
  const [a, b] = v4Parts(address);
  if (a === 0) return 'unspecified address';
  if (a === 127) return 'loopback address';
  if (a === 10) return 'private address';
  if (a === 172 && b >= 16 && b <= 31) return 'private address';
  if (a === 192 && b === 168) return 'private address';
  if (a === 169 && b === 254) return 'link-local address';
  if (a === 100 && b >= 64 && b <= 127) return 'shared (carrier-grade NAT) address';
  if (a >= 224) return 'multicast or reserved address';
  return null;
}

/** The 8 groups of an IPv6 address as numbers (handles `::` and an embedded IPv4 tail). */
export function v6Groups(address: string): number[] {
  let addr = address.toLowerCase().split('%')[0];
  const v4Tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(addr);
  if (v4Tail) {
    const [a, b, c, d] = v4Parts(v4Tail[1]);
    addr = addr.slice(0, -v4Tail[1].length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = addr.includes('::') ? addr.split('::') : [addr, undefined];
  const h = head ? head.split(':') : [];
  const t = tail !== undefined && tail ? tail.split(':') : [];
  const fill = tail !== undefined ? new Array(8 - h.length - t.length).fill('0') : [];
  return [...h, ...fill, ...t].map((g) => parseInt(g || '0', 16));
}

function forbiddenV6(address: string): string | null {
  const g = v6Groups(address);
  if (g.every((x) => x === 0)) return 'unspecified address';
  if (g.slice(0, 7).every((x) => x === 0) && g[7] === 1) return 'loopback address';
  // IPv4-mapped (::ffff:a.b.c.d) and IPv4-compatible (::a.b.c.d) addresses carry an IPv4 target.
  if (g.slice(0, 5).every((x) => x === 0) && (g[5] === 0xffff || g[5] === 0)) {
    return forbiddenV4(`${g[6] >> 8}.${g[6] & 255}.${g[7] >> 8}.${g[7] & 255}`);
  }
  // NAT64 (64:ff9b::/96) likewise.
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) {
    return forbiddenV4(`${g[6] >> 8}.${g[6] & 255}.${g[7] >> 8}.${g[7] & 255}`);
  }
  if ((g[0] & 0xfe00) === 0xfc00) return 'private address (unique local)';
  if ((g[0] & 0xffc0) === 0xfe80) return 'link-local address';
  if ((g[0] & 0xffc0) === 0xfec0) return 'site-local address';
  if ((g[0] & 0xff00) === 0xff00) return 'multicast address';
  return null;
}

/** Whether `host` (and port) is on the allow-list of `host` or `host:port` entries. */
export function isAllowListed(hostname: string, port: number, allowed: string[]): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return allowed.some((entry) => {
    const e = entry.toLowerCase();
    const m = /^\[?([^\]]+?)\]?(?::(\d+))?$/.exec(e.includes(':') && !e.startsWith('[') && e.split(':').length > 2 ? `[${e}]` : e);
    if (!m) return false;
    return m[1] === host && (m[2] === undefined || Number(m[2]) === port);
  });
}
