import { AuthSession } from './auth-session.entity';
import { OneTimeToken, OneTimeTokenKind } from './one-time-token.entity';
import { RefreshToken } from './refresh-token.entity';
import { UserRole } from './user-role.entity';
import { User } from './user.entity';

export { AuthSession, OneTimeToken, RefreshToken, User, UserRole };
export type { OneTimeTokenKind };
export const AUTH_ENTITIES = [User, UserRole, AuthSession, RefreshToken, OneTimeToken];
