import { QuizAttempt } from './quiz-attempt.entity';
import { QuizItem } from './quiz-item.entity';
import { QuizItemDraft } from './quiz-item-draft.entity';
import { UserMastery } from './user-mastery.entity';

export { QuizAttempt, QuizItem, QuizItemDraft, UserMastery };
export type { StoredDraftItem } from './quiz-item-draft.entity';
export type { QuizChoice } from './quiz-item.entity';
export type { AttemptStatus, QuizKind } from './quiz-attempt.entity';
export const ASSESSMENT_ENTITIES = [QuizItem, QuizItemDraft, UserMastery, QuizAttempt];
