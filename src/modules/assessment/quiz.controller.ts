import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import {
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiExtraModels,
  ApiOkResponse,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import { SubjectId } from '../../common/decorators/subject-id.decorator';
import { AuthUser, CurrentUser } from '../../common/decorators/current-user.decorator';
import { RequiresEntitlement } from '../../common/guards/entitlement.guard';
import {
  AnswerDoneResponse,
  AnswerDto,
  AnswerNextResponse,
  AnswerResponse,
  AttemptIdParam,
  AttemptResultResponse,
  AttemptStateResponse,
  MasteryQuery,
  MasteryResponse,
  QuizKindParam,
  StartAttemptDto,
  StartAttemptResponse,
  SubmitAttemptDto,
  toAnswerResponse,
  toAttemptResultResponse,
  toAttemptStateResponse,
  toMasteryResponse,
  toStartAttemptResponse,
} from './dto/quiz.dto';
import { QuizService } from './quiz.service';

/** Diagnostics, post tests and the learner's mastery (docs/assessment-api.md). */
@ApiTags('assessment')
@ApiBearerAuth()
@ApiExtraModels(AnswerNextResponse, AnswerDoneResponse)
@Controller()
export class QuizController {
  constructor(private readonly quizzes: QuizService) {}

  /** A new attempt (201), or the open attempt of this test resumed where it was (200, `resumed: true`). */
  @RequiresEntitlement({ in: 'body', keys: ['subject'] })
  @Post('quizzes/:kind/attempts')
  @ApiCreatedResponse({ type: StartAttemptResponse, description: 'a new attempt' })
  @ApiOkResponse({ type: StartAttemptResponse, description: 'the open attempt of this test, resumed' })
  async start(
    @Param() p: QuizKindParam,
    @SubjectId({ body: StartAttemptDto }) subjectId: string,
    @CurrentUser() user: AuthUser,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StartAttemptResponse> {
    const attempt = await this.quizzes.start(user, p.kind, subjectId);
    if (attempt.resumed) reply.status(200);
    return toStartAttemptResponse(attempt);
  }

  /** The caller's attempt: 404 `Attempt not found` for anyone else's; the service checks the entitlement. */
  @Get('attempts/:id')
  @ApiOkResponse({ type: AttemptStateResponse })
  async attempt(@Param() p: AttemptIdParam, @CurrentUser() user: AuthUser): Promise<AttemptStateResponse> {
    return toAttemptStateResponse(await this.quizzes.state(user, p.id));
  }

  /**
   * One answer of an adaptive attempt: graded, then the next question, or `done` with the result.
   * The attempt names its subject; the service checks the entitlement for it.
   */
  @Post('attempts/:id/answer')
  @HttpCode(200)
  @ApiOkResponse({
    description: '`done: false` with the next question, or `done: true` with the result',
    schema: {
      oneOf: [{ $ref: getSchemaPath(AnswerNextResponse) }, { $ref: getSchemaPath(AnswerDoneResponse) }],
    },
  })
  async answer(
    @Param() p: AttemptIdParam,
    @Body() body: AnswerDto,
    @CurrentUser() user: AuthUser,
  ): Promise<AnswerResponse> {
    return toAnswerResponse(await this.quizzes.answer(user, p.id, body.questionId, body.answer));
  }

  /** The attempt names its subject; the service checks the entitlement for it. */
  @Post('attempts/submit')
  @HttpCode(200)
  @ApiOkResponse({ type: AttemptResultResponse })
  async submit(@Body() body: SubmitAttemptDto, @CurrentUser() user: AuthUser): Promise<AttemptResultResponse> {
    return toAttemptResultResponse(await this.quizzes.submit(user, body.attemptId, body.responses));
  }

  @Get('users/me/mastery')
  @ApiOkResponse({ type: MasteryResponse })
  async mastery(@Query() q: MasteryQuery, @CurrentUser() user: AuthUser): Promise<MasteryResponse> {
    const { skills, readyToLearn } = await this.quizzes.mine(user.id, q.subjectId);
    return toMasteryResponse(skills, readyToLearn);
  }
}
