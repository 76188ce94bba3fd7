import { Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { type AuthUser, CurrentUser } from '../../common/decorators/current-user.decorator';
import { Roles } from '../../common/decorators/roles.decorator';
import { contentRange, parseRaListQuery } from '../../common/http/ra-list';
import {
  JOB_LIST,
  JobDetailResponse,
  JobIdParam,
  JobListQueryDto,
  JobResponse,
  toJobDetailResponse,
  toJobResponse,
} from './dto/jobs.dto';
import { JobControlService } from './job-control.service';

/**
 * Studio → Jobs: the generation jobs (content migration, crawl, bulk speech, video rendering), a
 * react-admin resource (`jobs`) in the ra-data-simple-rest dialect, with Retry and Cancel (both audited).
 */
@ApiTags('studio')
@ApiBearerAuth()
@Roles('studio')
@Controller('admin/jobs')
export class JobsController {
  constructor(private readonly control: JobControlService) {}

  @Get()
  @ApiOkResponse({
    type: [JobResponse],
    description: 'newest first; with a `Content-Range: jobs <first>-<last>/<total>` header',
  })
  async list(@Query() dto: JobListQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<JobResponse[]> {
    const query = parseRaListQuery(JOB_LIST, dto);
    const { rows, total } = await this.control.list(query);
    void reply.header('Content-Range', contentRange(JOB_LIST.resource, query.range.start, rows.length, total));
    return rows.map(toJobResponse);
  }

  @Get(':id')
  @ApiOkResponse({ type: JobDetailResponse })
  async get(@Param() { id }: JobIdParam): Promise<JobDetailResponse> {
    return toJobDetailResponse(await this.control.get(id));
  }

  /** A failed or cancelled job runs again with the same input (409 while it runs or after success). */
  @Post(':id/retry')
  @HttpCode(200)
  @ApiOkResponse({ type: JobResponse })
  async retry(@Param() { id }: JobIdParam, @CurrentUser() user: AuthUser): Promise<JobResponse> {
    return toJobResponse(await this.control.retry(id, user.id));
  }

  /** A queued job is taken off its queue; a running one stops through its abort signal (409 once ended). */
  @Post(':id/cancel')
  @HttpCode(200)
  @ApiOkResponse({ type: JobResponse })
  async cancel(@Param() { id }: JobIdParam, @CurrentUser() user: AuthUser): Promise<JobResponse> {
    return toJobResponse(await this.control.cancel(id, user.id));
  }
}
