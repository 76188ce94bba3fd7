import { Body, Controller, Get, HttpCode, Post, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
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
  next(@CurrentUser() user: AuthUser, @Query() q: PracticeNextQuery, @Req() req: { subjectId: string }) {
    return this.practice.next(user.id, req.subjectId, q.limit);
  }

  @RequiresEntitlement({ in: 'body', keys: ['subjectId'] })
  @Post('seed')
  @HttpCode(200)
  seed(@CurrentUser() user: AuthUser, @Body() _dto: PracticeSeedDto, @Req() req: { subjectId: string }) {
    return this.practice.seed(user.id, req.subjectId);
  }

  @RequiresEntitlement({ in: 'body', keys: ['subjectId'] })
  @Post('review')
  @HttpCode(200)
  review(@CurrentUser() user: AuthUser, @Body() dto: PracticeReviewDto, @Req() req: { subjectId: string }) {
    return this.practice.review(user.id, req.subjectId, { nodeId: dto.nodeId, rating: dto.rating, questionId: dto.questionId, answer: dto.answer });
  }

  @RequiresEntitlement({ in: 'query', keys: ['subjectId'] })
  @Get('stats')
  stats(@CurrentUser() user: AuthUser, @Query() _q: PracticeSubjectQuery, @Req() req: { subjectId: string }) {
    return this.practice.stats(user.id, req.subjectId);
  }
}
