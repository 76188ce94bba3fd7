/**
 * The learning path (README "Learning path", docs/learning-loop-api.md §2 and §7), pure:
 * - a topic's *check* is passed when more than half of its check items have a right **first** answer;
 * - a topic is *complete* when its check is passed or its level is at least 0.7 (without check items: by level only);
 * - a module is *open* when it is the first, when the module before it is mastered (every live topic of it
 *   above 0.7 now, or a gating unlock of it: a test once showed it mastered), or when staff unlocked it;
 * - a topic is *ready* when it is not complete, every prerequisite is complete and its module is open;
 * - *next* after a topic is the first ready topic after it in reading order, else the first one before it; the
 *   post test when every topic is complete; practice (with the lock's reason) when none is ready.
 */

/** A topic is complete from this level on (the spec's "Mastered" stays above 0.7). */
export const COMPLETE_LEVEL = 0.7;
/** A module's topics must all be above this for it to count as mastered (gating's MASTERED). */
export const MODULE_MASTERED = 0.7;

/** A topic's check: its check items, how many have a first answer, how many of those were right. */
export interface CheckProgress {
  total: number;
  answered: number;
  correct: number;
  passed: boolean;
}

/** The check of a topic from the first answer of each of its check items (null: not answered yet). */
export function checkProgress(firstAnswers: ({ correct: boolean } | null)[]): CheckProgress {
  const total = firstAnswers.length;
  const answered = firstAnswers.filter((a) => a !== null).length;
  const correct = firstAnswers.filter((a) => a?.correct).length;
  return { total, answered, correct, passed: checkPassed({ total, correct }) };
}

/** More than half of the check items answered right the first time (2 of 2, 2 of 3); never without items. */
export function checkPassed(c: { total: number; correct: number }): boolean {
  return c.total > 0 && c.correct * 2 > c.total;
}

export function isComplete(level: number, check: { total: number; correct: number } | undefined): boolean {
  return (check ? checkPassed(check) : false) || level >= COMPLETE_LEVEL;
}

export interface PathTopicInput {
  id: string;
  title: string;
  moduleId: string;
  prerequisites: string[];
}

export interface PathModuleInput {
  id: string;
  title: string;
}

export type UnlockSource = 'gating' | 'staff';

export interface PathInput {
  /** live topics in reading order */
  topics: PathTopicInput[];
  /** the course's modules in order */
  modules: PathModuleInput[];
  /** P(known) per topic; missing: 0 */
  levels: Map<string, number>;
  /** the check per topic; missing: no check items */
  checks: Map<string, { total: number; answered: number; correct: number }>;
  unlocks: { moduleId: string; source: UnlockSource }[];
  /** the topic just finished (an unknown id is ignored) */
  after?: string;
}

export type OpenedBy = 'first' | 'mastery' | 'unlock' | null;

export interface PathModule {
  id: string;
  title: string;
  locked: boolean;
  /** why it is locked; null when open */
  reason: string | null;
  openedBy: OpenedBy;
}

export interface PathTopic {
  id: string;
  title: string;
  moduleId: string;
  level: number;
  complete: boolean;
  ready: boolean;
}

export type PathNext =
  | { type: 'topic'; topic: { id: string; title: string } }
  | { type: 'post_test'; quiz: 'q_final' }
  | { type: 'practice'; reason: string };

export interface LearningPath {
  complete: number;
  total: number;
  topics: PathTopic[];
  modules: PathModule[];
  next: PathNext;
}

export const lockReason = (previousTitle: string) => `Master “${previousTitle}” to open this module`;
export const NOTHING_READY = 'No topic is ready yet: practise the topics you have started to complete them';

const round = (x: number) => Math.round(x * 1000) / 1000;

/** Each module's lock: open when first, when the module before it is mastered, or when staff unlocked it. */
export function moduleStates(input: Pick<PathInput, 'topics' | 'modules' | 'levels' | 'unlocks'>): PathModule[] {
  const level = (id: string) => input.levels.get(id) ?? 0;
  const gating = new Set(input.unlocks.filter((u) => u.source === 'gating').map((u) => u.moduleId));
  const staff = new Set(input.unlocks.filter((u) => u.source === 'staff').map((u) => u.moduleId));
  const mastered = (moduleId: string) =>
    gating.has(moduleId) ||
    input.topics.filter((t) => t.moduleId === moduleId).every((t) => level(t.id) > MODULE_MASTERED);
  return input.modules.map((m, i) => {
    const previous = input.modules[i - 1];
    const openedBy: OpenedBy =
      i === 0 ? 'first' : mastered(previous.id) ? 'mastery' : staff.has(m.id) ? 'unlock' : null;
    return {
      id: m.id,
      title: m.title,
      locked: openedBy === null,
      reason: openedBy === null ? lockReason(previous.title) : null,
      openedBy,
    };
  });
}

/** Complete, ready and next over a course's live topics. */
export function learningPath(input: PathInput): LearningPath {
  const modules = moduleStates(input);
  const moduleById = new Map(modules.map((m) => [m.id, m]));
  const level = (id: string) => input.levels.get(id) ?? 0;
  const live = new Set(input.topics.map((t) => t.id));
  const complete = new Set(
    input.topics.filter((t) => isComplete(level(t.id), input.checks.get(t.id))).map((t) => t.id),
  );
  // a topic of a module the course does not list is treated as open
  const open = (t: PathTopicInput) => !moduleById.get(t.moduleId)?.locked;
  const topics: PathTopic[] = input.topics.map((t) => ({
    id: t.id,
    title: t.title,
    moduleId: t.moduleId,
    level: round(level(t.id)),
    complete: complete.has(t.id),
    ready: !complete.has(t.id) && open(t) && t.prerequisites.filter((p) => live.has(p)).every((p) => complete.has(p)),
  }));

  let next: PathNext;
  const at = input.after ? topics.findIndex((t) => t.id === input.after) : -1;
  const ordered = at >= 0 ? [...topics.slice(at + 1), ...topics.slice(0, at)] : topics;
  const first = ordered.find((t) => t.ready);
  if (first) next = { type: 'topic', topic: { id: first.id, title: first.title } };
  else if (topics.every((t) => t.complete)) next = { type: 'post_test', quiz: 'q_final' };
  else {
    const blocked = topics.find((t) => !t.complete && moduleById.get(t.moduleId)?.locked);
    next = { type: 'practice', reason: blocked ? moduleById.get(blocked.moduleId)!.reason! : NOTHING_READY };
  }
  return { complete: complete.size, total: topics.length, topics, modules, next };
}
