import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { SubjectId } from '../../common/decorators/subject-id.decorator';
import { AuthUser, CurrentUser } from '../../common/decorators/current-user.decorator';
import { RequiresEntitlement } from '../../common/guards/entitlement.guard';
import {
  PracticeAnswerDto,
  PracticeAnswerResponse,
  PracticeNextQuery,
  PracticeQuestionResponse,
  PracticeReviewDto,
  PracticeReviewResponse,
  PracticeSeedDto,
  PracticeSeedResponse,
  PracticeStatsResponse,
  PracticeSubjectQuery,
  toPracticeAnswerResponse,
  toPracticeQuestionResponse,
  toPracticeReviewResponse,
  toPracticeSeedResponse,
  toPracticeStatsResponse,
} from './dto/practice.dto';
import { PracticeService } from './practice.service';

@ApiTags('practice')
@ApiBearerAuth()
@Controller('practice')
export class PracticeController {
  constructor(private readonly practice: PracticeService) {}

  @RequiresEntitlement({ in: 'query', keys: ['subjectId'] })
  @Get('next')
  @ApiOkResponse({ type: [PracticeQuestionResponse], description: 'due cards, most overdue first' })
  async next(
    @CurrentUser() user: AuthUser,
    @Query() q: PracticeNextQuery,
    @SubjectId() subjectId: string,
  ): Promise<PracticeQuestionResponse[]> {
    return (await this.practice.next(user.id, subjectId, q.limit)).map(toPracticeQuestionResponse);
  }

  @RequiresEntitlement({ in: 'body', keys: ['subjectId'] })
  @Post('seed')
  @HttpCode(200)
  @ApiOkResponse({ type: PracticeSeedResponse, description: 'a card for every live topic the learner had none for' })
  async seed(
    @CurrentUser() user: AuthUser,
    @SubjectId({ body: PracticeSeedDto }) subjectId: string,
  ): Promise<PracticeSeedResponse> {
    return toPracticeSeedResponse(await this.practice.seed(user.id, subjectId));
  }

  @RequiresEntitlement({ in: 'body', keys: ['subjectId'] })
  @Post('answer')
  @HttpCode(200)
  @ApiOkResponse({
    type: PracticeAnswerResponse,
    description:
      "grades the card's served question: right or wrong, the correct choice, the explanation, each rating's interval",
  })
  async answer(
    @CurrentUser() user: AuthUser,
    @Body() dto: PracticeAnswerDto,
    @SubjectId() subjectId: string,
  ): Promise<PracticeAnswerResponse> {
    return toPracticeAnswerResponse(
      await this.practice.answer(user.id, subjectId, {
        nodeId: dto.nodeId,
        questionId: dto.questionId,
        answer: dto.answer,
      }),
    );
  }

  @RequiresEntitlement({ in: 'body', keys: ['subjectId'] })
  @Post('review')
  @HttpCode(200)
  @ApiOkResponse({ type: PracticeReviewResponse })
  async review(
    @CurrentUser() user: AuthUser,
    @Body() dto: PracticeReviewDto,
    @SubjectId() subjectId: string,
  ): Promise<PracticeReviewResponse> {
    const review = await this.practice.review(user.id, subjectId, { nodeId: dto.nodeId, rating: dto.rating });
    return toPracticeReviewResponse(review);
  }

  @RequiresEntitlement({ in: 'query', keys: ['subjectId'] })
  @Get('stats')
  @ApiOkResponse({ type: PracticeStatsResponse })
  async stats(
    @CurrentUser() user: AuthUser,
    @SubjectId({ query: PracticeSubjectQuery }) subjectId: string,
  ): Promise<PracticeStatsResponse> {
    return toPracticeStatsResponse(await this.practice.stats(user.id, subjectId));
  }
}
