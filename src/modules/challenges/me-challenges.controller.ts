import { Body, Controller, Get, HttpCode, Param, Post, UseFilters } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import { type AuthUser, CurrentUser } from '../../common/decorators/current-user.decorator';
import { ChallengeProgressService } from './challenge-progress.service';
import { DayLockedFilter } from './day-locked.filter';
import { QuizLimitFilter } from './quiz-limit.filter';
import {
  AssessmentResponse,
  BotAssessDto,
  ChallengeDayParams,
  ChallengeIdParam,
  ProgressResponse,
  ProjectDto,
  ProjectSubmittedResponse,
  QuizAnswersDto,
  QuizLimitResponse,
  QuizResultResponse,
} from './dto/challenges.dto';

/**
 * The signed-in learner's progress and submissions in a challenge. Submissions to a day that is not open
 * are refused with 403 and the day's unlock time (`unlockAt`).
 */
@ApiTags('challenges')
@ApiBearerAuth()
@UseFilters(DayLockedFilter, QuizLimitFilter)
@Controller('me/challenges')
export class MeChallengesController {
  constructor(private readonly progress: ChallengeProgressService) {}

  @Get(':cid/progress')
  @ApiOkResponse({ type: ProgressResponse })
  get(@CurrentUser() user: AuthUser, @Param() { cid }: ChallengeIdParam): Promise<ProgressResponse> {
    return this.progress.progress(user, cid);
  }

  /** Graded on the server against the order served to the learner; the best score counts. 3 a local day. */
  @Post(':cid/days/:day/quiz')
  @HttpCode(200)
  @ApiOkResponse({ type: QuizResultResponse })
  @ApiConflictResponse({ description: "the day's quiz was never served to the learner (GET the day first)" })
  @ApiResponse({ status: 429, type: QuizLimitResponse, description: "today's 3 tries are used: `retryAt`" })
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
