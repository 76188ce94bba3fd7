import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { AuthUser, CurrentUser } from '../../common/decorators/current-user.decorator';
import { AchievementsService } from './achievements.service';
import { TagsResponse, toTagsResponse } from './dto/achievements.dto';

@ApiTags('me')
@ApiBearerAuth()
@Controller('me')
export class AchievementsController {
  constructor(private readonly achievements: AchievementsService) {}

  /** The spec's "user's tags": only the learner-visible ones, readable. Staff-only tags never appear. */
  @Get('tags')
  @ApiOkResponse({ type: TagsResponse })
  async tags(@CurrentUser() user: AuthUser): Promise<TagsResponse> {
    return toTagsResponse(await this.achievements.mine(user.id));
  }
}
