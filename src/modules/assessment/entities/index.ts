import { LearnerActivityDayCount, TopicCompletionDayCount } from './day-count.entity';
import { DiagnosticDay } from './diagnostic-day.entity';
import { LearnerActivity } from './learner-activity.entity';
import { LearnerActivityDay } from './learner-activity-day.entity';
import { LearningAnswer } from './learning-answer.entity';
import { QuizAttempt } from './quiz-attempt.entity';
import { QuizItem } from './quiz-item.entity';
import { QuizItemDraft } from './quiz-item-draft.entity';
import { TopicCompletion } from './topic-completion.entity';
import { UserMastery } from './user-mastery.entity';

export {
  DiagnosticDay,
  LearnerActivity,
  LearnerActivityDay,
  LearnerActivityDayCount,
  LearningAnswer,
  QuizAttempt,
  QuizItem,
  QuizItemDraft,
  TopicCompletion,
  TopicCompletionDayCount,
  UserMastery,
};
export type { StoredDraftItem } from './quiz-item-draft.entity';
export type { QuizChoice, QuizItemUse } from './quiz-item.entity';
export { QUIZ_ITEM_USES } from './quiz-item.entity';
export type { LearningSource } from './learning-answer.entity';
export type { AttemptStatus, QuizKind } from './quiz-attempt.entity';
export const ASSESSMENT_ENTITIES = [
  QuizItem,
  QuizItemDraft,
  UserMastery,
  QuizAttempt,
  LearningAnswer,
  TopicCompletion,
  LearnerActivityDay,
  LearnerActivity,
  LearnerActivityDayCount,
  TopicCompletionDayCount,
  DiagnosticDay,
];
