import { cooldownHours, gate, type GateInput } from './gating';

const topics = [
  { id: 'a', title: 'A', moduleId: 'm1' },
  { id: 'b', title: 'B', moduleId: 'm1' },
  { id: 'c', title: 'C', moduleId: 'm2' },
];
const input = (over: Partial<GateInput>): GateInput => ({
  kind: 'q_diag',
  subjectId: 's',
  score: 1,
  topics,
  levels: new Map([
    ['a', 0.9],
    ['b', 0.8],
    ['c', 0.5],
  ]),
  assessed: new Set(['a', 'b', 'c']),
  studied: new Set(['a', 'b', 'c']),
  ...over,
});

describe('gating', () => {
  it('passes at 0.6 for diagnostics and 0.7 for the post test', () => {
    expect(gate(input({ score: 0.6 })).gating.passed).toBe(true);
    expect(gate(input({ score: 0.59 })).gating.passed).toBe(false);
    expect(gate(input({ kind: 'q_final', score: 0.69 })).gating.passed).toBe(false);
    expect(gate(input({ kind: 'q_final', score: 0.7 })).gating.passed).toBe(true);
  });

  it('unlocks the modules whose every topic is above 0.7, and tags them', () => {
    const r = gate(input({}));
    expect(r.gating.unlockModules).toEqual(['m1']);
    expect(r.gating.tagUser).toEqual(['s:diagnostic-done', 's:diagnostic-passed', 's:m1-mastered']);
  });

  it('recommends review of assessed topics below 0.3 only, and the next step follows the rules', () => {
    const weak = gate(
      input({
        levels: new Map([
          ['a', 0.1],
          ['b', 0.2],
          ['c', 0.25],
        ]),
        assessed: new Set(['a', 'c']),
      }),
    );
    expect(weak.gating.recommendReview).toEqual(['A', 'C']);
    expect(weak.nextStep).toEqual({ type: 'review', skills: ['A', 'C'] });
    expect(gate(input({})).nextStep).toEqual({ type: 'post_test', skills: ['A', 'B'] });
    expect(gate(input({ kind: 'q_final' })).nextStep.type).toBe('advance');
    expect(gate(input({ score: 0.2 })).nextStep).toEqual({ type: 'practice', skills: ['C'] });
  });

  it('recommends no review of a topic never studied; a diagnostic with a placement says what to learn', () => {
    const weak = new Map([
      ['a', 0.1],
      ['b', 0.2],
      ['c', 0.25],
    ]);
    // a diagnostic taken first: nothing studied, nothing to review
    const first = gate(input({ levels: weak, studied: new Set(), learnNext: ['A', 'B'] }));
    expect(first.gating.recommendReview).toEqual([]);
    expect(first.nextStep).toEqual({ type: 'learn', skills: ['A', 'B'] });
    // studied and weak: review comes first
    const studied = gate(input({ levels: weak, studied: new Set(['b']), learnNext: ['A'] }));
    expect(studied.gating.recommendReview).toEqual(['B']);
    expect(studied.nextStep).toEqual({ type: 'review', skills: ['B'] });
    // the post test keeps its steps
    expect(gate(input({ kind: 'q_final', learnNext: ['A'] })).nextStep.type).toBe('advance');
  });

  it('cooldowns: diagnostic 1 h, clinician 24 h, post test 24 h after a fail and none after a pass', () => {
    expect(cooldownHours('q_diag', false)).toBe(1);
    expect(cooldownHours('q_diag_clinician', true)).toBe(24);
    expect(cooldownHours('q_final', false)).toBe(24);
    expect(cooldownHours('q_final', true)).toBe(0);
  });
});
