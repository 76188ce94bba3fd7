import { ByteBoundedMemo } from './byte-bounded-memo';

describe('ByteBoundedMemo', () => {
  it('never holds more bytes than its bound, however large the inputs', () => {
    const memo = new ByteBoundedMemo(1024 * 1024);
    for (let i = 0; i < 500; i++) memo.through(`${i}:${'x'.repeat(20_000)}`, (k) => k.toUpperCase());
    expect(memo.bytes).toBeLessThanOrEqual(1024 * 1024);
    expect(memo.size).toBeGreaterThan(0);
    expect(memo.size).toBeLessThan(500);
  });

  it('evicts the oldest entries first and keeps the newest', () => {
    const memo = new ByteBoundedMemo(40);
    memo.set('a', '1'); // 4 bytes each
    for (const k of ['b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k']) memo.set(k, '1');
    expect(memo.get('a')).toBeUndefined();
    expect(memo.get('k')).toBe('1');
    expect(memo.bytes).toBeLessThanOrEqual(40);
  });

  it('does not store a single entry larger than the bound', () => {
    const memo = new ByteBoundedMemo(100);
    memo.set('small', 'v');
    memo.set('huge', 'y'.repeat(1000));
    expect(memo.get('huge')).toBeUndefined();
    expect(memo.get('small')).toBe('v');
  });

  it('computes once per key', () => {
    const memo = new ByteBoundedMemo(1000);
    const fn = jest.fn((k: string) => k + '!');
    expect(memo.through('a', fn)).toBe('a!');
    expect(memo.through('a', fn)).toBe('a!');
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
