import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Roles } from '../../common/decorators/roles.decorator';
import { AnalyticsResponse } from './dto/review.dto';
import { ReviewService } from './review.service';

/** Studio → Analytics: enrolments and certificates per challenge. */
@ApiTags('studio')
@ApiBearerAuth()
@Roles('studio')
@Controller('admin/analytics')
export class AnalyticsController {
  constructor(private readonly review: ReviewService) {}

  @Get()
  @ApiOkResponse({ type: AnalyticsResponse })
  get(): Promise<AnalyticsResponse> {
    return this.review.analytics();
  }
}
