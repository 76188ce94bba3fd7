import { gunzipSync, gzipSync } from 'node:zlib';
import { randomInt } from 'node:crypto';
import {
  bitAt,
  buildBitstring,
  decodeEncodedList,
  drawStatusIndex,
  encodeBitstring,
  STATUS_LIST_MIN_BITS,
  StatusIndexExhaustedError,
  statusIndexPool,
} from './status-list';

describe('bitstring status list', () => {
  it('sets exactly the revoked indexes, index 0 being the left-most bit of the first byte', () => {
    const revoked = [0, 7, 8, 42, 1000, STATUS_LIST_MIN_BITS - 1];
    const bits = buildBitstring(revoked);
    expect(bits[0]).toBe(0b1000_0001); // indexes 0 and 7
    expect(bits[1]).toBe(0b1000_0000); // index 8
    expect(bits[5]).toBe(0b0010_0000); // index 42 = byte 5, bit 2 from the left
    const set: number[] = [];
    for (let i = 0; i < bits.length * 8; i++) if (bitAt(bits, i)) set.push(i);
    expect(set).toEqual(revoked);
  });

  it('encodes as multibase base64url of GZIP, at least 131,072 bits (16 KiB) uncompressed, and decodes back', () => {
    const revoked = [3, 99, 4096, 131_000];
    const encoded = encodeBitstring(buildBitstring(revoked));
    expect(encoded[0]).toBe('u');
    expect(encoded.slice(1)).toMatch(/^[A-Za-z0-9_-]+$/); // base64url, no padding
    const raw = gunzipSync(Buffer.from(encoded.slice(1), 'base64url'));
    expect(raw.length).toBe(16 * 1024);
    expect(raw.length * 8).toBeGreaterThanOrEqual(131_072);
    const decoded = decodeEncodedList(encoded);
    expect(decoded.equals(raw)).toBe(true);
    for (const i of [0, 1, 2, 3, 4, 98, 99, 100, 4095, 4096, 4097, 130_999, 131_000, 131_001, 131_071]) {
      expect([i, bitAt(decoded, i)]).toEqual([i, revoked.includes(i)]);
    }
    // an empty list is all zeros, still full size
    const empty = decodeEncodedList(encodeBitstring(buildBitstring([])));
    expect(empty.length).toBe(16 * 1024);
    expect(empty.every((b) => b === 0)).toBe(true);
  });

  it('grows past the minimum to hold every index handed out, set or not', () => {
    expect(buildBitstring([], STATUS_LIST_MIN_BITS - 1).length * 8).toBe(STATUS_LIST_MIN_BITS);
    const grown = buildBitstring([5], STATUS_LIST_MIN_BITS);
    expect(grown.length * 8).toBe(2 * STATUS_LIST_MIN_BITS);
    expect(bitAt(grown, STATUS_LIST_MIN_BITS)).toBe(false);
    expect(bitAt(grown, 5)).toBe(true);
  });

  it('refuses an index outside the list and a list that is not multibase base64url', () => {
    const bits = buildBitstring([]);
    expect(() => bitAt(bits, STATUS_LIST_MIN_BITS)).toThrow(RangeError);
    expect(() => bitAt(bits, -1)).toThrow(RangeError);
    expect(() => buildBitstring([-1])).toThrow(RangeError);
    expect(() => decodeEncodedList('zabc')).toThrow(/multibase/);
  });

  it('inflates a fetched list to at most 16 MiB: a small GZIP of zeros cannot fill the memory', () => {
    const MiB = 1024 * 1024;
    const largest = `u${gzipSync(Buffer.alloc(16 * MiB)).toString('base64url')}`;
    expect(decodeEncodedList(largest).length).toBe(16 * MiB);
    const bomb = `u${gzipSync(Buffer.alloc(16 * MiB + 1)).toString('base64url')}`;
    expect(bomb.length).toBeLessThan(64 * 1024);
    expect(() => decodeEncodedList(bomb)).toThrow(/larger than 16777216 bytes/);
  });
});

describe('drawing a new status list index', () => {
  it('draws over the whole 131,072-entry list, not in sequence', async () => {
    const drawn: number[] = [];
    for (let i = 0; i < 200; i++) drawn.push(await drawStatusIndex(statusIndexPool(i), async (n) => n, randomInt));
    expect(drawn.every((n) => n >= 0 && n < STATUS_LIST_MIN_BITS)).toBe(true);
    // sequential numbering (0, 1, 2, … or any constant step) would make neighbours guessable
    const steps = new Set(drawn.slice(1).map((n, i) => n - drawn[i]));
    expect(steps.size).toBeGreaterThan(150);
    expect(new Set(drawn).size).toBeGreaterThan(190);
    // spread over the list: both halves are used
    expect(drawn.some((n) => n < STATUS_LIST_MIN_BITS / 2)).toBe(true);
    expect(drawn.some((n) => n >= STATUS_LIST_MIN_BITS / 2)).toBe(true);
  });

  it('draws again when the index is taken, and stops after the limit', async () => {
    const taken = new Set([7, 11]);
    const seq = [7, 11, 7, 42];
    const tried: number[] = [];
    const index = await drawStatusIndex(
      STATUS_LIST_MIN_BITS,
      async (n) => {
        tried.push(n);
        return taken.has(n) ? false : n;
      },
      () => seq.shift()!,
    );
    expect(index).toBe(42);
    expect(tried).toEqual([7, 11, 7, 42]);

    let tries = 0;
    await expect(
      drawStatusIndex(
        STATUS_LIST_MIN_BITS,
        async () => {
          tries++;
          return false;
        },
        () => 3,
        5,
      ),
    ).rejects.toBeInstanceOf(StatusIndexExhaustedError);
    expect(tries).toBe(5);
    await expect(
      drawStatusIndex(
        10,
        async (n) => n,
        () => 10,
      ),
    ).rejects.toThrow(RangeError);
  });

  it('refuses a drawn index that is not a whole number inside the pool, before claiming it', async () => {
    for (const bad of [-1, 10, 11, 2.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      const claim = jest.fn(async (n: number) => n);
      await expect(drawStatusIndex(10, claim, () => bad)).rejects.toThrow(RangeError);
      expect(claim).not.toHaveBeenCalled();
    }
    await expect(
      drawStatusIndex(
        10,
        async (n) => n,
        () => 9,
      ),
    ).resolves.toBe(9);
    await expect(
      drawStatusIndex(
        10,
        async (n) => n,
        () => 0,
      ),
    ).resolves.toBe(0);
  });

  it('keeps the pool at least twice the number of certificates, in whole lists', () => {
    expect(statusIndexPool(0)).toBe(STATUS_LIST_MIN_BITS);
    expect(statusIndexPool(STATUS_LIST_MIN_BITS / 2 - 1)).toBe(STATUS_LIST_MIN_BITS);
    expect(statusIndexPool(STATUS_LIST_MIN_BITS / 2)).toBe(2 * STATUS_LIST_MIN_BITS);
  });
});
