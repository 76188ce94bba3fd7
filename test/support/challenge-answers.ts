import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

/**
 * A challenge's content file as the tests read it: they know the quiz answers and each project field's keywords or
 * range; the API never says. Shared by the e2e and browser tests of challenges and certificates.
 */
export type YamlField = string | { name: string; keywords?: string[]; range?: [number, number] };
export interface YamlDay {
  day: number;
  quiz: { q: string; options: string[]; answer: number }[];
  micro_project: { expected_fields: YamlField[] };
}

export function challengeContent(id: string): { days: YamlDay[]; dayOf: (n: number) => YamlDay } {
  const file = join(__dirname, '..', '..', 'content', 'challenges', `${id}.yaml`);
  const { days } = parse(readFileSync(file, 'utf8')) as { days: YamlDay[] };
  return { days, dayOf: (n) => days.find((d) => d.day === n)! };
}

/** A day's project fields, plain names read as fields without keywords or range. */
export function projectFields(day: YamlDay): Exclude<YamlField, string>[] {
  return day.micro_project.expected_fields.map((f) => (typeof f === 'string' ? { name: f } : f));
}

const VOCAB = (
  'kitchen window garden chair coffee music rain sunlight office desk evening dog train notebook pillow blanket ' +
  'street birds lunch balcony park bench library weekend candle sofa river bicycle jacket breakfast hallway ' +
  'orange tomato violin kettle mountain harbour meadow lantern'
).split(' ');

/** Six distinct words drawn by a small seeded generator (mulberry32): another seed, mostly other words. */
export function wordsFor(seed: number): string[] {
  let t = seed >>> 0;
  const next = () => {
    t = (t + 0x6d2b79f5) >>> 0;
    let r = Math.imul(t ^ (t >>> 15), 1 | t);
    r ^= r + Math.imul(r ^ (r >>> 7), 61 | r);
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
  const pool = [...VOCAB];
  return Array.from({ length: 6 }, () => pool.splice(Math.floor(next() * pool.length), 1)[0]);
}

/**
 * Real-looking project answers for day `n` (the built-in check reads them: issue 27): a number in the field's range,
 * or a sentence that names the field's topic (its first keyword) in words of its own, so no two fields, and no two
 * days, share a text.
 */
export function plausibleAnswers(day: YamlDay): Record<string, string> {
  return Object.fromEntries(
    projectFields(day).map((f, i) => {
      if (f.range) return [f.name, String(Math.round((f.range[0] + f.range[1]) / 2))];
      const own = wordsFor(day.day * 100 + i).join(', ');
      return [
        f.name,
        `${f.name.replace(/_/g, ' ')}: ${f.keywords?.[0] ?? 'noted'}; around me were ${own}; I practised and felt calmer, no dizziness.`,
      ];
    }),
  );
}
