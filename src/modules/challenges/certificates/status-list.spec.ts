import { gunzipSync } from 'node:zlib';
import { bitAt, buildBitstring, decodeEncodedList, encodeBitstring, STATUS_LIST_MIN_BITS } from './status-list';

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
});
