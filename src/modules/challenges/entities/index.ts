import { ChallengeDay } from './challenge-day.entity';
import { Challenge } from './challenge.entity';

export { Challenge, ChallengeDay };
export type {
  ChallengeDayLesson,
  ChallengeMicroProject,
  ChallengeQuizItem,
  ChallengeRubric,
} from './challenge-day.entity';
export const CHALLENGE_ENTITIES = [Challenge, ChallengeDay];
