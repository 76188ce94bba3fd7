import { AdminAudit, ADMIN_AUDIT_ACTIONS, type AdminAuditAction } from './admin-audit.entity';
import { AuthSession } from './auth-session.entity';
import { OneTimeToken, type OneTimeTokenKind } from './one-time-token.entity';
import { RefreshToken } from './refresh-token.entity';
import { UserRole } from './user-role.entity';
import { User } from './user.entity';
import { UserTag } from './user-tag.entity';
import { UserUnlock } from './user-unlock.entity';

export {
  AdminAudit,
  ADMIN_AUDIT_ACTIONS,
  AuthSession,
  OneTimeToken,
  RefreshToken,
  User,
  UserRole,
  UserTag,
  UserUnlock,
};
export type { AdminAuditAction, OneTimeTokenKind };
export const AUTH_ENTITIES = [User, UserRole, AuthSession, RefreshToken, OneTimeToken, UserTag, UserUnlock, AdminAudit];
