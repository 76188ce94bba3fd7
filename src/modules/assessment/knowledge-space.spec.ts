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

describe('knowledge-space, each part alone', () => {
  const sum = (xs: Iterable<number>) => [...xs].reduce((x, y) => x + y, 0);

  it('abilityPrior: grid midpoints, 20 pseudo-learners spread evenly, each learner in the bucket of their share', () => {
    expect(abilityPrior([], 4).a).toEqual([0.125, 0.375, 0.625, 0.875]);
    // 5 pseudo-learners per bucket; 0.2 is in the first bucket, 0.9 in the last
    const close = (got: number[], want: number[]) => {
      expect(got).toHaveLength(want.length);
      got.forEach((x, i) => expect(x).toBeCloseTo(want[i], 12));
    };
    close(abilityPrior([0.2, 0.9], 4).weight, [6 / 22, 5 / 22, 5 / 22, 6 / 22]);
    // a share of 1 or more counts in the last bucket, a negative one in the first; NaN and infinities are left out
    close(abilityPrior([1, 7, -3, Number.NaN], 4).weight, [6 / 23, 5 / 23, 5 / 23, 7 / 23]);
    close(abilityPrior([Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY], 4).weight, [0.25, 0.25, 0.25, 0.25]);
    expect(sum(abilityPrior([0.3, 0.31, 0.99]).weight)).toBeCloseTo(1, 12);
  });

  it('itemParams: the guess is one over the choices, four when unknown or fewer than two', () => {
    expect(itemParams(undefined)).toEqual({ slip: 0.1, guess: 0.25 });
    expect(itemParams(1).guess).toBe(0.25);
    expect(itemParams(0).guess).toBe(0.25);
    expect(itemParams(2).guess).toBe(0.5);
    expect(itemParams(5, 0.2)).toEqual({ slip: 0.2, guess: 0.2 });
  });

  it('entropy: 0 at certainty and outside (0, 1), 1 bit at one half', () => {
    for (const p of [0, 1, -0.5, 1.5]) expect(entropy(p)).toBe(0);
    expect(entropy(0.5)).toBe(1);
    expect(entropy(0.25)).toBeCloseTo(0.811278, 6);
  });

  it('prerequisites: repeated ones count once, unknown ones are dropped, a cycle loses its closing edge', () => {
    const space = new KnowledgeSpace([
      { id: 'a', prerequisites: ['b', 'b', 'nowhere'] },
      { id: 'b', prerequisites: [] },
    ]);
    expect(space.prereqs).toEqual([[1], []]);
    const cycle = new KnowledgeSpace([
      { id: 'a', prerequisites: ['b'] },
      { id: 'b', prerequisites: ['a'] },
    ]);
    // a needs b is kept (met first), b needs a closes the cycle: '', 'b', 'ab'
    expect(cycle.prereqs).toEqual([[1], []]);
    expect(statesOf(cycle)).toEqual(['', 'ab', 'b']);
  });

  it('the generative prior: P(known) of a root is the mean ability, of its dependant the mean squared ability', () => {
    const population = [0.9, 0.9, 0.9, 0.6, 0.1];
    const { a, weight } = abilityPrior(population);
    const moment = (k: number) => sum(a.map((x, g) => weight[g] * x ** k));
    const chain = new KnowledgeSpace(
      [
        { id: 'a', prerequisites: [] },
        { id: 'b', prerequisites: ['a'] },
      ],
      { population, robustShare: 0 },
    ).posterior();
    // states '' (1 - x), 'a' x (1 - x), 'ab' x²: they sum to 1 for every ability x
    expect(chain.prob('a')).toBeCloseTo(moment(1), 12);
    expect(chain.prob('b')).toBeCloseTo(moment(2), 12);
    // all uninformed: sizes 0, 1 and 2 get a third each
    const uninformed = new KnowledgeSpace(
      [
        { id: 'a', prerequisites: [] },
        { id: 'b', prerequisites: ['a'] },
      ],
      { population, robustShare: 1 },
    ).posterior();
    expect(uninformed.prob('a')).toBeCloseTo(2 / 3, 12);
    expect(uninformed.prob('b')).toBeCloseTo(1 / 3, 12);
  });

  describe('a course of 40 topics in pairs (sampled: more states than maxStates; two 32-bit words per state)', () => {
    const topics = Array.from({ length: 40 }, (_, i) => ({ id: `t${i}`, prerequisites: i % 2 ? [`t${i - 1}`] : [] }));
    const sampled = (population: number[]) =>
      new KnowledgeSpace(topics, { maxStates: 1000, samples: 3000, seed: 7, population, robustShare: 0 });
    /** the prior's expected share of topics known, read through has() */
    const knownShare = (space: KnowledgeSpace) => {
      let known = 0;
      for (let s = 0; s < space.count; s++)
        for (let t = 0; t < topics.length; t++) if (space.has(s, t)) known += space.prior[s];
      return known / topics.length;
    };

    it('has two words per state, distinct states of every kind, and topics past the 32nd known in some', () => {
      const space = sampled([]);
      expect(space.exact).toBe(false);
      expect(space.words).toBe(2);
      expect(space.count).toBeGreaterThan(1000);
      const keys = new Set<string>();
      for (let s = 0; s < space.count; s++) keys.add(topics.map((_, t) => (space.has(s, t) ? 1 : 0)).join(''));
      expect(keys.size).toBe(space.count);
      const knows = (t: number) => [...Array(space.count).keys()].some((s) => space.has(s, t));
      const lacks = (t: number) => [...Array(space.count).keys()].some((s) => !space.has(s, t));
      for (const t of [0, 1, 32, 33, 39]) expect([t, knows(t), lacks(t)]).toEqual([t, true, true]);
      // with a uniform ability, about half of the roots and a third of the dependants: 5/12 in all
      expect(knownShare(space)).toBeGreaterThan(0.3);
      expect(knownShare(space)).toBeLessThan(0.55);
    });

    it("draws learners from the population's ability: a strong one knows most, a weak one little", () => {
      const strong = knownShare(sampled(Array(200).fill(0.97)));
      const weak = knownShare(sampled(Array(200).fill(0.03)));
      expect(strong).toBeGreaterThan(0.7);
      expect(weak).toBeLessThan(0.2);
    });
  });

  describe('the posterior', () => {
    const space = new KnowledgeSpace([
      { id: 'a', prerequisites: [] },
      { id: 'b', prerequisites: ['a'] },
      { id: 'c', prerequisites: [] },
    ]);

    it('ignores an answer about an unknown topic and refuses to give its probability', () => {
      const p = space.posterior();
      const before = p.marginals();
      p.observe('nowhere', true, item);
      expect(p.marginals()).toEqual(before);
      expect(() => p.prob('nowhere')).toThrow('unknown topic nowhere');
      expect(p.expectedGain('nowhere', item)).toBe(0);
    });

    it('focusOn: only the focused topics count for uncertainty, settled, unsettled and confidence; unknown ids are ignored', () => {
      const all = space.posterior();
      const onlyC = space.posterior().focusOn(['c', 'nowhere']);
      expect(onlyC.uncertainty()).toBeCloseTo(entropy(onlyC.prob('c')), 12);
      expect(all.uncertainty()).toBeGreaterThan(onlyC.uncertainty() + 0.5);
      // an answer about c settles c alone: the focused attempt is settled, the whole course is not
      for (let i = 0; i < 3; i++) {
        onlyC.observe('c', true, item);
        all.observe('c', true, item);
      }
      expect(onlyC.settled()).toBe(true);
      expect(all.settled()).toBe(false);
      expect(onlyC.unsettled()).toBe(0);
      expect(all.unsettled()).toBe(2);
      expect(onlyC.confidence()).toBeCloseTo(onlyC.prob('c'), 12);
      // the gain counts only focused topics: an answer about a tells little about c (only through ability)
      expect(onlyC.expectedGain('a', item)).toBeLessThan(0.01);
      expect(all.expectedGain('a', item)).toBeGreaterThan(0.1);
      // no list, an empty one, or only unknown ids: every topic counts again
      for (const ids of [undefined, [], ['nowhere']]) expect(onlyC.focusOn(ids).unsettled()).toBe(2);
    });

    it('unsettled counts topics inside [low, high], bounds included; knownShare is the mean probability', () => {
      const p = space.posterior();
      const probs = ['a', 'b', 'c'].map((id) => p.prob(id));
      expect(p.knownShare()).toBeCloseTo(sum(probs) / 3, 12);
      const inside = (low: number, high: number) => probs.filter((x) => x >= low && x <= high).length;
      for (const [low, high] of [
        [0.2, 0.8],
        [probs[0], probs[0]],
        [0, probs[1]],
        [probs[2], 1],
        [0.99, 1],
      ])
        expect([low, high, p.unsettled(low, high)]).toEqual([low, high, inside(low, high)]);
      expect(new KnowledgeSpace([]).posterior().knownShare()).toBe(0);
    });

    it('settled is strict at its bounds', () => {
      const p = new KnowledgeSpace([{ id: 'x', prerequisites: [] }]).posterior();
      const x = p.prob('x');
      expect(p.settled(x, 1)).toBe(false);
      expect(p.settled(0, x)).toBe(false);
      expect(p.settled(x + 1e-9, 1)).toBe(true);
      expect(p.settled(0, x - 1e-9)).toBe(true);
    });

    it('best: the largest gain, ties to the earlier candidate, null without candidates', () => {
      const p = space.posterior();
      expect(p.best([])).toBeNull();
      // c and a copy of c: the same gain, the first wins
      expect(
        p.best([
          { topicId: 'c', item },
          { topicId: 'c', item: { ...item } },
        ]),
      ).toBe('c');
      const gains = ['a', 'b', 'c'].map((id) => [id, p.expectedGain(id, item)] as const);
      const top = [...gains].sort((x, y) => y[1] - x[1])[0][0];
      expect(p.best(['a', 'b', 'c'].map((topicId) => ({ topicId, item })))).toBe(top);
      expect(p.best(['c', 'b', 'a'].map((topicId) => ({ topicId, item })))).toBe(top);
    });
  });
});
