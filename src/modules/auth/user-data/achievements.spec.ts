import { achievementOf, isAchievementTag, parseTag, type TagNames } from './achievements';

const names: TagNames = {
  subjectName: (id) => ({ 'vagus-nerve': 'Vagus Nerve' })[id] ?? null,
  moduleTitle: (subjectId, id) =>
    subjectId === 'vagus-nerve' ? ({ foundations: 'Anatomy & Foundations' }[id] ?? null) : null,
};

describe('achievements', () => {
  it('parses <subject>:<what> tags only', () => {
    expect(parseTag('vagus-nerve:post-test-passed')).toEqual({ subjectId: 'vagus-nerve', what: 'post-test-passed' });
    expect(parseTag('cohort-nov-2026')).toBeNull();
    expect(parseTag(':x')).toBeNull();
    expect(parseTag('x:')).toBeNull();
  });

  it("counts a post test passed and a module mastered as achievements, not a diagnostic's outcome", () => {
    expect(isAchievementTag('vagus-nerve:post-test-passed')).toBe(true);
    expect(isAchievementTag('vagus-nerve:foundations-mastered')).toBe(true);
    expect(isAchievementTag('vagus-nerve:diagnostic-passed')).toBe(false);
    expect(isAchievementTag('vagus-nerve:diagnostic-done')).toBe(false);
    expect(isAchievementTag('vagus-nerve:post-test-taken')).toBe(false);
    expect(isAchievementTag('vagus-nerve:-mastered')).toBe(false);
    expect(isAchievementTag('refund-risk')).toBe(false);
  });

  it("labels gating's achievements by the course's and module's names", () => {
    expect(achievementOf({ tag: 'vagus-nerve:post-test-passed', source: 'gating' }, names)).toEqual({
      tag: 'vagus-nerve:post-test-passed',
      label: 'Vagus Nerve post test passed',
      subjectId: 'vagus-nerve',
      kind: 'post_test_passed',
    });
    expect(achievementOf({ tag: 'vagus-nerve:foundations-mastered', source: 'gating' }, names)).toEqual({
      tag: 'vagus-nerve:foundations-mastered',
      label: 'Anatomy & Foundations mastered',
      subjectId: 'vagus-nerve',
      kind: 'module_mastered',
    });
    // a module that has gone keeps its id
    expect(achievementOf({ tag: 'vagus-nerve:retired-mastered', source: 'gating' }, names).label).toBe(
      'retired mastered',
    );
  });

  it('shows a staff tag as staff wrote it, even one shaped like an achievement', () => {
    expect(achievementOf({ tag: 'cohort-nov-2026', source: 'staff' }, names)).toEqual({
      tag: 'cohort-nov-2026',
      label: 'cohort-nov-2026',
      subjectId: null,
      kind: 'staff',
    });
    expect(achievementOf({ tag: 'vagus-nerve:post-test-passed', source: 'staff' }, names).kind).toBe('staff');
    // a course that does not exist: not an achievement
    expect(achievementOf({ tag: 'gone:post-test-passed', source: 'gating' }, names).kind).toBe('staff');
  });
});
