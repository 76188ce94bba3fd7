import { PracticeCard } from './practice-card.entity';
import { PracticeReview } from './practice-review.entity';

export { PracticeCard, PracticeReview };
export const PRACTICE_ENTITIES = [PracticeCard, PracticeReview];
