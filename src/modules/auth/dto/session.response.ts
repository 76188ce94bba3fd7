import { ApiProperty } from '@nestjs/swagger';
import { type Role, ROLES } from '../../../common/decorators/roles.decorator';
import type { UserWithRoles } from '../auth.repository';

export class SessionUserResponse {
  @ApiProperty() id!: string;
  @ApiProperty() email!: string;
  @ApiProperty({ enum: ROLES, isArray: true, example: ['learner'] }) roles!: Role[];
  @ApiProperty() emailVerified!: boolean;
  @ApiProperty() createdAt!: string;
}

export class SessionResponse {
  @ApiProperty({ description: 'epoch milliseconds when the access token expires' }) expiresAt!: number;
  @ApiProperty({ type: SessionUserResponse }) user!: SessionUserResponse;
}

export class LoginResponse extends SessionResponse {
  @ApiProperty({ description: 'JWT for the Authorization: Bearer header' }) accessToken!: string;
}

export class MessageResponse {
  @ApiProperty() message!: string;
}

/** Decides what of a user leaves the server: never the password hash. */
export function toSessionUserResponse(user: UserWithRoles): SessionUserResponse {
  return {
    id: user.id,
    email: user.email,
    roles: user.roles,
    emailVerified: !!user.emailVerifiedAt,
    createdAt: user.createdAt.toISOString(),
  };
}
