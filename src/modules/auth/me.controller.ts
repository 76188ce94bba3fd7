import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiProperty, ApiTags } from '@nestjs/swagger';
import { IsString, MaxLength, MinLength } from 'class-validator';
import { AuthUser, CurrentUser } from '../../common/decorators/current-user.decorator';
import { UserDataService } from './user-data/user-data.service';

export class UnlocksQuery {
  @ApiProperty({ example: 'vagus-nerve' })
  @IsString({ message: 'subjectId is required' })
  @MinLength(1, { message: 'subjectId is required' })
  @MaxLength(200)
  subjectId!: string;
}

@ApiTags('me')
@ApiBearerAuth()
@Controller('me')
export class MeController {
  constructor(private readonly userData: UserDataService) {}

  @Get('unlocks')
  unlocks(@CurrentUser() user: AuthUser, @Query() q: UnlocksQuery) {
    return this.userData.unlocks(user.id, q.subjectId);
  }

  @Get('tags')
  tags(@CurrentUser() user: AuthUser) {
    return this.userData.tags(user.id);
  }
}
