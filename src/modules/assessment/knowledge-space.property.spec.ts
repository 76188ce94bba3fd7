import fc from 'fast-check';
import { itemParams, KnowledgeSpace, type KsTopic } from './knowledge-space';

/** Seeded: a failure prints its seed and path; to try other runs, change the seed here. */
const runs = { seed: 30, numRuns: 60 };

/**
 * A prerequisite DAG of up to 7 topics (edges only to earlier topics), listed in a shuffled order so the
 * module has to find the prerequisite order itself.
 */
const dag: fc.Arbitrary<KsTopic[]> = fc
  .integer({ min: 1, max: 7 })
  .chain((n) =>
    fc.tuple(
      fc.tuple(...Array.from({ length: n }, (_, i) => fc.subarray(Array.from({ length: i }, (_, j) => j)))),
      fc.shuffledSubarray(
        Array.from({ length: n }, (_, i) => i),
        { minLength: n, maxLength: n },
      ),
    ),
  )
  .map(([prereqs, order]) => order.map((i) => ({ id: `t${i}`, prerequisites: prereqs[i].map((j) => `t${j}`) })));

/** The states as sets of ids. */
const statesOf = (space: KnowledgeSpace) =>
  Array.from({ length: space.count }, (_, s) => new Set(space.ids.filter((_, t) => space.has(s, t))));
const key = (state: Set<string>) => [...state].sort().join(',');
const closed = (topics: KsTopic[], state: Set<string>) =>
  topics.every((t) => !state.has(t.id) || t.prerequisites.every((p) => state.has(p)));

/** Every subset closed under prerequisites, by brute force over the 2^n subsets. */
function downSets(topics: KsTopic[]): Set<string> {
  const out = new Set<string>();
  for (let mask = 0; mask < 1 << topics.length; mask++) {
    const state = new Set(topics.filter((_, i) => mask & (1 << i)).map((t) => t.id));
    if (closed(topics, state)) out.add(key(state));
  }
  return out;
}

const answers = fc.array(fc.tuple(fc.nat(), fc.boolean()), { maxLength: 8 });

describe('KnowledgeSpace (properties)', () => {
  it('enumerates exactly the subsets closed under prerequisites, each once, with a prior that sums to 1', () => {
    fc.assert(
      fc.property(dag, (topics) => {
        const space = new KnowledgeSpace(topics);
        expect(space.exact).toBe(true);
        const keys = statesOf(space).map(key);
        expect(new Set(keys).size).toBe(keys.length);
        expect(new Set(keys)).toEqual(downSets(topics));
        expect([...space.prior].every((p) => p > 0)).toBe(true);
        expect([...space.prior].reduce((x, y) => x + y, 0)).toBeCloseTo(1, 9);
      }),
      runs,
    );
  });

  it('fringes: adding an outer-fringe topic or removing an inner-fringe topic gives another state (well-graded)', () => {
    fc.assert(
      fc.property(dag, (topics) => {
        const space = new KnowledgeSpace(topics);
        const all = new Set(statesOf(space).map(key));
        for (const state of statesOf(space)) {
          for (const t of topics) {
            const outer = !state.has(t.id) && t.prerequisites.every((p) => state.has(p));
            const inner = state.has(t.id) && topics.every((u) => !state.has(u.id) || !u.prerequisites.includes(t.id));
            if (outer) expect(all.has(key(new Set([...state, t.id])))).toBe(true);
            if (inner) expect(all.has(key(new Set([...state].filter((id) => id !== t.id))))).toBe(true);
          }
        }
      }),
      runs,
    );
  });

  it('sampled spaces hold only closed, distinct states', () => {
    fc.assert(
      fc.property(dag, fc.nat(), (topics, seed) => {
        const space = new KnowledgeSpace(topics, { maxStates: 1, samples: 200, seed });
        const states = statesOf(space);
        expect(space.exact).toBe(false); // n >= 1 topics have at least 2 states
        for (const state of states) expect(closed(topics, state)).toBe(true);
        expect(new Set(states.map(key)).size).toBe(states.length);
      }),
      runs,
    );
  });

  it('after any answers, marginals are probabilities and a topic is never likelier known than its prerequisite', () => {
    fc.assert(
      fc.property(dag, answers, (topics, given) => {
        const post = new KnowledgeSpace(topics).posterior();
        for (const [i, correct] of given) post.observe(topics[i % topics.length].id, correct, itemParams(4));
        const m = post.marginals();
        for (const t of topics) {
          expect(m.get(t.id)).toBeGreaterThanOrEqual(0);
          expect(m.get(t.id)).toBeLessThanOrEqual(1);
          for (const p of t.prerequisites) expect(m.get(p)!).toBeGreaterThanOrEqual(m.get(t.id)! - 1e-12);
        }
        const c = post.confidence();
        expect(c).toBeGreaterThanOrEqual(0.5 - 1e-12);
        expect(c).toBeLessThanOrEqual(1 + 1e-12);
      }),
      runs,
    );
  });

  it('a right answer never lowers its topic or a prerequisite of it; a wrong one never raises them', () => {
    fc.assert(
      fc.property(
        dag,
        answers,
        fc.nat(),
        fc.boolean(),
        fc.integer({ min: 2, max: 5 }),
        (topics, given, pick, correct, choices) => {
          const post = new KnowledgeSpace(topics).posterior();
          for (const [i, c] of given) post.observe(topics[i % topics.length].id, c, itemParams(4));
          const t = topics[pick % topics.length];
          const before = post.marginals();
          post.observe(t.id, correct, itemParams(choices));
          const after = post.marginals();
          for (const id of [t.id, ...t.prerequisites]) {
            if (correct) expect(after.get(id)!).toBeGreaterThanOrEqual(before.get(id)! - 1e-9);
            else if (id === t.id) expect(after.get(id)!).toBeLessThanOrEqual(before.get(id)! + 1e-9);
          }
        },
      ),
      runs,
    );
  });

  it('the expected gain of a question is never negative (an answer cannot be expected to add uncertainty)', () => {
    fc.assert(
      fc.property(dag, answers, (topics, given) => {
        const post = new KnowledgeSpace(topics).posterior();
        for (const [i, c] of given) post.observe(topics[i % topics.length].id, c, itemParams(4));
        for (const t of topics) expect(post.expectedGain(t.id, itemParams(4))).toBeGreaterThanOrEqual(-1e-9);
      }),
      runs,
    );
  });
});
