import fc from 'fast-check';
import { buildVtt, splitSentences, vttTime } from './sentences';

/** Seeded: a failure prints its seed and path; to try other runs, change the seed here. */
const runs = { seed: 30, numRuns: 200 };

/** Prose-like text: words, numbers, abbreviations, initials, punctuation, quotes, spaces and line breaks. */
const token = fc.oneof(
  fc.constantFrom(
    'the',
    'Heart',
    'rate',
    'e.g.',
    'Dr.',
    'J.',
    'No.',
    '3.14',
    'approx.',
    'U.S.A.',
    'ok',
    'Émile',
    '½',
    '<b>',
    'R&D',
  ),
  fc.constantFrom('.', '!', '?', '…', '...', ',', ';', ':', '—', '"', '”', ')', '(', "'"),
  fc.constantFrom(' ', ' ', ' ', '  ', '\n', '\n\n', '\t'),
  fc.string({ unit: fc.constantFrom('a', 'B', '1', '.', ' ', '!', '\n', '-'), maxLength: 6 }),
);
const text = fc.array(token, { maxLength: 60 }).map((t) => t.join(''));
/** Long runs of words with few stops, for the length cap. */
const longText = fc
  .array(fc.constantFrom('word', 'another', 'clause,', 'then;', 'and', '—', 'x'), { minLength: 60, maxLength: 200 })
  .map((w) => w.join(' '));

const visible = (s: string) => s.replace(/\s+/g, '');
const hasWord = /[\p{L}\p{N}]/u;

describe('splitSentences (properties)', () => {
  it('loses no visible character and keeps their order (only punctuation before the first word may go)', () => {
    fc.assert(
      fc.property(fc.oneof(text, longText), (t) => {
        const all = visible(t);
        const kept = visible(splitSentences(t).join(''));
        expect(all.endsWith(kept)).toBe(true);
        expect(hasWord.test(all.slice(0, all.length - kept.length))).toBe(false);
      }),
      runs,
    );
  });

  it('every sentence is trimmed, on one line, says something, and a line break always ends one', () => {
    fc.assert(
      fc.property(text, (t) => {
        const out = splitSentences(t);
        for (const s of out) {
          expect(s).toBe(s.trim());
          expect(s).not.toMatch(/\n|\s{2}/);
          expect(s).toMatch(hasWord);
        }
        // no sentence spans a line break: each line with a word in it contributes at least one sentence
        expect(out.length).toBeGreaterThanOrEqual(t.split('\n').filter((line) => hasWord.test(line)).length);
      }),
      runs,
    );
  });

  it('plain sentences come back one by one', () => {
    const word = fc.stringMatching(/^[a-z]{6,9}$/).filter((w) => w !== 'approx');
    const sentence = fc
      .tuple(fc.array(word, { minLength: 1, maxLength: 6 }), fc.constantFrom('.', '!', '?', '…'))
      .map(([w, end]) => `${w[0][0].toUpperCase()}${[w[0].slice(1), ...w.slice(1)].join(' ')}${end}`);
    fc.assert(
      fc.property(
        fc.array(sentence, { minLength: 1, maxLength: 8 }),
        fc.constantFrom(' ', '  ', '\n', ' \n '),
        (list, sep) => {
          expect(splitSentences(list.join(sep))).toEqual(list);
        },
      ),
      runs,
    );
  });

  it('sentences without a stop are cut to at most 300 characters', () => {
    fc.assert(
      fc.property(longText, (t) => {
        for (const s of splitSentences(t)) expect(s.length).toBeLessThanOrEqual(300);
      }),
      runs,
    );
  });
});

describe('captions (properties)', () => {
  it('vttTime writes hh:mm:ss.mmm that reads back to the rounded time', () => {
    fc.assert(
      fc.property(fc.double({ min: -10, max: 400_000_000, noNaN: true }), (ms) => {
        const t = vttTime(ms);
        const m = /^(\d{2,}):(\d{2}):(\d{2})\.(\d{3})$/.exec(t);
        expect(m).not.toBeNull();
        const [, h, mi, s, milli] = m!.map(Number);
        expect(mi).toBeLessThan(60);
        expect(s).toBeLessThan(60);
        expect(((h * 60 + mi) * 60 + s) * 1000 + milli).toBe(Math.max(0, Math.round(ms)));
      }),
      runs,
    );
  });

  it('buildVtt numbers one cue per sentence and keeps its words, escaped', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            text.filter((t) => hasWord.test(t)),
            fc.nat(10_000),
          ),
          { maxLength: 6 },
        ),
        (cues) => {
          const vtt = buildVtt(
            cues.map(([t, d], i) => ({
              text: t.replace(/\s+/g, ' ').trim(),
              startMs: i * 10_000,
              endMs: i * 10_000 + d,
            })),
          );
          expect(vtt.startsWith('WEBVTT\n\n')).toBe(true);
          const blocks = vtt.slice(8).split('\n\n').filter(Boolean);
          expect(blocks).toHaveLength(cues.length);
          blocks.forEach((b, i) => {
            const [n, , ...lines] = b.split('\n');
            expect(n).toBe(String(i + 1));
            const shown = lines.join(' ').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
            expect(visible(shown)).toBe(visible(cues[i][0]));
            expect(lines.length).toBeLessThanOrEqual(2);
            expect(lines.join(' ')).not.toMatch(/[<>]|&(?!amp;|lt;|gt;)/);
          });
        },
      ),
      runs,
    );
  });
});
