import { Module } from '@nestjs/common';
import { AuditModule } from '../../audit/audit.module';
import { CourseStructureModule } from '../../graph/structure/course-structure.module';
import { AdminAuditController } from './admin-audit.controller';
import { AdminUsersController } from './admin-users.controller';
import { AdminUsersRepository } from './admin-users.repository';
import { AdminUsersService } from './admin-users.service';

/**
 * Admins manage people: users' roles, tags and module unlocks, and the audit trail of those changes
 * (`/api/admin/users`, `/api/admin/audit`). The users' tables are the auth module's; the trail is the
 * audit module's, written in the same transaction as each change.
 */
@Module({
  imports: [CourseStructureModule, AuditModule],
  controllers: [AdminUsersController, AdminAuditController],
  providers: [AdminUsersRepository, AdminUsersService],
})
export class AdminUsersModule {}
