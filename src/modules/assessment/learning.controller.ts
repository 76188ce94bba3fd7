import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { AuthUser, CurrentUser } from '../../common/decorators/current-user.decorator';
import { SubjectId } from '../../common/decorators/subject-id.decorator';
import { RequiresEntitlement } from '../../common/guards/entitlement.guard';
import { CheckService } from './check.service';
import {
  CheckAnswerDto,
  CheckAnswerResponse,
  CheckNodeParam,
  LearningPathResponse,
  PathQuery,
  toCheckAnswerResponse,
  toLearningPathResponse,
  toUnlocksResponse,
  UnlocksQuery,
  UnlocksResponse,
} from './dto/learning.dto';
import { LearningPathService } from './learning-path.service';

/** The learning loop: a topic's check, the learner's path and the modules' soft lock (docs/learning-loop-api.md). */
@ApiTags('assessment')
@ApiBearerAuth()
@Controller()
export class LearningController {
  constructor(
    private readonly checks: CheckService,
    private readonly paths: LearningPathService,
  ) {}

  @RequiresEntitlement({ in: 'body', keys: ['subjectId'] })
  @Post('checks/:nodeId/answers')
  @HttpCode(200)
  @ApiOkResponse({ type: CheckAnswerResponse, description: 'graded, with the correct choice and the explanation' })
  async answerCheck(
    @CurrentUser() user: AuthUser,
    @Param() p: CheckNodeParam,
    @Body() body: CheckAnswerDto,
    @SubjectId() subjectId: string,
  ): Promise<CheckAnswerResponse> {
    return toCheckAnswerResponse(await this.checks.answer(user.id, subjectId, p.nodeId, body.questionId, body.answer));
  }

  @RequiresEntitlement({ in: 'query', keys: ['subjectId'] })
  @Get('users/me/path')
  @ApiOkResponse({ type: LearningPathResponse })
  async path(
    @CurrentUser() user: AuthUser,
    @Query() q: PathQuery,
    @SubjectId() subjectId: string,
  ): Promise<LearningPathResponse> {
    return toLearningPathResponse(await this.paths.path(user.id, subjectId, q.after));
  }

  /** Entitled like the path it is computed from: another course's locks are not the caller's business. */
  @ApiTags('me')
  @RequiresEntitlement({ in: 'query', keys: ['subjectId'] })
  @Get('me/unlocks')
  @ApiOkResponse({ type: UnlocksResponse })
  async unlocks(
    @CurrentUser() user: AuthUser,
    @Query() _q: UnlocksQuery,
    @SubjectId() subjectId: string,
  ): Promise<UnlocksResponse> {
    return toUnlocksResponse(await this.paths.unlocks(user.id, subjectId));
  }
}
