import { Module } from '@nestjs/common';
import { AssessmentModule } from '../assessment/assessment.module';
import { CatalogModule } from '../catalog/catalog.module';
import { MediaModule } from '../media/media.module';
import { BookmarksController } from './bookmarks.controller';
import { BookmarksRepository } from './bookmarks.repository';
import { BookmarksService } from './bookmarks.service';
import { GraphController } from './graph.controller';
import { GraphRepository } from './graph.repository';
import { GraphService } from './graph.service';
import { NotesController } from './notes.controller';
import { NotesRepository } from './notes.repository';
import { NotesService } from './notes.service';
import { CourseStructureModule } from './structure/course-structure.module';
import { VersionsModule } from './versions/versions.module';

@Module({
  imports: [VersionsModule, AssessmentModule, CatalogModule, CourseStructureModule, MediaModule],
  controllers: [GraphController, NotesController, BookmarksController],
  providers: [GraphRepository, GraphService, NotesRepository, NotesService, BookmarksRepository, BookmarksService],
})
export class GraphModule {}
