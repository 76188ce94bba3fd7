/**
 * A memo of string → string results bounded by the bytes it holds (keys and values, counted as
 * UTF-16 code units × 2), evicting the oldest entries first. A pure function's results only, so
 * each process may keep its own.
 */
export class ByteBoundedMemo {
  private readonly entries = new Map<string, string>();
  private held = 0;

  constructor(readonly maxBytes: number) {}

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.held;
  }

  get(key: string): string | undefined {
    return this.entries.get(key);
  }

  set(key: string, value: string): void {
    const cost = (key.length + value.length) * 2;
    if (cost > this.maxBytes) return; // one huge input must not flush everything else
    const previous = this.entries.get(key);
    if (previous !== undefined) {
      this.entries.delete(key);
      this.held -= (key.length + previous.length) * 2;
    }
    while (this.held + cost > this.maxBytes) {
      const [oldKey, oldValue] = this.entries.entries().next().value!;
      this.entries.delete(oldKey);
      this.held -= (oldKey.length + oldValue.length) * 2;
    }
    this.entries.set(key, value);
    this.held += cost;
  }

  /** The memoised result of `fn(key)`. */
  through(key: string, fn: (key: string) => string): string {
    const hit = this.entries.get(key);
    if (hit !== undefined) return hit;
    const out = fn(key);
    this.set(key, out);
    return out;
  }
}
