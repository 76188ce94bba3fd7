import { Module } from '@nestjs/common';
import { AssessmentModule } from '../assessment/assessment.module';
import { AuthModule } from '../auth/auth.module';
import { CatalogModule } from '../catalog/catalog.module';
import { ChallengesModule } from '../challenges/challenges.module';
import { JobsModule } from '../jobs/jobs.module';
import { OwnerDashboardController } from './owner-dashboard.controller';
import { OwnerDashboardService } from './owner-dashboard.service';

/**
 * The owner's dashboard. It owns no table and runs no SQL: each figure is computed by the module that owns
 * its tables, through that module's exported stats service.
 */
@Module({
  imports: [AuthModule, AssessmentModule, CatalogModule, ChallengesModule, JobsModule],
  controllers: [OwnerDashboardController],
  providers: [OwnerDashboardService],
})
export class OwnerDashboardModule {}
