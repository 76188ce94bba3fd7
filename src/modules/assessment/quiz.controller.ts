import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { SubjectId } from '../../common/decorators/subject-id.decorator';
import { AuthUser, CurrentUser } from '../../common/decorators/current-user.decorator';
import { RequiresEntitlement } from '../../common/guards/entitlement.guard';
import {
  AnswerDto,
  AttemptIdParam,
  MasteryQuery,
  QuizKindParam,
  StartAttemptDto,
  SubmitAttemptDto,
} from './dto/quiz.dto';
import { QuizService } from './quiz.service';

/** Diagnostics, post tests and the learner's mastery (docs/assessment-api.md). */
@ApiTags('assessment')
@ApiBearerAuth()
@Controller()
export class QuizController {
  constructor(private readonly quizzes: QuizService) {}

  @RequiresEntitlement({ in: 'body', keys: ['subject'] })
  @Post('quizzes/:kind/attempts')
  start(
    @Param() p: QuizKindParam,
    @SubjectId({ body: StartAttemptDto }) subjectId: string,
    @CurrentUser() user: AuthUser,
  ) {
    return this.quizzes.start(user, p.kind, subjectId);
  }

  /**
   * One answer of an adaptive attempt: graded, then the next question, or `done` with the result.
   * The attempt names its subject; the service checks the entitlement for it.
   */
  @Post('attempts/:id/answer')
  @HttpCode(200)
  answer(@Param() p: AttemptIdParam, @Body() body: AnswerDto, @CurrentUser() user: AuthUser) {
    return this.quizzes.answer(user, p.id, body.questionId, body.answer);
  }

  /** The attempt names its subject; the service checks the entitlement for it. */
  @Post('attempts/submit')
  @HttpCode(200)
  submit(@Body() body: SubmitAttemptDto, @CurrentUser() user: AuthUser) {
    return this.quizzes.submit(user, body.attemptId, body.responses);
  }

  @Get('users/me/mastery')
  mastery(@Query() q: MasteryQuery, @CurrentUser() user: AuthUser) {
    return this.quizzes.mine(user.id, q.subjectId);
  }
}
