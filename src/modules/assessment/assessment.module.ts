import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module';
import { AssessmentContentRepository } from './assessment-content.repository';
import { AssessmentContentService } from './assessment-content.service';
import { MasteryRepository } from './mastery.repository';
import { MasteryService } from './mastery.service';
import { QuizController } from './quiz.controller';
import { QuizRepository } from './quiz.repository';
import { QuizService } from './quiz.service';

@Module({
  imports: [CatalogModule],
  controllers: [QuizController],
  providers: [AssessmentContentRepository, AssessmentContentService, MasteryRepository, MasteryService, QuizRepository, QuizService],
  exports: [AssessmentContentService, MasteryService],
})
export class AssessmentModule {}
