import fc from 'fast-check';
import { forbiddenAddressReason } from './address-check';

/** Seeded: a failure prints its seed and path; to try other runs, change the seed here. */
const runs = { seed: 30, numRuns: 120 };

/**
 * The IPv4 special-purpose blocks, written out here from the IANA registry (and the multicast and
 * "future use" blocks) rather than taken from the module or its library: an independent reference.
 */
const SPECIAL_V4: [number, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.31.196.0', 24],
  ['192.52.193.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['192.175.48.0', 24],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
].map(([a, bits]) => [toInt(a as string), bits as number]);

function toInt(dotted: string): number {
  return dotted.split('.').reduce((n, o) => n * 256 + Number(o), 0);
}
const dotted = (n: number) => [24, 16, 8, 0].map((s) => (n >>> s) & 255).join('.');
const inBlock = (n: number, [base, bits]: [number, number]) =>
  Math.floor(n / 2 ** (32 - bits)) === Math.floor(base / 2 ** (32 - bits));
const special = (n: number) => SPECIAL_V4.some((b) => inBlock(n, b));

/** An address inside one of the blocks, its low bits random (edges often). */
const specialV4 = fc
  .tuple(
    fc.constantFrom(...SPECIAL_V4),
    fc.oneof(fc.constant(0), fc.constant(2 ** 32 - 1), fc.nat({ max: 2 ** 32 - 1 })),
  )
  .map(([[base, bits], low]) => base + (low % 2 ** (32 - bits)));
const anyV4 = fc.nat({ max: 2 ** 32 - 1 });

const hex = (n: number) => n.toString(16);
const hi = (n: number) => hex(n >>> 16);
const lo = (n: number) => hex(n & 0xffff);

/** Every way to write an IPv4 address that a URL parser, `isIP` or a resolver might hand to the check. */
const spellings = (n: number): string[] => {
  const d = dotted(n);
  return [
    d,
    `::ffff:${d}`,
    `::FFFF:${d}`,
    `0:0:0:0:0:ffff:${d}`,
    `0000:0000:0000:0000:0000:ffff:${d}`,
    `::ffff:${hi(n)}:${lo(n)}`,
    `::ffff:${hi(n).padStart(4, '0')}:${lo(n).padStart(4, '0')}`.toUpperCase(),
    `::ffff:${d}%eth0`,
    `64:ff9b::${d}`,
    `64:ff9b::${hi(n)}:${lo(n)}`,
    `0064:FF9B:0000:0000:0000:0000:${hi(n)}:${lo(n)}`,
    // legacy shorthand and number forms: not what `isIP` calls an address, refused as such
    `0x${hex(n)}`,
    String(n),
    `0${(n >>> 24).toString(8)}.${(n >>> 16) & 255}.${(n >>> 8) & 255}.${n & 255}`,
  ];
};

describe('forbiddenAddressReason (properties)', () => {
  it('refuses every special-purpose IPv4 address however it is written (mapped, NAT64, hex, zone index)', () => {
    fc.assert(
      fc.property(specialV4, (n) => {
        expect(spellings(n).filter((s) => forbiddenAddressReason(s) === null)).toEqual([]);
      }),
      runs,
    );
  });

  it('allows a public IPv4 address exactly when it is outside every special block, and judges its IPv6 forms alike', () => {
    fc.assert(
      fc.property(anyV4, (n) => {
        const verdict = forbiddenAddressReason(dotted(n));
        expect(verdict === null).toBe(!special(n));
        expect(
          spellings(n)
            .slice(1, 11)
            .filter((s) => forbiddenAddressReason(s) !== verdict),
        ).toEqual([]);
      }),
      runs,
    );
  });

  it('refuses IPv6 outside global unicast (2000::/3) unless it carries an IPv4 address to judge', () => {
    const hextet = fc.nat({ max: 0xffff });
    fc.assert(
      fc.property(
        fc.nat({ max: 0xffff }).filter((h) => h < 0x2000 || h >= 0x4000),
        fc.array(hextet, { minLength: 7, maxLength: 7 }),
        (first, rest) => {
          const parts = [first, ...rest];
          const mapped = parts.slice(0, 5).every((h) => h === 0) && parts[5] === 0xffff;
          const nat64 = parts[0] === 0x64 && parts[1] === 0xff9b && parts.slice(2, 6).every((h) => h === 0);
          fc.pre(!mapped && !nat64);
          const text = parts.map(hex).join(':');
          expect([text, forbiddenAddressReason(text)]).toEqual([text, expect.any(String)]);
          expect(forbiddenAddressReason(text.toUpperCase())).not.toBeNull();
        },
      ),
      runs,
    );
  });

  it('refuses the special blocks inside 2000::/3 (documentation, 6to4, Teredo and protocol assignments)', () => {
    const blocks: [number[], number][] = [
      [[0x2001, 0x0db8], 32],
      [[0x2002], 16],
      [[0x2001, 0x0000], 23],
      [[0x3fff, 0x0000], 20],
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...blocks),
        fc.array(fc.nat({ max: 0xffff }), { minLength: 8, maxLength: 8 }),
        ([prefix, bits], random) => {
          const parts = random.map((h, i) => {
            const fixed = Math.max(0, Math.min(16, bits - 16 * i));
            const mask = fixed === 0 ? 0 : (0xffff << (16 - fixed)) & 0xffff;
            return ((prefix[i] ?? 0) & mask) | (h & ~mask & 0xffff);
          });
          const text = parts.map(hex).join(':');
          expect([text, forbiddenAddressReason(text)]).toEqual([text, expect.any(String)]);
        },
      ),
      runs,
    );
  });
});
