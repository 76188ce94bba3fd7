import { Body, Controller, Get, HttpCode, Param, Post, UseFilters } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { type AuthUser, CurrentUser } from '../../common/decorators/current-user.decorator';
import { ChallengeProgressService } from './challenge-progress.service';
import { DayLockedFilter } from './day-locked.filter';
import {
  AssessmentResponse,
  BotAssessDto,
  ChallengeDayParams,
  ChallengeIdParam,
  ProgressResponse,
  ProjectDto,
  ProjectSubmittedResponse,
  QuizAnswersDto,
  QuizResultResponse,
} from './dto/challenges.dto';

/**
 * The signed-in learner's progress and submissions in a challenge. Submissions to a day that is not open
 * are refused with 403 and the day's unlock time (`unlockAt`).
 */
@ApiTags('challenges')
@ApiBearerAuth()
@UseFilters(DayLockedFilter)
@Controller('me/challenges')
export class MeChallengesController {
  constructor(private readonly progress: ChallengeProgressService) {}

  @Get(':cid/progress')
  @ApiOkResponse({ type: ProgressResponse })
  get(@CurrentUser() user: AuthUser, @Param() { cid }: ChallengeIdParam): Promise<ProgressResponse> {
    return this.progress.progress(user, cid);
  }

  /** Graded on the server; the best score counts. */
  @Post(':cid/days/:day/quiz')
  @HttpCode(200)
  @ApiOkResponse({ type: QuizResultResponse })
  quiz(
    @CurrentUser() user: AuthUser,
    @Param() { cid, day }: ChallengeDayParams,
    @Body() dto: QuizAnswersDto,
  ): Promise<QuizResultResponse> {
    return this.progress.submitQuiz(user, cid, day, dto.answers);
  }

  /** Stores the micro project and puts it in the review queue. */
  @Post(':cid/days/:day/project')
  @ApiCreatedResponse({ type: ProjectSubmittedResponse })
  project(
    @CurrentUser() user: AuthUser,
    @Param() { cid, day }: ChallengeDayParams,
    @Body() dto: ProjectDto,
  ): Promise<ProjectSubmittedResponse> {
    return this.progress.submitProject(user, cid, day, dto.payload);
  }

  /** The automatic rubric assessment; a pass marks the day's project passed. */
  @Post(':cid/days/:day/bot/assess')
  @HttpCode(200)
  @ApiOkResponse({ type: AssessmentResponse })
  assess(
    @CurrentUser() user: AuthUser,
    @Param() { cid, day }: ChallengeDayParams,
    @Body() dto: BotAssessDto,
  ): Promise<AssessmentResponse> {
    return this.progress.botAssess(user, cid, day, dto.submission);
  }
}
