import fc from 'fast-check';
import {
  bitAt,
  buildBitstring,
  decodeEncodedList,
  drawStatusIndex,
  encodeBitstring,
  STATUS_LIST_MIN_BITS,
  statusIndexPool,
  statusListLength,
} from './status-list';

/** Seeded: a failure prints its seed and path; to try other runs, change the seed here. */
const runs = { seed: 30, numRuns: 40 };

/** Indexes around byte and list boundaries, and anywhere in the first three lists. */
const index = fc.oneof(
  fc.constantFrom(0, 7, 8, STATUS_LIST_MIN_BITS - 1, STATUS_LIST_MIN_BITS, 2 * STATUS_LIST_MIN_BITS + 3),
  fc.nat({ max: 3 * STATUS_LIST_MIN_BITS }),
);

describe('status list (properties)', () => {
  it('set and get round-trip: exactly the set indexes read as set, and the list holds the highest index', () => {
    fc.assert(
      fc.property(
        fc.array(index, { maxLength: 30 }),
        index,
        fc.array(index, { maxLength: 30 }),
        (set, highest, probes) => {
          const bits = buildBitstring(set, highest);
          const size = bits.length * 8;
          expect(size % STATUS_LIST_MIN_BITS).toBe(0);
          expect(size).toBe(statusListLength(Math.max(highest, ...set)));
          expect(size).toBeGreaterThan(Math.max(highest, ...set));
          const wanted = new Set(set);
          for (const i of [...set, ...probes.filter((p) => p < size), highest])
            expect([i, bitAt(bits, i)]).toEqual([i, wanted.has(i)]);
          // bit i is bit (7 - i % 8) of byte i / 8: index 0 is the most significant bit of the first byte
          let count = 0;
          for (const byte of bits) for (let b = 0; b < 8; b++) count += (byte >> b) & 1;
          expect(count).toBe(wanted.size);
          expect(() => bitAt(bits, size)).toThrow(RangeError);
        },
      ),
      runs,
    );
  });

  it('encoding round-trips: the decoded list is the list, and the encoding is multibase base64url', () => {
    fc.assert(
      fc.property(fc.array(index, { maxLength: 30 }), (set) => {
        const bits = buildBitstring(set);
        const encoded = encodeBitstring(bits);
        expect(encoded).toMatch(/^u[A-Za-z0-9_-]+$/);
        expect(decodeEncodedList(encoded).equals(bits)).toBe(true);
      }),
      runs,
    );
  });

  it('the pool of new indexes is a whole number of lists and always at least half free', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.constantFrom(
            0,
            STATUS_LIST_MIN_BITS / 2 - 1,
            STATUS_LIST_MIN_BITS / 2,
            STATUS_LIST_MIN_BITS,
            (3 * STATUS_LIST_MIN_BITS) / 2,
          ),
          fc.nat({ max: 10 * STATUS_LIST_MIN_BITS }),
        ),
        (taken) => {
          const pool = statusIndexPool(taken);
          expect(pool % STATUS_LIST_MIN_BITS).toBe(0);
          expect(pool).toBeGreaterThan(2 * taken);
          // and no bigger than needed: one list less would not be half free
          if (pool > STATUS_LIST_MIN_BITS) expect(pool - STATUS_LIST_MIN_BITS).toBeLessThanOrEqual(2 * taken);
        },
      ),
      runs,
    );
  });

  it('a draw returns the first index it could claim, and gives up only after maxTries collisions', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.boolean(), { maxLength: 40 }),
        fc.integer({ min: 1, max: 40 }),
        async (free, maxTries) => {
          let tries = 0;
          const draw = drawStatusIndex(
            1000,
            async (i) => (free[i] ? i : false),
            () => tries++,
            maxTries,
          );
          const first = free.findIndex((f, i) => f && i < maxTries);
          if (first < 0) await expect(draw).rejects.toThrow('no free status list index');
          else await expect(draw).resolves.toBe(first);
        },
      ),
      runs,
    );
  });
});
