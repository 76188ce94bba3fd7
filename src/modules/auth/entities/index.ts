import { AuthSession } from './auth-session.entity';
import { NewLearnerDayCount } from './new-learner-day-count.entity';
import { OneTimeToken, type OneTimeTokenKind } from './one-time-token.entity';
import { RefreshToken } from './refresh-token.entity';
import { UserRole } from './user-role.entity';
import { User } from './user.entity';
import { UserTag } from './user-tag.entity';
import { UserUnlock } from './user-unlock.entity';

export { AuthSession, NewLearnerDayCount, OneTimeToken, RefreshToken, User, UserRole, UserTag, UserUnlock };
export type { OneTimeTokenKind };
export const AUTH_ENTITIES = [
  User,
  UserRole,
  AuthSession,
  RefreshToken,
  OneTimeToken,
  UserTag,
  UserUnlock,
  NewLearnerDayCount,
];
