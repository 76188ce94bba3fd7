import { Module } from '@nestjs/common';
import { testClockEnabled } from '../../config/config';
import { AuditModule } from '../audit/audit.module';
import { CatalogModule } from '../catalog/catalog.module';
import { AnalyticsController } from './analytics.controller';
import { CertificatesModule } from './certificates/certificates.module';
import { ChallengeCatalogService } from './challenge-catalog.service';
import { ChallengeStatsRepository } from './challenge-stats.repository';
import { ChallengeStatsService } from './challenge-stats.service';
import { CHALLENGE_CLOCK, challengeClockProvider } from './challenge-clock';
import { ChallengeCompletionService } from './challenge-completion.service';
import { ChallengeProgressService } from './challenge-progress.service';
import { ChallengesController } from './challenges.controller';
import { ChallengesRepository } from './challenges.repository';
import { MeChallengesController } from './me-challenges.controller';
import { ProjectAssessor } from './project-assessor.service';
import { ReviewController } from './review.controller';
import { ReviewService } from './review.service';
import { TestClockController } from './test-clock.controller';

/**
 * Challenges: enrolment, day content, progress, quiz and project grading, the Studio's
 * review queue and analytics. Certificates are their own module, called through CertificatesService.
 * The test clock's route exists only when TEST_CLOCK asks for it (decided when this module is declared).
 */
@Module({
  imports: [CatalogModule, CertificatesModule, AuditModule],
  controllers: [
    ChallengesController,
    MeChallengesController,
    ReviewController,
    AnalyticsController,
    ...(testClockEnabled() ? [TestClockController] : []),
  ],
  providers: [
    challengeClockProvider,
    ChallengesRepository,
    ChallengeCatalogService,
    ChallengeCompletionService,
    ChallengeProgressService,
    ProjectAssessor,
    ReviewService,
    ChallengeStatsRepository,
    ChallengeStatsService,
  ],
  exports: [CHALLENGE_CLOCK, ChallengeStatsService],
})
export class ChallengesModule {}
