import { Body, Controller, Get, Param, Post, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { type AuthUser, CurrentUser } from '../../common/decorators/current-user.decorator';
import { ChallengeCatalogService } from './challenge-catalog.service';
import { ChallengeProgressService } from './challenge-progress.service';
import {
  ChallengeDayParams,
  ChallengeIdParam,
  ChallengeListResponse,
  ChallengeSyllabusResponse,
  DayContentResponse,
  EnrollDto,
  ProgressResponse,
} from './dto/challenges.dto';

/** The challenges, their syllabus and day content, and enrolment (docs/challenges-api.md). */
@ApiTags('challenges')
@ApiBearerAuth()
@Controller('challenges')
export class ChallengesController {
  constructor(
    private readonly catalog: ChallengeCatalogService,
    private readonly progress: ChallengeProgressService,
  ) {}

  @Get()
  @ApiOkResponse({ type: ChallengeListResponse })
  list(): Promise<ChallengeListResponse> {
    return this.catalog.list();
  }

  @Get(':cid')
  @ApiOkResponse({ type: ChallengeSyllabusResponse })
  syllabus(@Param() { cid }: ChallengeIdParam): Promise<ChallengeSyllabusResponse> {
    return this.catalog.syllabus(cid);
  }

  /** The day's lesson, quiz (without answers) and micro project once it is open; `locked` until then. */
  @Get(':cid/days/:day')
  @ApiOkResponse({ type: DayContentResponse })
  day(@CurrentUser() user: AuthUser, @Param() { cid, day }: ChallengeDayParams): Promise<DayContentResponse> {
    return this.catalog.dayContent(user, cid, day);
  }

  /** 201 with the progress for a new enrolment; 200 with it, unchanged, when already enrolled. */
  @Post(':cid/enroll')
  @ApiCreatedResponse({ type: ProgressResponse, description: 'enrolled now' })
  @ApiOkResponse({ type: ProgressResponse, description: 'already enrolled: the enrolment is unchanged' })
  async enroll(
    @CurrentUser() user: AuthUser,
    @Param() { cid }: ChallengeIdParam,
    @Body() dto: EnrollDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ProgressResponse> {
    const { created, progress } = await this.progress.enroll(user, cid, dto);
    void reply.status(created ? 201 : 200);
    return progress;
  }
}
