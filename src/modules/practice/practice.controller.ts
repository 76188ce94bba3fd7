import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { SubjectId } from '../../common/decorators/subject-id.decorator';
import { AuthUser, CurrentUser } from '../../common/decorators/current-user.decorator';
import { RequiresEntitlement } from '../../common/guards/entitlement.guard';
import { PracticeNextQuery, PracticeReviewDto, PracticeSeedDto, PracticeSubjectQuery } from './dto/practice.dto';
import { PracticeService } from './practice.service';

@ApiTags('practice')
@ApiBearerAuth()
@Controller('practice')
export class PracticeController {
  constructor(private readonly practice: PracticeService) {}

  @RequiresEntitlement({ in: 'query', keys: ['subjectId'] })
  @Get('next')
  next(@CurrentUser() user: AuthUser, @Query() q: PracticeNextQuery, @SubjectId() subjectId: string) {
    return this.practice.next(user.id, subjectId, q.limit);
  }

  @RequiresEntitlement({ in: 'body', keys: ['subjectId'] })
  @Post('seed')
  @HttpCode(200)
  seed(@CurrentUser() user: AuthUser, @SubjectId({ body: PracticeSeedDto }) subjectId: string) {
    return this.practice.seed(user.id, subjectId);
  }

  @RequiresEntitlement({ in: 'body', keys: ['subjectId'] })
  @Post('review')
  @HttpCode(200)
  review(@CurrentUser() user: AuthUser, @Body() dto: PracticeReviewDto, @SubjectId() subjectId: string) {
    return this.practice.review(user.id, subjectId, {
      nodeId: dto.nodeId,
      rating: dto.rating,
      questionId: dto.questionId,
      answer: dto.answer,
    });
  }

  @RequiresEntitlement({ in: 'query', keys: ['subjectId'] })
  @Get('stats')
  stats(@CurrentUser() user: AuthUser, @SubjectId({ query: PracticeSubjectQuery }) subjectId: string) {
    return this.practice.stats(user.id, subjectId);
  }
}
