import { Module } from '@nestjs/common';
import { AssessmentModule } from '../../assessment/assessment.module';
import { CatalogModule } from '../../catalog/catalog.module';
import { ChallengeContentModule } from '../../challenges/content/challenge-content.module';
import { GraphContentModule } from '../../graph/content/graph-content.module';
import { MediaModule } from '../../media/media.module';
import { ContentMigrationService } from './content-migration.service';

/** The content migration logic, shared by the worker (the job) and the first-start CLI. */
@Module({
  imports: [CatalogModule, GraphContentModule, AssessmentModule, MediaModule, ChallengeContentModule],
  providers: [ContentMigrationService],
  exports: [ContentMigrationService],
})
export class ContentMigrationModule {}
