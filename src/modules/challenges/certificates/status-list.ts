import { gunzipSync, gzipSync } from 'node:zlib';

/**
 * The Bitstring Status List (W3C, https://www.w3.org/TR/vc-bitstring-status-list/): one bit per
 * credential, 1 when revoked. Index 0 is the left-most (most significant) bit of the first byte.
 * The list is at least 131,072 bits (16 KiB) long, so one credential's bit hides among many (herd
 * privacy); it grows in steps of that size if indexes ever run past it.
 */
export const STATUS_LIST_MIN_BITS = 131_072;

/** How many bits a list must have to hold this index (a multiple of the minimum). */
export function statusListLength(highestIndex: number): number {
  return Math.max(1, Math.ceil((highestIndex + 1) / STATUS_LIST_MIN_BITS)) * STATUS_LIST_MIN_BITS;
}

/**
 * The bitstring with these indexes set, long enough for `highestIndex` (every index handed out must find
 * its bit, set or not) and at least STATUS_LIST_MIN_BITS long.
 */
export function buildBitstring(setIndexes: Iterable<number>, highestIndex = 0): Buffer {
  const indexes = [...setIndexes];
  let highest = highestIndex;
  for (const i of indexes) {
    if (!Number.isSafeInteger(i) || i < 0) throw new RangeError(`not a status list index: ${i}`);
    highest = Math.max(highest, i);
  }
  const bits = statusListLength(highest);
  const bytes = Buffer.alloc(bits / 8);
  for (const i of indexes) bytes[i >> 3] |= 0x80 >> (i & 7);
  return bytes;
}

/** `encodedList`: the multibase base64url ('u' prefix, no padding) of the GZIP of the bitstring. */
export function encodeBitstring(bitstring: Buffer): string {
  return `u${gzipSync(bitstring).toString('base64url')}`;
}

/** The largest decoded list accepted: far more than this issuer ever makes, small enough to inflate safely. */
const MAX_DECODED_BYTES = 16 * 1024 * 1024;

/** The bitstring of an `encodedList` (what any verifier does with a fetched list). */
export function decodeEncodedList(encodedList: string): Buffer {
  if (!encodedList.startsWith('u')) throw new Error('encodedList is not multibase base64url');
  return gunzipSync(Buffer.from(encodedList.slice(1), 'base64url'), { maxOutputLength: MAX_DECODED_BYTES });
}

/** Whether a credential's bit is set; an index past the list's end is an error, not "not revoked". */
export function bitAt(bitstring: Buffer, index: number): boolean {
  if (!Number.isSafeInteger(index) || index < 0 || index >= bitstring.length * 8) {
    throw new RangeError(`status list index ${index} is outside the list`);
  }
  return (bitstring[index >> 3] & (0x80 >> (index & 7))) !== 0;
}

/**
 * How many indexes new certificates are drawn from: the 131,072-entry list, or a multiple of it once more than half
 * of it is taken (so a free index is always found in a few draws, and the list grows only then).
 */
export function statusIndexPool(taken: number): number {
  return Math.max(1, Math.ceil((2 * taken + 1) / STATUS_LIST_MIN_BITS)) * STATUS_LIST_MIN_BITS;
}

/** A draw that gave up: every index it tried was taken (practically never with the pool half free). */
export class StatusIndexExhaustedError extends Error {}

/**
 * A status list index for a new certificate, drawn uniformly at random from the pool, so a certificate's neighbours
 * in the list are no one in particular (sequential indexes let anyone holding one credential name the bits of the
 * certificates issued just before and after it). `tryIndex` claims an index and answers false when another
 * certificate holds it (a collision: a new index is drawn).
 */
export async function drawStatusIndex<T>(
  pool: number,
  tryIndex: (index: number) => Promise<T | false>,
  random: (max: number) => number,
  maxTries = 32,
): Promise<T> {
  for (let attempt = 0; attempt < maxTries; attempt++) {
    const index = random(pool);
    if (!Number.isSafeInteger(index) || index < 0 || index >= pool) throw new RangeError(`drawn index ${index}`);
    const claimed = await tryIndex(index);
    if (claimed !== false) return claimed;
  }
  throw new StatusIndexExhaustedError(`no free status list index in ${maxTries} draws`);
}
