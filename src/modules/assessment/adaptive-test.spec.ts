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

describe('pickItem order, each rule alone', () => {
  const item = (id: string, difficulty: number, position: number): CatItem => ({
    id,
    topicId: 'a',
    choices: 4,
    difficulty,
    position,
  });
  const pick = (pool: CatItem[], clinician = false) => pickItem(pool, new Set(), new Set(), clinician)!.id;

  it('a clinician gets difficulty 2 or 3 before an easy item; a learner gets them by distance from medium, then position', () => {
    const easyFirst = [item('easy', 1, 0), item('hard', 3, 1)];
    expect(pick(easyFirst)).toBe('easy'); // both one step from medium: content order
    expect(pick(easyFirst, true)).toBe('hard');
    // among the clinician's own (2 and 3), medium first: the clinician rule is about easy items only
    expect(pick([item('hard', 3, 0), item('medium', 2, 1)], true)).toBe('medium');
    expect(pick([item('hard', 3, 0), item('medium', 2, 1)])).toBe('medium');
  });

  it('items alike in every rule are taken by id, whatever their order', () => {
    expect(pick([item('b', 2, 0), item('a', 2, 0)])).toBe('a');
    expect(pick([item('a', 2, 0), item('b', 2, 0)])).toBe('a');
  });
});

describe('AdaptiveTest, the first question and the progress', () => {
  const wide = Array.from({ length: 10 }, (_, i) => ({ id: `w${i}`, prerequisites: [] }));
  const wideItems: CatItem[] = wide.flatMap((t) => [
    { id: `${t.id}-easy`, topicId: t.id, choices: 4, difficulty: 1, position: 0 },
    { id: `${t.id}-hard`, topicId: t.id, choices: 4, difficulty: 3, position: 1 },
  ]);

  it('a clinician attempt asks the harder item of a topic first; a learner attempt the first in content order', () => {
    expect(new AdaptiveTest(spaceFor(wide, []), wideItems, { clinician: true }).first()!.id).toMatch(/-hard$/);
    expect(new AdaptiveTest(spaceFor(wide, []), wideItems).first()!.id).toMatch(/-easy$/);
  });

  it('is not done before its first answer; estimates about half the unsettled topics as the questions left', () => {
    const test = new AdaptiveTest(spaceFor(wide, []), wideItems, { cap: 25 });
    expect(test.done(new Set())).toBe(false);
    const unsettled = test.posterior.unsettled(0.2, 0.8);
    expect(unsettled).toBeGreaterThan(2);
    expect(test.progress(false).remaining).toBe(Math.ceil(unsettled / 2));
    // never more than the cap allows, and at least one while the attempt goes on
    expect(new AdaptiveTest(spaceFor(wide, []), wideItems, { cap: 2 }).progress(false).remaining).toBe(2);
  });
});

describe('spaceFor', () => {
  // topic ids of their own: the cache is the module's, shared with the other tests of this file
  const chain = (tag: string) => [
    { id: `${tag}-1`, prerequisites: [] },
    { id: `${tag}-2`, prerequisites: [`${tag}-1`] },
  ];

  it('reuses a space for the same topics and a population in the same buckets, and builds another otherwise', () => {
    const topics = chain('reuse');
    const space = spaceFor(topics, [0.5]);
    // 0.5 and 0.51 fall in the same of the prior's 21 buckets; unreadable shares are left out
    expect(spaceFor(topics, [0.51])).toBe(space);
    expect(spaceFor(topics, [0.5, Number.NaN, Number.POSITIVE_INFINITY])).toBe(space);
    expect(spaceFor(topics, [0.1])).not.toBe(space);
    // how many learners are in a bucket counts too
    expect(spaceFor(topics, [0.5, 0.5])).not.toBe(space);
    expect(spaceFor(topics, [0.9])).not.toBe(spaceFor(topics, [0.1]));
    expect(spaceFor(chain('other'), [0.5])).not.toBe(space);
  });

  it("builds each space's prior from the population: a strong population makes every topic likelier known", () => {
    const topics = chain('prior');
    const strong = spaceFor(topics, Array(50).fill(0.95)).posterior().prob('prior-1');
    const weak = spaceFor(topics, Array(50).fill(0.05)).posterior().prob('prior-1');
    expect(strong).toBeGreaterThan(weak + 0.1);
  });

  it('keeps the 32 spaces used last: the 33rd new one drops the least recently used', () => {
    // 32 new spaces: the cache holds exactly these, whatever other tests left in it
    const held = Array.from({ length: 32 }, (_, i) => spaceFor(chain(`lru-${i}`), []));
    held.forEach((space, i) => expect(spaceFor(chain(`lru-${i}`), [])).toBe(space));
    expect(spaceFor(chain('lru-0'), [])).toBe(held[0]);
    // the order of use is now lru-1 … lru-31, lru-0: a 33rd space drops lru-1 and keeps lru-0
    spaceFor(chain('lru-32'), []);
    expect(spaceFor(chain('lru-0'), [])).toBe(held[0]);
    expect(spaceFor(chain('lru-1'), [])).not.toBe(held[1]);
  });
});
