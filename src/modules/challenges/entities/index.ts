import { ChallengeDay } from './challenge-day.entity';
import { Certificate } from './certificate.entity';
import { CertificateSigningKey } from './certificate-signing-key.entity';
import { Challenge } from './challenge.entity';
import { ChallengeDayProgress } from './challenge-day-progress.entity';
import { ChallengeEnrollment } from './challenge-enrollment.entity';
import { ChallengeSubmission } from './challenge-submission.entity';

export { Challenge, ChallengeDay };
export { ChallengeDayProgress, ChallengeEnrollment, ChallengeSubmission };
export type { ProjectGrader, ProjectStatus } from './challenge-day-progress.entity';
export type { SubmissionStatus } from './challenge-submission.entity';
export { expectedFieldNames, expectedFields } from './challenge-day.entity';
export type {
  ChallengeDayLesson,
  ChallengeExpectedField,
  ChallengeMicroProject,
  ChallengeQuizItem,
  ChallengeRubric,
} from './challenge-day.entity';
export const CHALLENGE_ENTITIES = [
  Challenge,
  ChallengeDay,
  ChallengeEnrollment,
  ChallengeDayProgress,
  ChallengeSubmission,
  Certificate,
  CertificateSigningKey,
];
