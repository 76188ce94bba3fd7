import type { NextStepType, QuizPageKind } from '../../api';

export const QUIZ_TITLES: Record<QuizPageKind, string> = {
  diag: 'Diagnostic',
  final: 'Post Test',
  'diag-clinician': 'Clinician Diagnostic',
};

export const ACCESS_RESTRICTED_TITLE = 'Access restricted';
/** the page's own heading when the start is refused (the toast says 'Access restricted') */
export const UNAVAILABLE_TITLE = 'This assessment is not available right now';
export const ACCESS_RESTRICTED_TEXT =
  'Access to this assessment is restricted. If you believe this is an error, please contact an administrator.';

export const NEXT_STEP_LABELS: Record<NextStepType, string> = {
  practice: 'Practice',
  review: 'Review',
  advance: 'Advance',
  post_test: 'Post Test',
  learn: 'Learn',
};
