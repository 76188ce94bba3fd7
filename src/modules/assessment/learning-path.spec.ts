import {
  checkPassed,
  checkProgress,
  isComplete,
  learningPath,
  lockReason,
  moduleStates,
  NOTHING_READY,
  type PathInput,
} from './learning-path';

/*
 * Two modules: m1 (a → b, a → c) and m2 (d after c, e after d).
 */
const topics: PathInput['topics'] = [
  { id: 'a', title: 'A', moduleId: 'm1', prerequisites: [] },
  { id: 'b', title: 'B', moduleId: 'm1', prerequisites: ['a'] },
  { id: 'c', title: 'C', moduleId: 'm1', prerequisites: ['a'] },
  { id: 'd', title: 'D', moduleId: 'm2', prerequisites: ['c'] },
  { id: 'e', title: 'E', moduleId: 'm2', prerequisites: ['d'] },
];
const modules = [
  { id: 'm1', title: 'Foundations' },
  { id: 'm2', title: 'Practice' },
];
const twoChecks = (correct: number, answered = correct) => ({ total: 2, answered, correct });

function input(over: Partial<PathInput> = {}): PathInput {
  const checks = new Map(topics.map((t) => [t.id, twoChecks(0, 0)]));
  return { topics, modules, levels: new Map(), checks, unlocks: [], ...over };
}

describe('check', () => {
  it('is passed by more than half of the items right the first time', () => {
    expect(checkPassed({ total: 2, correct: 2 })).toBe(true);
    expect(checkPassed({ total: 2, correct: 1 })).toBe(false);
    expect(checkPassed({ total: 3, correct: 2 })).toBe(true);
    expect(checkPassed({ total: 0, correct: 0 })).toBe(false);
  });

  it('counts first answers only: an item answered wrong first stays wrong', () => {
    // the caller gives one first answer per item: later answers never replace it
    expect(checkProgress([{ correct: false }, { correct: true }])).toEqual({
      total: 2,
      answered: 2,
      correct: 1,
      passed: false,
    });
    expect(checkProgress([{ correct: true }, null])).toEqual({ total: 2, answered: 1, correct: 1, passed: false });
  });

  it('makes a topic complete, as does a level of at least 0.7', () => {
    expect(isComplete(0.1, twoChecks(2))).toBe(true);
    expect(isComplete(0.7, twoChecks(0))).toBe(true);
    expect(isComplete(0.69, twoChecks(1))).toBe(false);
  });

  it('leaves a topic without check items complete only by its level', () => {
    expect(isComplete(0.5, undefined)).toBe(false);
    expect(isComplete(0.5, { total: 0, correct: 0 })).toBe(false);
    expect(isComplete(0.75, undefined)).toBe(true);
  });
});

describe('learningPath', () => {
  it('starts with the first topic and nothing complete', () => {
    const p = learningPath(input());
    expect(p.complete).toBe(0);
    expect(p.total).toBe(5);
    expect(p.topics.filter((t) => t.ready).map((t) => t.id)).toEqual(['a']);
    expect(p.next).toEqual({ type: 'topic', topic: { id: 'a', title: 'A' } });
  });

  it('opens the dependants of a topic completed by its check', () => {
    const p = learningPath(input({ checks: new Map([['a', twoChecks(2)]]) }));
    expect(p.topics.find((t) => t.id === 'a')).toMatchObject({ complete: true, ready: false });
    expect(p.topics.filter((t) => t.ready).map((t) => t.id)).toEqual(['b', 'c']);
  });

  it('names the first ready topic after the one just finished, else the first before it', () => {
    const checks = new Map([['a', twoChecks(2)]]);
    expect(learningPath(input({ checks, after: 'b' })).next).toEqual({ type: 'topic', topic: { id: 'c', title: 'C' } });
    expect(learningPath(input({ checks, after: 'c' })).next).toEqual({ type: 'topic', topic: { id: 'b', title: 'B' } });
    // an unknown `after` is ignored
    expect(learningPath(input({ checks, after: 'zz' })).next).toEqual({
      type: 'topic',
      topic: { id: 'b', title: 'B' },
    });
  });

  it('sends the learner to the post test once every topic is complete', () => {
    const levels = new Map(topics.map((t) => [t.id, 0.8]));
    const p = learningPath(input({ levels }));
    expect(p.complete).toBe(5);
    expect(p.next).toEqual({ type: 'post_test', quiz: 'q_final' });
  });

  it('skips a locked module: practice with the lock reason when nothing else is ready', () => {
    // module 1 complete by the check, not mastered (levels low): module 2 stays locked
    const checks = new Map(['a', 'b', 'c'].map((id) => [id, twoChecks(2)]));
    const p = learningPath(input({ checks }));
    expect(p.modules[1]).toMatchObject({ id: 'm2', locked: true, reason: lockReason('Foundations'), openedBy: null });
    expect(p.topics.find((t) => t.id === 'd')).toMatchObject({ complete: false, ready: false });
    expect(p.next).toEqual({ type: 'practice', reason: 'Master “Foundations” to open this module' });
  });

  it('practises with a general reason when the incomplete topics are in open modules but none is ready', () => {
    const cyclic = [
      { id: 'x', title: 'X', moduleId: 'm1', prerequisites: ['y'] },
      { id: 'y', title: 'Y', moduleId: 'm1', prerequisites: ['x'] },
    ];
    const p = learningPath({ topics: cyclic, modules, levels: new Map(), checks: new Map(), unlocks: [] });
    expect(p.next).toEqual({ type: 'practice', reason: NOTHING_READY });
  });

  it('opens a module once the one before it is mastered, and its first topics are ready', () => {
    const levels = new Map(['a', 'b', 'c'].map((id) => [id, 0.75]));
    const p = learningPath(input({ levels }));
    expect(p.modules[1]).toMatchObject({ locked: false, reason: null, openedBy: 'mastery' });
    expect(p.next).toEqual({ type: 'topic', topic: { id: 'd', title: 'D' } });
  });
});

describe('moduleStates', () => {
  const base = { topics, modules, levels: new Map<string, number>() };

  it('keeps the first module open and locks the next until the first is mastered (above 0.7)', () => {
    expect(moduleStates({ ...base, unlocks: [] }).map((m) => [m.id, m.locked, m.openedBy])).toEqual([
      ['m1', false, 'first'],
      ['m2', true, null],
    ]);
    const exactly = new Map(['a', 'b', 'c'].map((id) => [id, 0.7]));
    expect(moduleStates({ ...base, levels: exactly, unlocks: [] })[1].locked).toBe(true);
  });

  it('opens a module that staff unlocked early', () => {
    expect(moduleStates({ ...base, unlocks: [{ moduleId: 'm2', source: 'staff' }] })[1]).toMatchObject({
      locked: false,
      openedBy: 'unlock',
    });
  });

  it('opens the module after one a test once showed mastered (a gating unlock of it)', () => {
    expect(moduleStates({ ...base, unlocks: [{ moduleId: 'm1', source: 'gating' }] })[1]).toMatchObject({
      locked: false,
      openedBy: 'mastery',
    });
    // a gating unlock of m2 itself does not open m2: only the module before it counts
    expect(moduleStates({ ...base, unlocks: [{ moduleId: 'm2', source: 'gating' }] })[1].locked).toBe(true);
  });
});
