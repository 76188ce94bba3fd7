import fc from 'fast-check';
import { AdaptiveTest, type CatItem, modelTopics, pickItem } from './adaptive-test';
import { KnowledgeSpace, type KsTopic } from './knowledge-space';

/** Seeded: a failure prints its seed and path; to try other runs, change the seed here. */
const runs = { seed: 30, numRuns: 60 };

/** A prerequisite DAG of up to 6 topics and 0 to 3 items per topic (some topics have none). */
const course = fc
  .integer({ min: 1, max: 6 })
  .chain((n) =>
    fc.record({
      prereqs: fc.tuple(...Array.from({ length: n }, (_, i) => fc.subarray(Array.from({ length: i }, (_, j) => j)))),
      items: fc.tuple(
        ...Array.from({ length: n }, () =>
          fc.array(fc.record({ choices: fc.integer({ min: 2, max: 5 }), difficulty: fc.integer({ min: 1, max: 3 }) }), {
            maxLength: 3,
          }),
        ),
      ),
    }),
  )
  .map(({ prereqs, items }) => {
    const topics: KsTopic[] = prereqs.map((p, i) => ({ id: `t${i}`, prerequisites: p.map((j) => `t${j}`) }));
    const catItems: CatItem[] = items.flatMap((list, i) =>
      list.map((q, k) => ({ id: `t${i}-q${k}`, topicId: `t${i}`, position: k, ...q })),
    );
    return { topics, items: catItems };
  });

/** A learner: answers drawn up front (cycled), so a run is a pure function of the inputs. */
const learner = fc.array(fc.boolean(), { minLength: 1, maxLength: 30 });

describe('AdaptiveTest (properties)', () => {
  it('stops within its cap, never repeats an item, asks only items of its targets, and reports its progress', () => {
    fc.assert(
      fc.property(
        course,
        learner,
        fc.integer({ min: -2, max: 25 }),
        fc.option(fc.subarray(['t0', 't1', 't2', 't9']), { nil: undefined }),
        (c, answers, cap, targets) => {
          const test = new AdaptiveTest(new KnowledgeSpace(c.topics), c.items, { cap, targets });
          const known = new Set(c.topics.map((t) => t.id));
          const kept = (targets ?? []).filter((id) => known.has(id));
          const asked = kept.length ? new Set(kept) : known;
          const served = new Set<string>();
          for (let q = test.first(); q; q = test.next(served)) {
            expect(served.has(q.id)).toBe(false);
            expect(asked.has(q.topicId)).toBe(true);
            served.add(q.id);
            test.observe(q, answers[served.size % answers.length]);
            expect(served.size).toBeLessThanOrEqual(Math.max(1, cap));
          }
          expect(test.done(served)).toBe(true);
          expect(served.size).toBeLessThanOrEqual(c.items.filter((q) => asked.has(q.topicId)).length);
          const progress = test.progress(true);
          expect(progress).toMatchObject({ answered: served.size, remaining: 0, cap: Math.max(1, cap) });
          expect(progress.confidence).toBeGreaterThanOrEqual(0.5);
          expect(progress.confidence).toBeLessThanOrEqual(1);
          // it stopped for a reason: the cap, every target settled, or nothing left to ask
          const left = c.items.some((q) => asked.has(q.topicId) && !served.has(q.id));
          if (served.size < Math.max(1, cap) && left) expect(test.posterior.settled(0.2, 0.8)).toBe(true);
        },
      ),
      runs,
    );
  });

  it('before the end, progress promises at least one and at most the questions left under the cap', () => {
    fc.assert(
      fc.property(course, learner, fc.integer({ min: 1, max: 25 }), (c, answers, cap) => {
        const test = new AdaptiveTest(new KnowledgeSpace(c.topics), c.items, { cap });
        const served = new Set<string>();
        for (let q = test.first(); q; q = test.next(served)) {
          const { remaining } = test.progress(false);
          expect(remaining).toBeGreaterThanOrEqual(1);
          expect(remaining).toBeLessThanOrEqual(Math.max(1, cap - served.size));
          served.add(q.id);
          test.observe(q, answers[served.size % answers.length]);
        }
      }),
      runs,
    );
  });

  it('pickItem never picks a served item, picks one whenever one is left, and prefers items not seen before', () => {
    const item = fc.record({
      id: fc.string({ minLength: 1, maxLength: 3 }),
      difficulty: fc.integer({ min: 1, max: 3 }),
      position: fc.nat(5),
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(item, { selector: (q) => q.id, maxLength: 8 }),
        fc.func(fc.boolean()),
        fc.func(fc.boolean()),
        fc.boolean(),
        (list, isServed, wasSeen, clinician) => {
          const items: CatItem[] = list.map((q) => ({ ...q, topicId: 't', choices: 4 }));
          const served = new Set(items.filter((q) => isServed(q.id)).map((q) => q.id));
          const seen = new Set(items.filter((q) => wasSeen(q.id)).map((q) => q.id));
          const pick = pickItem(items, served, seen, clinician);
          const open = items.filter((q) => !served.has(q.id));
          if (!open.length) return expect(pick).toBeUndefined();
          expect(pick && !served.has(pick.id)).toBe(true);
          if (open.some((q) => !seen.has(q.id))) expect(seen.has(pick!.id)).toBe(false);
        },
      ),
      runs,
    );
  });

  it('modelTopics keeps the first topics in reading order and only prerequisites among them', () => {
    fc.assert(
      fc.property(course, fc.integer({ min: 0, max: 7 }), (c, max) => {
        const kept = modelTopics(c.topics, max);
        expect(kept.map((t) => t.id)).toEqual(c.topics.slice(0, max).map((t) => t.id));
        const ids = new Set(kept.map((t) => t.id));
        for (const [i, t] of kept.entries()) {
          expect(t.prerequisites.every((p) => ids.has(p))).toBe(true);
          expect(t.prerequisites).toEqual(c.topics[i].prerequisites.filter((p) => ids.has(p)));
        }
      }),
      runs,
    );
  });
});
