import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { AuthUser, CurrentUser } from '../../common/decorators/current-user.decorator';
import { toUnlocksResponse, UnlocksQuery, UnlocksResponse } from './dto/me.dto';
import { UserDataService } from './user-data/user-data.service';

/** `GET /api/me/tags` is assessment's (`AchievementsController`): its labels name courses and modules. */
@ApiTags('me')
@ApiBearerAuth()
@Controller('me')
export class MeController {
  constructor(private readonly userData: UserDataService) {}

  @Get('unlocks')
  @ApiOkResponse({ type: UnlocksResponse })
  async unlocks(@CurrentUser() user: AuthUser, @Query() q: UnlocksQuery): Promise<UnlocksResponse> {
    return toUnlocksResponse(await this.userData.unlocks(user.id, q.subjectId));
  }
}
