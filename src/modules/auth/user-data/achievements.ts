import type { TagSource } from '../entities/user-tag.entity';

/** What a tag a learner sees stands for (docs/learning-loop-api.md §7). */
export type AchievementKind = 'post_test_passed' | 'module_mastered' | 'staff';

export interface Achievement {
  tag: string;
  /** readable: "Anatomy & Foundations mastered", "Vagus Nerve post test passed", or a staff tag as written */
  label: string;
  subjectId: string | null;
  kind: AchievementKind;
}

/** How tags name courses and modules: null for an unknown course (a module without a title keeps its id). */
export interface TagNames {
  subjectName(subjectId: string): string | null;
  moduleTitle(subjectId: string, moduleId: string): string | null;
}

const MASTERED = '-mastered';
const POST_TEST_PASSED = 'post-test-passed';

/** The course a `<subject>:<what>` tag is about, and what; null for a tag of another form. */
export function parseTag(tag: string): { subjectId: string; what: string } | null {
  const at = tag.indexOf(':');
  if (at <= 0 || at === tag.length - 1) return null;
  return { subjectId: tag.slice(0, at), what: tag.slice(at + 1) };
}

/**
 * Whether gating's tag is an achievement the learner sees: a post test passed (`<subject>:post-test-passed`)
 * or a module mastered (`<subject>:<module>-mastered`). A diagnostic's outcome or a post test taken is
 * bookkeeping: staff-only.
 */
export function isAchievementTag(tag: string): boolean {
  const parsed = parseTag(tag);
  if (!parsed) return false;
  return parsed.what === POST_TEST_PASSED || (parsed.what.endsWith(MASTERED) && parsed.what.length > MASTERED.length);
}

/** A learner-visible tag, readable: gating's achievements by their course and module names, staff's as written. */
export function achievementOf(row: { tag: string; source: TagSource }, names: TagNames): Achievement {
  const parsed = row.source === 'gating' && isAchievementTag(row.tag) ? parseTag(row.tag) : null;
  const subject = parsed ? names.subjectName(parsed.subjectId) : null;
  if (parsed && subject !== null) {
    if (parsed.what === POST_TEST_PASSED)
      return {
        tag: row.tag,
        label: `${subject} post test passed`,
        subjectId: parsed.subjectId,
        kind: 'post_test_passed',
      };
    const moduleId = parsed.what.slice(0, -MASTERED.length);
    return {
      tag: row.tag,
      label: `${names.moduleTitle(parsed.subjectId, moduleId) ?? moduleId} mastered`,
      subjectId: parsed.subjectId,
      kind: 'module_mastered',
    };
  }
  return { tag: row.tag, label: row.tag, subjectId: null, kind: 'staff' };
}
