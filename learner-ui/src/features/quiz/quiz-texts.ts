import type { NextStepType, QuizPageKind } from '../../api';

export const QUIZ_TITLES: Record<QuizPageKind, string> = {
  diag: 'Diagnostic',
  final: 'Post Test',
  'diag-clinician': 'Clinician Diagnostic',
};

export const ACCESS_RESTRICTED_TITLE = 'Access restricted';
export const ACCESS_RESTRICTED_TEXT =
  'Access to this assessment is restricted. If you believe this is an error, please contact an administrator.';

export const NEXT_STEP_LABELS: Record<NextStepType, string> = {
  practice: 'Practice',
  review: 'Review',
  advance: 'Advance',
  post_test: 'Post Test',
};
