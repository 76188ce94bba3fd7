import { bktUpdate } from './bkt';
import type { LearningSource } from './entities';
import { countsAsEvidence } from './learning-evidence';

/**
 * The daily rule as MasteryService.recordLearningEvidence applies it, over one day of answers: a log per item, and
 * the topic's level moved by BKT only by the answers that count.
 */
function replayDay(start: number, answers: { item: string; source: LearningSource; correct: boolean; due: boolean }[]) {
  const answered = new Set<string>();
  const counted = new Set<string>();
  let level = start;
  for (const a of answers) {
    const counts = countsAsEvidence(a.source, a.due, {
      answeredBefore: answered.has(a.item),
      countedToday: counted.has(a.item),
    });
    answered.add(a.item);
    if (counts) {
      counted.add(a.item);
      level = bktUpdate(level, a.correct);
    }
  }
  return level;
}

/** A small deterministic generator (mulberry32), so a failing sequence can be replayed from its seed. */
function random(seed: number) {
  let t = seed;
  return () => {
    t = (t + 0x6d2b79f5) | 0;
    let r = Math.imul(t ^ (t >>> 15), 1 | t);
    r ^= r + Math.imul(r ^ (r >>> 7), 61 | r);
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

describe('learning evidence (the daily rule)', () => {
  it('counts a check item on its first answer only, and any item at most once a day', () => {
    const fresh = { answeredBefore: false, countedToday: false };
    expect(countsAsEvidence('check', true, fresh)).toBe(true);
    expect(countsAsEvidence('check', true, { answeredBefore: true, countedToday: false })).toBe(false);
    expect(countsAsEvidence('practice', true, { answeredBefore: true, countedToday: false })).toBe(true);
    expect(countsAsEvidence('practice', true, { answeredBefore: true, countedToday: true })).toBe(false);
    // practice: only a due card moves mastery
    expect(countsAsEvidence('practice', false, fresh)).toBe(false);
  });

  it('property: no sequence of repeats of one item takes a topic from 0.5 past 0.9 in a day', () => {
    for (let seed = 1; seed <= 500; seed++) {
      const rnd = random(seed);
      const length = 1 + Math.floor(rnd() * 40);
      const answers = Array.from({ length }, () => ({
        item: 'vn-anatomy-q5',
        source: (rnd() < 0.5 ? 'check' : 'practice') as LearningSource,
        correct: true,
        due: rnd() < 0.8,
      }));
      expect(replayDay(0.5, answers)).toBeLessThanOrEqual(0.9);
    }
  });

  it('two distinct check items answered right may take 0.5 above 0.9: new evidence, allowed', () => {
    const two = replayDay(0.5, [
      { item: 'q5', source: 'check', correct: true, due: true },
      { item: 'q6', source: 'check', correct: true, due: true },
      // repeats change nothing
      { item: 'q5', source: 'practice', correct: true, due: true },
      { item: 'q6', source: 'check', correct: true, due: true },
    ]);
    expect(two).toBeCloseTo(0.943, 3);
  });
});
