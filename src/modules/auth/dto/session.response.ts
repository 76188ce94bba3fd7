import { ApiProperty } from '@nestjs/swagger';
import { type Role, ROLES } from '../../../common/decorators/roles.decorator';
import type { UserWithRoles } from '../auth.repository';

export class SessionUserResponse {
  @ApiProperty() id!: string;
  @ApiProperty() email!: string;
  @ApiProperty({ enum: ROLES, isArray: true, example: ['learner'] }) roles!: Role[];
  @ApiProperty() emailVerified!: boolean;
  @ApiProperty() createdAt!: string;
  @ApiProperty({ type: String, nullable: true, description: 'the name on certificates; null when none was given' })
  name!: string | null;
}

export class SessionResponse {
  @ApiProperty({ description: 'epoch milliseconds when the access token expires' }) expiresAt!: number;
  @ApiProperty({ type: SessionUserResponse }) user!: SessionUserResponse;
}

export class LoginResponse extends SessionResponse {
  @ApiProperty({ description: 'JWT for the Authorization: Bearer header' }) accessToken!: string;
}

export class PendingCheckoutResponse {
  @ApiProperty({ example: 'vagus-nerve' }) subjectId!: string;
  @ApiProperty({ type: String, nullable: true }) priceId!: string | null;
}

/** The answer of POST /api/auth/login: a session, plus, once, the purchase the account was registered for. */
export class SignInResponse extends LoginResponse {
  @ApiProperty({
    type: PendingCheckoutResponse,
    nullable: true,
    description:
      'only in the first sign-in after registering from a checkout, and only while that course is in the shop and not owned',
  })
  pendingCheckout!: PendingCheckoutResponse | null;
}

export class ProfileResponse {
  @ApiProperty() email!: string;
  @ApiProperty({ type: String, nullable: true, description: 'the name on certificates' }) name!: string | null;
}

export function toProfileResponse(p: { email: string; displayName: string | null }): ProfileResponse {
  return { email: p.email, name: p.displayName };
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
    name: user.displayName,
  };
}
