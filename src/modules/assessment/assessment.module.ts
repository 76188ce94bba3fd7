import { Module } from '@nestjs/common';
import { LearningStatsRepository } from './learning-stats.repository';
import { LearningStatsService } from './learning-stats.service';
import { UserDataModule } from '../auth/user-data/user-data.module';
import { CatalogModule } from '../catalog/catalog.module';
import { CourseStructureModule } from '../graph/structure/course-structure.module';
import { AchievementsController } from './achievements.controller';
import { AchievementsService } from './achievements.service';
import { AssessmentContentRepository } from './assessment-content.repository';
import { AssessmentContentService } from './assessment-content.service';
import { CheckService } from './check.service';
import { LearningAnswersRepository } from './learning-answers.repository';
import { LearningPathService } from './learning-path.service';
import { LearningController } from './learning.controller';
import { MasteryRepository } from './mastery.repository';
import { MasteryService } from './mastery.service';
import { QuizDraftsRepository } from './quiz-drafts.repository';
import { QuizDraftsService } from './quiz-drafts.service';
import { QuizItemsService } from './quiz-items.service';
import { QuizController } from './quiz.controller';
import { QuizRepository } from './quiz.repository';
import { QuizService } from './quiz.service';

@Module({
  imports: [CatalogModule, CourseStructureModule, UserDataModule],
  controllers: [QuizController, LearningController, AchievementsController],
  providers: [
    AchievementsService,
    AssessmentContentRepository,
    AssessmentContentService,
    MasteryRepository,
    MasteryService,
    QuizRepository,
    QuizService,
    QuizItemsService,
    QuizDraftsRepository,
    QuizDraftsService,
    LearningAnswersRepository,
    LearningPathService,
    CheckService,
    LearningStatsRepository,
    LearningStatsService,
  ],
  exports: [
    AssessmentContentService,
    MasteryService,
    QuizItemsService,
    QuizDraftsService,
    LearningPathService,
    LearningStatsService,
  ],
})
export class AssessmentModule {}
