import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-jwt';
import type { AuthUser } from '../../common/decorators/current-user.decorator';
import { bearerToken, JWT_STRATEGY } from '../../common/guards/jwt-auth.guard';
import { AppConfig } from '../../config/config';
import { InjectConfig } from '../../config/config.module';
import { type AccessClaims, AccessTokenService } from './access-token.service';

/**
 * Bearer access tokens: an HS256 JWT (the algorithm is pinned, so `none` or RS/HS confusion is
 * refused) that names a live session. Checking the session on every request makes logout, reset
 * and refresh-reuse detection end access at once, and role changes apply on the next request.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, JWT_STRATEGY) {
  constructor(
    private readonly tokens: AccessTokenService,
    @InjectConfig() config: AppConfig,
  ) {
    super({
      jwtFromRequest: (req: { headers: Record<string, string | undefined> }) => bearerToken(req.headers.authorization),
      secretOrKey: config.auth.jwtSecret,
      algorithms: ['HS256'],
      ignoreExpiration: false,
      passReqToCallback: true,
    });
  }

  /** Returns the user Passport puts on `req.user`, or false (401) when the session has ended. */
  async validate(req: { accessExpiresAt?: number }, claims: AccessClaims): Promise<AuthUser | false> {
    const user = await this.tokens.liveUser(claims);
    if (!user) return false;
    req.accessExpiresAt = claims.exp * 1000;
    return user;
  }
}
