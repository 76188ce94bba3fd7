import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { AuthUser } from '../../common/decorators/current-user.decorator';
import type { AccessTokenVerifier } from '../../common/guards/jwt-auth.guard';
import { AppConfig } from '../../config/config';
import { InjectConfig } from '../../config/config.module';
import { AuthRepository } from './auth.repository';

interface AccessClaims {
  sub: string;
  sid: string;
  exp: number;
}

/**
 * Short-lived JWTs that name their session. Verifying one also checks that the session
 * is still live, so logout, reset and reuse detection end access at once, and role
 * changes apply on the next request.
 */
@Injectable()
export class AccessTokenService implements AccessTokenVerifier {
  constructor(
    private readonly jwt: JwtService,
    private readonly repo: AuthRepository,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  async issue(userId: string, sessionId: string): Promise<{ accessToken: string; expiresAt: number }> {
    const ttl = this.config.auth.accessTokenTtlSeconds;
    const accessToken = await this.jwt.signAsync({ sub: userId, sid: sessionId }, { expiresIn: ttl });
    const { exp } = this.jwt.decode<AccessClaims>(accessToken);
    return { accessToken, expiresAt: exp * 1000 };
  }

  async verify(token: string): Promise<(AuthUser & { expiresAt: number }) | null> {
    let claims: AccessClaims;
    try {
      claims = await this.jwt.verifyAsync<AccessClaims>(token, { algorithms: ['HS256'] });
    } catch {
      return null;
    }
    if (typeof claims.sub !== 'string' || typeof claims.sid !== 'string') return null;
    const session = await this.repo.findActiveSession(claims.sid, claims.sub);
    if (!session) return null;
    return { id: claims.sub, sessionId: claims.sid, roles: session.roles, expiresAt: claims.exp * 1000 };
  }
}
