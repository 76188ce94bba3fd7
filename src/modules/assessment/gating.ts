import type { QuizKind } from './entities';

/** Thresholds of gating; README "Adaptive diagnostics and gating" explains them. */
export const PASS_SCORE: Record<QuizKind, number> = { q_diag: 0.6, q_diag_clinician: 0.6, q_final: 0.7 };
/** a module unlocks when every one of its topics is above this (the spec's "Mastered") */
export const MASTERED = 0.7;
/** topics assessed below this are recommended for review (the spec's low band) */
export const REVIEW_BELOW = 0.3;
export const MAX_REVIEW = 5;
export const MAX_SKILLS = 5;

export function cooldownHours(kind: QuizKind, passed: boolean): number {
  if (kind === 'q_diag') return 1;
  if (kind === 'q_diag_clinician') return 24;
  return passed ? 0 : 24;
}

export interface GateTopic {
  id: string;
  title: string;
  moduleId: string;
}

export interface GateInput {
  kind: QuizKind;
  subjectId: string;
  score: number;
  /** topics in reading order */
  topics: GateTopic[];
  /** P(known) of every topic after this attempt */
  levels: Map<string, number>;
  /** topics this attempt gave evidence on: asked, or classified by propagation */
  assessed: Set<string>;
  /** topics the learner studied before this attempt (a check answer or a practice answer): only these are reviewed */
  studied: Set<string>;
  /** a diagnostic's placement: what to learn next (ready topics' titles); its next step is to learn them */
  learnNext?: string[];
}

export type NextStepType = 'practice' | 'review' | 'advance' | 'post_test' | 'learn';

export interface GateResult {
  nextStep: { type: NextStepType; skills: string[] };
  gating: {
    passed: boolean;
    unlockModules: string[];
    tagUser: string[];
    recommendReview: string[];
    cooldownHours: number;
  };
}

/** Turns an attempt's score and the learner's mastery into unlocks, tags, review and the next step. Pure. */
export function gate(g: GateInput): GateResult {
  const passed = g.score >= PASS_SCORE[g.kind];
  const p = (id: string) => g.levels.get(id) ?? 0;
  const modules = [...new Set(g.topics.map((t) => t.moduleId))];
  const unlockModules = modules.filter((m) =>
    g.topics.filter((t) => t.moduleId === m).every((t) => p(t.id) > MASTERED),
  );

  const tagUser: string[] = [];
  if (g.kind === 'q_diag') tagUser.push(`${g.subjectId}:diagnostic-done`);
  if (g.kind === 'q_diag_clinician') tagUser.push(`${g.subjectId}:clinician-diagnostic-done`);
  if (g.kind !== 'q_final' && passed)
    tagUser.push(`${g.subjectId}:${g.kind === 'q_diag' ? 'diagnostic' : 'clinician-diagnostic'}-passed`);
  if (g.kind === 'q_final') tagUser.push(`${g.subjectId}:post-test-${passed ? 'passed' : 'taken'}`);
  for (const m of unlockModules) tagUser.push(`${g.subjectId}:${m}-mastered`);

  const assessed = g.topics.filter((t) => g.assessed.has(t.id));
  // review is for what was studied and not retained: a topic never studied is to be learnt, not reviewed
  const recommendReview = assessed
    .filter((t) => g.studied.has(t.id) && p(t.id) < REVIEW_BELOW)
    .slice(0, MAX_REVIEW)
    .map((t) => t.title);

  let nextStep: GateResult['nextStep'];
  if (recommendReview.length > 0) nextStep = { type: 'review', skills: recommendReview };
  else if (g.kind !== 'q_final' && g.learnNext) nextStep = { type: 'learn', skills: g.learnNext.slice(0, MAX_SKILLS) };
  else if (g.kind === 'q_final' && passed)
    nextStep = {
      type: 'advance',
      skills: g.topics
        .filter((t) => p(t.id) > MASTERED)
        .slice(0, MAX_SKILLS)
        .map((t) => t.title),
    };
  else if (g.kind !== 'q_final' && passed)
    nextStep = {
      type: 'post_test',
      skills: assessed
        .filter((t) => p(t.id) > MASTERED)
        .slice(0, MAX_SKILLS)
        .map((t) => t.title),
    };
  else {
    const weakest = [...assessed].filter((t) => p(t.id) <= MASTERED).sort((a, b) => p(a.id) - p(b.id));
    nextStep = { type: 'practice', skills: weakest.slice(0, MAX_SKILLS).map((t) => t.title) };
  }
  return {
    nextStep,
    gating: { passed, unlockModules, tagUser, recommendReview, cooldownHours: cooldownHours(g.kind, passed) },
  };
}
