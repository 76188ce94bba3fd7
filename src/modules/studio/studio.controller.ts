import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { AuthUser, CurrentUser } from '../../common/decorators/current-user.decorator';
import { Roles } from '../../common/decorators/roles.decorator';
import { MigrateDto, MigrateResponse } from './dto/migrate.dto';
import { MigrationRunsService } from './migration-runs.service';

@ApiTags('studio')
@ApiBearerAuth()
@Controller('admin')
export class StudioController {
  constructor(private readonly migration: MigrationRunsService) {}

  /** Studio → Migrate: imports every subject from the content folder (or a legacy REST API). */
  @Roles('studio')
  @Post('migrate')
  @HttpCode(200)
  @ApiOkResponse({ type: MigrateResponse })
  migrate(@Body() dto: MigrateDto, @CurrentUser() user: AuthUser) {
    return this.migration.migrate(dto, user.id);
  }
}
