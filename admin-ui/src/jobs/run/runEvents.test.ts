import { describe, expect, it } from 'vitest';

import { readNdjson } from './ndjson';
import { doneCount, newJobId, progressPercent } from './runEvents';

/** A byte stream that delivers exactly these chunks, one read each. */
const chunked = (chunks: (string | Uint8Array)[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      const encoder = new TextEncoder();
      for (const chunk of chunks) controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
      controller.close();
    },
  });

const collect = async (stream: ReadableStream<Uint8Array>) => {
  const out: unknown[] = [];
  for await (const value of readNdjson(stream)) out.push(value);
  return out;
};

describe('readNdjson', () => {
  it('joins a line cut across chunks and splits several lines in one chunk', async () => {
    const lines = await collect(
      chunked(['{"type":"sta', 'rt","total":2}\n{"type":"item","id":"a","ok":true}\n{"type":', '"done"}\n']),
    );
    expect(lines).toEqual([{ type: 'start', total: 2 }, { type: 'item', id: 'a', ok: true }, { type: 'done' }]);
  });

  it('keeps a multi-byte character cut between two reads intact', async () => {
    const bytes = new TextEncoder().encode('{"type":"item","id":"café","ok":false,"error":"naïve"}\n');
    // "é" is two bytes in UTF-8: cut right between them.
    const cut = bytes.indexOf(0xc3) + 1;
    const lines = await collect(chunked([bytes.slice(0, cut), bytes.slice(cut)]));
    expect(lines).toEqual([{ type: 'item', id: 'café', ok: false, error: 'naïve' }]);
  });

  it('parses a last line without a newline, and skips blank, CRLF and broken lines', async () => {
    const lines = await collect(chunked(['\n{"a":1}\r\n', 'not json\n', '   \n{"b":', '2}']));
    expect(lines).toEqual([{ a: 1 }, { b: 2 }]);
  });

  it('yields each event as soon as its line is complete', async () => {
    const encoder = new TextEncoder();
    let push!: (text: string) => void;
    let end!: () => void;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        push = (text) => controller.enqueue(encoder.encode(text));
        end = () => controller.close();
      },
    });
    const iterator = readNdjson(stream);
    push('{"n":1}\n{"n":');
    expect(await iterator.next()).toEqual({ done: false, value: { n: 1 } });
    push('2}\n');
    expect(await iterator.next()).toEqual({ done: false, value: { n: 2 } });
    end();
    expect(await iterator.next()).toEqual({ done: true, value: undefined });
  });
});

describe('progressPercent', () => {
  const counters = { attempted: 0, succeeded: 0, failed: 0, skipped: 0, total: null as number | null };
  const percent = (c: typeof counters, running: boolean) => progressPercent(doneCount(c), c.total, running);

  it('is 50% while running with an unknown total', () => {
    expect(percent(counters, true)).toBe(50);
    expect(percent({ ...counters, attempted: 3 }, true)).toBe(50);
  });

  it('is the share of items done once the total is known', () => {
    expect(percent({ ...counters, total: 16 }, true)).toBe(0);
    expect(percent({ ...counters, attempted: 4, succeeded: 4, total: 16 }, true)).toBe(25);
    // Skipped items count as done whether or not the server counts them as attempted.
    expect(percent({ ...counters, attempted: 2, succeeded: 2, skipped: 6, total: 16 }, true)).toBe(50);
    expect(percent({ ...counters, attempted: 8, succeeded: 2, skipped: 6, total: 16 }, true)).toBe(50);
    // items listed count too (a row for each finished item)
    expect(progressPercent(doneCount(counters, 4), 16, true)).toBe(25);
  });

  it('caps at 100%', () => {
    expect(percent({ ...counters, attempted: 20, succeeded: 20, total: 16 }, true)).toBe(100);
    expect(percent({ ...counters, attempted: 16, succeeded: 10, failed: 6, total: 16 }, false)).toBe(100);
  });

  it('is 0 before anything ran and 100 for a finished run of nothing', () => {
    expect(percent(counters, false)).toBe(0);
    expect(percent({ ...counters, total: 0 }, false)).toBe(100);
  });
});

describe('newJobId', () => {
  it('is a prefixed random string, new each time', () => {
    const a = newJobId('tts');
    expect(a).toMatch(/^tts-[0-9a-f-]{36}$/);
    expect(newJobId('tts')).not.toBe(a);
    expect(newJobId('video')).toMatch(/^video-[0-9a-f-]{36}$/);
  });
});
