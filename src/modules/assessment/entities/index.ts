import { QuizAttempt } from './quiz-attempt.entity';
import { QuizItem } from './quiz-item.entity';
import { UserMastery } from './user-mastery.entity';

export { QuizAttempt, QuizItem, UserMastery };
export type { QuizChoice } from './quiz-item.entity';
export type { QuizKind } from './quiz-attempt.entity';
export const ASSESSMENT_ENTITIES = [QuizItem, UserMastery, QuizAttempt];
