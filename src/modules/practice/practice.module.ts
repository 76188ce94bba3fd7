import { Module } from '@nestjs/common';
import { AssessmentModule } from '../assessment/assessment.module';
import { CourseStructureModule } from '../graph/structure/course-structure.module';
import { CLOCK, systemClockProvider } from './clock';
import { PracticeController } from './practice.controller';
import { PracticeRepository } from './practice.repository';
import { PracticeService } from './practice.service';

/** Spaced-repetition practice (FSRS). */
@Module({
  imports: [AssessmentModule, CourseStructureModule],
  controllers: [PracticeController],
  providers: [systemClockProvider, PracticeRepository, PracticeService],
  exports: [PracticeService, CLOCK],
})
export class PracticeModule {}
