import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { AuthUser, CurrentUser } from '../../common/decorators/current-user.decorator';
import { AuthService } from './auth.service';
import { UpdateProfileDto } from './dto/auth.dto';
import { ProfileResponse } from './dto/session.response';

/**
 * The caller's own profile. `GET /api/me/tags` is assessment's (`AchievementsController`: its labels name
 * courses and modules), and so is `GET /api/me/unlocks` (`LearningController`: a module's soft lock needs mastery).
 */
@ApiTags('me')
@ApiBearerAuth()
@Controller('me')
export class MeController {
  constructor(private readonly auth: AuthService) {}

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
}
