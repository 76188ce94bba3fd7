import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiConflictResponse, ApiForbiddenResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { type AuthUser, CurrentUser } from '../../common/decorators/current-user.decorator';
import { Roles } from '../../common/decorators/roles.decorator';
import { contentRange, parseRaListQuery } from '../../common/http/ra-list';
import {
  GradeDto,
  REVIEW_LIST,
  ReviewIdParam,
  ReviewItemResponse,
  ReviewListQueryDto,
  toReviewItemResponse,
} from './dto/review.dto';
import { ReviewService } from './review.service';

/** Studio → Review: the micro projects waiting for a reviewer, a react-admin resource (`review`). */
@ApiTags('studio')
@ApiBearerAuth()
@Roles('studio')
@Controller('admin/review')
export class ReviewController {
  constructor(private readonly review: ReviewService) {}

  @Get()
  @ApiOkResponse({
    type: [ReviewItemResponse],
    description: 'oldest first; with a `Content-Range: review <first>-<last>/<total>` header',
  })
  async list(
    @Query() dto: ReviewListQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ReviewItemResponse[]> {
    const query = parseRaListQuery(REVIEW_LIST, dto);
    const { rows, total } = await this.review.list(query);
    void reply.header('Content-Range', contentRange(REVIEW_LIST.resource, query.range.start, rows.length, total));
    return rows.map(toReviewItemResponse);
  }

  @Get(':id')
  @ApiOkResponse({ type: ReviewItemResponse })
  async get(@Param() { id }: ReviewIdParam): Promise<ReviewItemResponse> {
    return toReviewItemResponse(await this.review.get(id));
  }

  /** Closes the item with the reviewer's verdict and updates the learner's day; 409 when it is not pending. */
  @Post(':id/grade')
  @HttpCode(200)
  @ApiOkResponse({ type: ReviewItemResponse })
  @ApiForbiddenResponse({ description: "the reviewer's own submission: someone else grades it" })
  @ApiConflictResponse({ description: 'the item is not pending' })
  async grade(
    @CurrentUser() user: AuthUser,
    @Param() { id }: ReviewIdParam,
    @Body() dto: GradeDto,
  ): Promise<ReviewItemResponse> {
    const note = dto.rubric?.note?.trim() || null;
    return toReviewItemResponse(await this.review.grade(user.id, id, { passed: dto.passed, score: dto.score, note }));
  }
}
