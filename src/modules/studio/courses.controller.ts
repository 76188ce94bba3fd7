import { BadRequestException, Body, Controller, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiResponseProperty, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { type AuthUser, CurrentUser } from '../../common/decorators/current-user.decorator';
import { Roles } from '../../common/decorators/roles.decorator';
import { contentRange, parseRaListQuery } from '../../common/http/ra-list';
import { CatalogService } from '../catalog/catalog.service';
import { PublishCourseDto } from '../catalog/dto/catalog.dto';
import {
  COURSE_LIST,
  CourseIdParam,
  CourseListQueryDto,
  CourseResponse,
  toCourseResponse,
  UpdateCourseDto,
} from './dto/courses.dto';

class PublishCourseResponse {
  @ApiResponseProperty() subjectId!: string;
  @ApiResponseProperty() published!: boolean;
}

/**
 * Studio → Subjects: which courses the shop shows. A react-admin resource (`courses`) in the
 * ra-data-simple-rest dialect; the id of a course is its subject's id.
 */
@ApiTags('studio')
@ApiBearerAuth()
@Roles('studio')
@Controller('admin/courses')
export class CoursesController {
  constructor(private readonly catalog: CatalogService) {}

  @Get()
  @ApiOkResponse({
    type: [CourseResponse],
    description: 'with a `Content-Range: courses <first>-<last>/<total>` header',
  })
  async list(
    @Query() dto: CourseListQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<CourseResponse[]> {
    const { sort, range, filter } = parseRaListQuery(COURSE_LIST, dto);
    const { courses, total } = await this.catalog.listCourses({
      sort: sort.field,
      order: sort.order,
      offset: range.start,
      limit: range.limit,
      published: filter.published,
      q: filter.q,
      ids: filter.id,
    });
    void reply.header('Content-Range', contentRange(COURSE_LIST.resource, range.start, courses.length, total));
    return courses.map(toCourseResponse);
  }

  @Get(':id')
  @ApiOkResponse({ type: CourseResponse })
  async get(@Param() { id }: CourseIdParam): Promise<CourseResponse> {
    return toCourseResponse(await this.catalog.getCourse(id));
  }

  @Put(':id')
  @ApiOkResponse({ type: CourseResponse })
  async update(
    @Param() { id }: CourseIdParam,
    @Body() dto: UpdateCourseDto,
    @CurrentUser() user: AuthUser,
  ): Promise<CourseResponse> {
    for (const key of ['id', 'subjectId'] as const) {
      if (dto[key] !== undefined && dto[key] !== id)
        throw new BadRequestException(`${key} must match the course in the path`);
    }
    return toCourseResponse(await this.catalog.setPublished(id, dto.published, user.id));
  }

  /** The spec's call (body `{ subjectId, published }`), kept beside the resource's PUT. */
  @Post('publish')
  @HttpCode(200)
  @ApiOkResponse({ type: PublishCourseResponse })
  async publish(@Body() dto: PublishCourseDto, @CurrentUser() user: AuthUser): Promise<PublishCourseResponse> {
    const course = await this.catalog.setPublished(dto.subjectId, dto.published, user.id);
    return { subjectId: course.subjectId, published: course.published };
  }
}
