import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiForbiddenResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Roles } from '../../../common/decorators/roles.decorator';
import { contentRange, parseRaListQuery } from '../../../common/http/ra-list';
import { AdminUsersService } from './admin-users.service';
import { AUDIT_LIST, AuditEntryResponse, AuditListQueryDto, toAuditEntryResponse } from './dto/admin-users.dto';

/**
 * The audit trail (react-admin resource `audit`): every change of a user's roles, tags and unlocks, every
 * cancel and retry of a generation job, publish and reset of a draft, course visibility change, media upload
 * and attach, certificate revocation, reviewer's grade and queue dashboard change; filtered by action and actor.
 */
@ApiTags('admin')
@ApiBearerAuth()
@ApiForbiddenResponse({ description: 'the caller lacks the admin role' })
@Roles('admin')
@Controller('admin/audit')
export class AdminAuditController {
  constructor(private readonly users: AdminUsersService) {}

  @Get()
  @ApiOkResponse({
    type: [AuditEntryResponse],
    description: 'newest first, with a `Content-Range: audit <first>-<last>/<total>` header',
  })
  async list(
    @Query() dto: AuditListQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AuditEntryResponse[]> {
    const { sort, range, filter } = parseRaListQuery(AUDIT_LIST, dto);
    const { rows, total } = await this.users.listAudit({
      order: sort.order,
      offset: range.start,
      limit: range.limit,
      targetUserId: filter.targetUserId,
      actorId: filter.actorId,
      action: filter.action,
      targetType: filter.targetType,
      targetId: filter.targetId,
    });
    void reply.header('Content-Range', contentRange(AUDIT_LIST.resource, range.start, rows.length, total));
    return rows.map(toAuditEntryResponse);
  }
}
