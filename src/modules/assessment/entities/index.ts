import { QuizItem } from './quiz-item.entity';

export { QuizItem };
export type { QuizChoice } from './quiz-item.entity';
export const ASSESSMENT_ENTITIES = [QuizItem];
