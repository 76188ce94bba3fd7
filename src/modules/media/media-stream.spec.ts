import { parseRange } from './media-stream';

describe('parseRange (a bucket answers Range as @fastify/send does on disk)', () => {
  it.each([
    [undefined, null],
    ['bytes=0-99', { start: 0, end: 99 }],
    ['bytes=990-', { start: 990, end: 999 }],
    ['bytes=-10', { start: 990, end: 999 }],
    // a suffix longer than the file: @fastify/send answers 416 on disk, so the bucket does too
    ['bytes=-5000', 'unsatisfiable'],
    ['bytes=500-5000', { start: 500, end: 999 }],
    ['bytes=999-999', { start: 999, end: 999 }],
    ['bytes=1000-', 'unsatisfiable'],
    ['bytes=1000-1010', 'unsatisfiable'],
    ['bytes=5-2', 'unsatisfiable'],
    ['bytes=0-1,5-9', null],
    ['bytes=0-1,2-9', { start: 0, end: 9 }],
    ['items=0-1', null],
    ['bytes=abc', 'unsatisfiable'],
  ])('%s of 1000 bytes → %j', (header, expected) => {
    expect(parseRange(header, 1000)).toEqual(expected);
  });

  it('any range of an empty file is unsatisfiable', () => {
    expect(parseRange('bytes=0-', 0)).toBe('unsatisfiable');
  });
});
