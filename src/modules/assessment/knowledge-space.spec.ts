import { abilityPrior, entropy, itemParams, KnowledgeSpace } from './knowledge-space';

const item = itemParams(4); // slip 0.1, guess 0.25

/** The states as sorted topic lists, for small graphs. */
function statesOf(space: KnowledgeSpace): string[] {
  const out: string[] = [];
  for (let s = 0; s < space.count; s++)
    out.push(
      space.ids
        .filter((_, t) => space.has(s, t))
        .sort()
        .join(''),
    );
  return out.sort();
}

describe('KnowledgeSpace', () => {
  it('enumerates exactly the sets closed under prerequisites', () => {
    const chain = new KnowledgeSpace([
      { id: 'a', prerequisites: [] },
      { id: 'b', prerequisites: ['a'] },
      { id: 'c', prerequisites: ['b'] },
    ]);
    expect(chain.exact).toBe(true);
    expect(statesOf(chain)).toEqual(['', 'a', 'ab', 'abc']);
    const join = new KnowledgeSpace([
      { id: 'c', prerequisites: ['a', 'b'] },
      { id: 'a', prerequisites: [] },
      { id: 'b', prerequisites: [] },
    ]);
    expect(statesOf(join)).toEqual(['', 'a', 'ab', 'abc', 'b']);
    const total = [...join.prior].reduce((x, y) => x + y, 0);
    expect(total).toBeCloseTo(1, 12);
  });

  it('samples distinct states when there are too many to enumerate, still closed under prerequisites', () => {
    const topics = Array.from({ length: 40 }, (_, i) => ({ id: `t${i}`, prerequisites: i % 2 ? [`t${i - 1}`] : [] }));
    const space = new KnowledgeSpace(topics, { maxStates: 1000, samples: 3000, seed: 7 });
    expect(space.exact).toBe(false);
    expect(space.count).toBeLessThanOrEqual(3000);
    for (let s = 0; s < space.count; s++)
      for (let i = 1; i < 40; i += 2) if (space.has(s, i)) expect(space.has(s, i - 1)).toBe(true);
    expect([...space.prior].reduce((x, y) => x + y, 0)).toBeCloseTo(1, 9);
  });

  it('a right answer raises the topic and its prerequisites; a wrong one lowers the topic and its dependants', () => {
    const space = new KnowledgeSpace([
      { id: 'basics', prerequisites: [] },
      { id: 'middle', prerequisites: ['basics'] },
      { id: 'advanced', prerequisites: ['middle'] },
      { id: 'aside', prerequisites: [] },
    ]);
    const before = space.posterior().marginals();
    const right = space.posterior();
    right.observe('advanced', true, item);
    for (const id of ['basics', 'middle', 'advanced']) expect(right.prob(id)).toBeGreaterThan(before.get(id)!);
    const wrong = space.posterior();
    wrong.observe('basics', false, item);
    for (const id of ['basics', 'middle', 'advanced']) expect(wrong.prob(id)).toBeLessThan(before.get(id)!);
    // a prerequisite is always at least as likely known as what builds on it
    for (const p of [right, wrong]) {
      expect(p.prob('basics')).toBeGreaterThanOrEqual(p.prob('middle'));
      expect(p.prob('middle')).toBeGreaterThanOrEqual(p.prob('advanced'));
    }
  });

  it('answers that agree settle every topic; the confidence rises with them', () => {
    const space = new KnowledgeSpace([
      { id: 'a', prerequisites: [] },
      { id: 'b', prerequisites: ['a'] },
      { id: 'c', prerequisites: ['a'] },
    ]);
    const p = space.posterior();
    const start = p.confidence();
    expect(p.settled()).toBe(false);
    for (let i = 0; i < 3; i++) {
      p.observe('b', true, item);
      p.observe('c', true, item);
    }
    expect(p.settled()).toBe(true);
    expect(p.prob('a')).toBeGreaterThan(0.8);
    expect(p.confidence()).toBeGreaterThan(start);
  });

  it('picks the question with the largest expected gain over the whole course, which is never negative', () => {
    // a hub that five topics build on tells more than a leaf
    const topics = [
      { id: 'hub', prerequisites: [] },
      ...Array.from({ length: 5 }, (_, i) => ({ id: `leaf${i}`, prerequisites: ['hub'] })),
      { id: 'alone', prerequisites: [] },
    ];
    const p = new KnowledgeSpace(topics).posterior();
    const gains = topics.map((t) => p.expectedGain(t.id, item));
    for (const g of gains) expect(g).toBeGreaterThanOrEqual(-1e-12);
    const best = p.best(topics.map((t) => ({ topicId: t.id, item })));
    expect(best).not.toBe('alone');
    expect(p.expectedGain(best!, item)).toBe(Math.max(...gains));
    // the expected gain equals what the two outcomes really do, averaged
    const pc = p.prob('hub') * 0.9 + (1 - p.prob('hub')) * 0.25;
    const after = (correct: boolean) => {
      const q = new KnowledgeSpace(topics).posterior();
      q.observe('hub', correct, item);
      return q.uncertainty();
    };
    expect(p.expectedGain('hub', item)).toBeCloseTo(p.uncertainty() - (pc * after(true) + (1 - pc) * after(false)), 9);
  });

  it('half of the prior is uninformed: every size of state gets the same mass, split evenly over its states', () => {
    // join: states '', a, b, ab, abc (sizes 0, 1, 1, 2, 3)
    const topics = [
      { id: 'c', prerequisites: ['a', 'b'] },
      { id: 'a', prerequisites: [] },
      { id: 'b', prerequisites: [] },
    ];
    const prior = (space: KnowledgeSpace) =>
      new Map(
        statesOf(space)
          .map((k, i) => [k, i])
          .map(([k]) => [k, 0]),
      );
    const byState = (space: KnowledgeSpace) => {
      const out = prior(space);
      for (let s = 0; s < space.count; s++)
        out.set(
          space.ids
            .filter((_, t) => space.has(s, t))
            .sort()
            .join(''),
          space.prior[s],
        );
      return out;
    };
    const uninformed = byState(new KnowledgeSpace(topics, { robustShare: 1 }));
    expect(uninformed.get('')).toBeCloseTo(1 / 4, 12);
    expect(uninformed.get('a')).toBeCloseTo(1 / 8, 12);
    expect(uninformed.get('b')).toBeCloseTo(1 / 8, 12);
    expect(uninformed.get('ab')).toBeCloseTo(1 / 4, 12);
    expect(uninformed.get('abc')).toBeCloseTo(1 / 4, 12);
    const generative = byState(new KnowledgeSpace(topics, { robustShare: 0 }));
    const mixed = byState(new KnowledgeSpace(topics));
    for (const [k, p] of mixed) expect(p).toBeCloseTo(0.5 * generative.get(k)! + 0.5 * uninformed.get(k)!, 12);
    expect([...mixed.values()].reduce((x, y) => x + y, 0)).toBeCloseTo(1, 12);
  });

  it('the ability prior is uniform for a new course and follows the population as learners come', () => {
    const fresh = abilityPrior();
    expect(new Set(fresh.weight.map((w) => w.toFixed(9))).size).toBe(1);
    const strong = abilityPrior(Array.from({ length: 200 }, () => 0.97));
    expect(strong.weight.at(-1)!).toBeGreaterThan(0.8);
    expect(entropy(0.5)).toBe(1);
    expect(itemParams(3).guess).toBeCloseTo(1 / 3);
  });
});
