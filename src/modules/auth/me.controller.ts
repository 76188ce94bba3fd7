import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { AuthUser, CurrentUser } from '../../common/decorators/current-user.decorator';
import { TagsResponse, toTagsResponse } from './dto/me.dto';
import { UserDataService } from './user-data/user-data.service';

@ApiTags('me')
@ApiBearerAuth()
@Controller('me')
export class MeController {
  constructor(private readonly userData: UserDataService) {}

  // GET /api/me/unlocks is served by assessment (learning.controller.ts): a module's soft lock needs mastery.

  @Get('tags')
  @ApiOkResponse({ type: TagsResponse })
  async tags(@CurrentUser() user: AuthUser): Promise<TagsResponse> {
    return toTagsResponse(await this.userData.tags(user.id));
  }
}
