import { Body, Controller, Get, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { AuthUser, CurrentUser } from '../../common/decorators/current-user.decorator';
import { AuthService } from './auth.service';
import { UpdateProfileDto } from './dto/auth.dto';
import { ProfileResponse } from './dto/session.response';
import { toUnlocksResponse, UnlocksQuery, UnlocksResponse } from './dto/me.dto';
import { UserDataService } from './user-data/user-data.service';

/** `GET /api/me/tags` is assessment's (`AchievementsController`): its labels name courses and modules. */
@ApiTags('me')
@ApiBearerAuth()
@Controller('me')
export class MeController {
  constructor(
    private readonly userData: UserDataService,
    private readonly auth: AuthService,
  ) {}

  @Get('profile')
  @ApiOkResponse({ type: ProfileResponse, description: "the caller's e-mail and the name on their certificates" })
  profile(@CurrentUser() user: AuthUser): Promise<ProfileResponse> {
    return this.auth.profile(user.id);
  }

  @Put('profile')
  @ApiOkResponse({ type: ProfileResponse, description: 'the name is trimmed; null or "" clears it' })
  updateProfile(@CurrentUser() user: AuthUser, @Body() dto: UpdateProfileDto): Promise<ProfileResponse> {
    return this.auth.setDisplayName(user.id, dto.name);
  }

  @Get('unlocks')
  @ApiOkResponse({ type: UnlocksResponse })
  async unlocks(@CurrentUser() user: AuthUser, @Query() q: UnlocksQuery): Promise<UnlocksResponse> {
    return toUnlocksResponse(await this.userData.unlocks(user.id, q.subjectId));
  }
}
