import { Controller, Get, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { AuthUser, CurrentUser } from '../../common/decorators/current-user.decorator';
import { Roles } from '../../common/decorators/roles.decorator';
import { DashboardQueryDto, DashboardResponse } from './dto/dashboard.dto';
import { OwnerDashboardService } from './owner-dashboard.service';

/** Studio hub: how are we doing this period, against the one before? */
@ApiTags('studio')
@ApiBearerAuth()
@Roles('studio', 'admin')
@Controller('admin/dashboard')
export class OwnerDashboardController {
  constructor(private readonly dashboard: OwnerDashboardService) {}

  @Get()
  @ApiOkResponse({ type: DashboardResponse, description: 'revenue (and the series revenue) only for the admin role' })
  @ApiBadRequestResponse({ description: 'a date that is not one, from after to, or more than 366 days' })
  get(@Query() query: DashboardQueryDto, @CurrentUser() user: AuthUser): Promise<DashboardResponse> {
    return this.dashboard.dashboard(query, user.roles.includes('admin'));
  }
}
