import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { raListQueryDto, type RaListSpec } from '../../../common/http/ra-list';
import type { CourseVisibility } from '../../catalog/catalog.service';

export const COURSE_SORT_FIELDS = ['position', 'id', 'subjectId', 'title', 'published'] as const;
export type CourseSortField = (typeof COURSE_SORT_FIELDS)[number];

const COURSE_FILTERS = { published: 'boolean', q: 'string', id: 'ids' } as const;

/** What `GET /api/admin/courses` sorts and filters by. `position` is the shop's order. */
export const COURSE_LIST: RaListSpec<CourseSortField, typeof COURSE_FILTERS> = {
  resource: 'courses',
  sortFields: COURSE_SORT_FIELDS,
  defaultSort: { field: 'position', order: 'ASC' },
  filters: COURSE_FILTERS,
  maxPageSize: 100,
};

/** The query of `GET /api/admin/courses`. */
export class CourseListQueryDto extends raListQueryDto({
  sortFields: COURSE_SORT_FIELDS,
  sortExample: '["subjectId","ASC"]',
  filter: 'published (boolean), q (part of the id or title), id (list of subject ids)',
  filterExample: '{"published":true}',
  maxPageSize: COURSE_LIST.maxPageSize,
}) {}

export class CourseIdParam {
  @ApiProperty({ description: 'the subject id', example: 'ai-user' })
  @IsString()
  @MinLength(1)
  @MaxLength(200, { message: 'not a subject id' })
  id!: string;
}

/**
 * `PUT /api/admin/courses/:id`. react-admin may send the whole record back, so `id` and `subjectId`
 * are accepted but must name the subject in the path.
 */
export class UpdateCourseDto {
  @ApiProperty({ description: 'whether the shop lists the course' })
  @IsBoolean({ message: 'published must be true or false' })
  published!: boolean;

  @ApiPropertyOptional({ description: 'ignored; must equal the id in the path when sent' })
  @IsOptional()
  @IsString({ message: 'id must be a string' })
  @MaxLength(200)
  id?: string;

  @ApiPropertyOptional({ description: 'ignored; must equal the id in the path when sent' })
  @IsOptional()
  @IsString({ message: 'subjectId must be a string' })
  @MaxLength(200)
  subjectId?: string;

  @ApiPropertyOptional({ description: 'ignored (read-only)' })
  @IsOptional()
  @IsString({ message: 'title must be a string' })
  @MaxLength(500)
  title?: string;
}

export class CourseResponse {
  @ApiProperty({ description: 'the subject id', example: 'ai-user' }) id!: string;
  @ApiProperty({ example: 'ai-user' }) subjectId!: string;
  @ApiProperty({ example: 'AI for Everyday Users' }) title!: string;
  @ApiProperty() published!: boolean;
}

export function toCourseResponse(course: CourseVisibility): CourseResponse {
  return { id: course.subjectId, subjectId: course.subjectId, title: course.title, published: course.published };
}
