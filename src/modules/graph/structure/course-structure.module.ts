import { Module } from '@nestjs/common';
import { CourseStructureRepository } from './course-structure.repository';
import { TopicReader } from './topic-reader.service';

/**
 * The graph's course structure as other modules read it. It imports nothing, so catalog, auth and
 * assessment can depend on it while the graph module itself depends on them.
 */
@Module({
  providers: [CourseStructureRepository, TopicReader],
  exports: [TopicReader],
})
export class CourseStructureModule {}
