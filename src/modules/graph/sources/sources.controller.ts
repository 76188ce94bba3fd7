import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { AuthUser, CurrentUser } from '../../../common/decorators/current-user.decorator';
import { Roles } from '../../../common/decorators/roles.decorator';
import { CrawlRunsService } from './crawl-runs.service';
import { CrawlDto, CrawlResponse } from './dto/crawl.dto';

@ApiTags('sources')
@ApiBearerAuth()
@Controller('rag')
export class SourcesController {
  constructor(private readonly crawls: CrawlRunsService) {}

  /** Fetches the pages in the worker and indexes their passages for the subject's tutor; answers when done. */
  @Roles('studio')
  @Post('crawl')
  @HttpCode(200)
  @ApiOkResponse({ type: CrawlResponse })
  crawl(@Body() dto: CrawlDto, @CurrentUser() user: AuthUser): Promise<CrawlResponse> {
    return this.crawls.crawl(dto, user.id);
  }
}
