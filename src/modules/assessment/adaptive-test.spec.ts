import { AdaptiveTest, type CatItem, modelTopics, pickItem, spaceFor } from './adaptive-test';

// a chain a <- b <- c (b needs a, c needs b) and a separate d; two items each
const topics = [
  { id: 'a', prerequisites: [] },
  { id: 'b', prerequisites: ['a'] },
  { id: 'c', prerequisites: ['b'] },
  { id: 'd', prerequisites: [] },
];
const items: CatItem[] = topics.flatMap((t) =>
  [0, 1].map((i) => ({ id: `${t.id}${i}`, topicId: t.id, choices: 4, difficulty: i === 0 ? 2 : 1, position: i })),
);

describe('AdaptiveTest', () => {
  it('never serves an item twice and stops at the cap', () => {
    const test = new AdaptiveTest(spaceFor(topics, []), items, { cap: 5 });
    const served = new Set<string>();
    for (let q = test.next(served); q; q = test.next(served)) {
      expect(served.has(q.id)).toBe(false);
      served.add(q.id);
      // alternate answers keep the posterior unsettled
      test.observe(q, served.size % 2 === 0);
    }
    expect(served.size).toBeLessThanOrEqual(5);
    expect(test.progress(true)).toMatchObject({ answered: served.size, remaining: 0, cap: 5 });
  });

  it('a right answer on the top of a chain raises its prerequisites; a wrong one on the root lowers its dependants', () => {
    const up = new AdaptiveTest(spaceFor(topics, []), items);
    const before = up.posterior.marginals();
    up.observe(
      items.find((q) => q.topicId === 'c')!,
      true,
    );
    const after = up.posterior.marginals();
    for (const id of ['a', 'b', 'c']) expect(after.get(id)!).toBeGreaterThan(before.get(id)!);
    // d is unrelated but for the learner's ability: it moves less than the chain
    expect(after.get('d')! - before.get('d')!).toBeLessThan(after.get('a')! - before.get('a')!);

    const down = new AdaptiveTest(spaceFor(topics, []), items);
    down.observe(
      items.find((q) => q.topicId === 'a')!,
      false,
    );
    const low = down.posterior.marginals();
    for (const id of ['a', 'b', 'c']) expect(low.get(id)!).toBeLessThan(before.get(id)!);
  });

  it('asks only about its targets (a post test of the studied topics) and settles on them', () => {
    const test = new AdaptiveTest(spaceFor(topics, []), items, { targets: ['d'] });
    const served = new Set<string>();
    for (let q = test.next(served); q; q = test.next(served)) {
      expect(q.topicId).toBe('d');
      served.add(q.id);
      test.observe(q, true);
    }
    expect(served.size).toBeGreaterThan(0);
    expect(test.posterior.prob('d')).toBeGreaterThan(0.8);
  });

  it('two different first answers lead to different second questions', () => {
    const space = spaceFor(topics, []);
    const right = new AdaptiveTest(space, items);
    const wrong = new AdaptiveTest(space, items);
    const first = right.first()!;
    expect(wrong.first()!.id).toBe(first.id);
    right.observe(first, true);
    wrong.observe(first, false);
    const served = new Set([first.id]);
    expect(right.next(served)!.topicId).not.toBe(wrong.next(served)!.topicId);
  });
});

describe('pickItem and modelTopics', () => {
  it('prefers unseen, then (clinician) harder, then medium difficulty, never a served item', () => {
    const pool = items.filter((q) => q.topicId === 'a');
    expect(pickItem(pool, new Set(), new Set(), false)!.id).toBe('a0');
    expect(pickItem(pool, new Set(), new Set(['a0']), false)!.id).toBe('a1');
    expect(pickItem(pool, new Set(['a0']), new Set(), true)!.id).toBe('a1');
    expect(pickItem(pool, new Set(['a0', 'a1']), new Set(), false)).toBeUndefined();
  });

  it('keeps the first topics of a large course and their prerequisites among them', () => {
    const big = Array.from({ length: 100 }, (_, i) => ({ id: `t${i}`, prerequisites: i ? [`t${i - 1}`, 't99'] : [] }));
    const kept = modelTopics(big, 60);
    expect(kept).toHaveLength(60);
    expect(kept[1].prerequisites).toEqual(['t0']);
  });
});
