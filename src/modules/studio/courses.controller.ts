import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Roles } from '../../common/decorators/roles.decorator';
import { CatalogService } from '../catalog/catalog.service';
import { PublishCourseDto } from '../catalog/dto/catalog.dto';

/** Studio → Subjects: which courses the shop shows. */
@ApiTags('studio')
@ApiBearerAuth()
@Roles('studio')
@Controller('admin/courses')
export class CoursesController {
  constructor(private readonly catalog: CatalogService) {}

  @Get()
  list() {
    return this.catalog.listCourses();
  }

  @Post('publish')
  @HttpCode(200)
  publish(@Body() dto: PublishCourseDto) {
    return this.catalog.setPublished(dto.subjectId, dto.published);
  }
}
