import { createSecretKey } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-jwt';
import type { AccessViewRequest } from '../../common/guards/access-view';
import type { AuthUser } from '../../common/decorators/current-user.decorator';
import { bearerToken, JWT_STRATEGY } from '../../common/guards/jwt-auth.guard';
import { AppConfig } from '../../config/config';
import { InjectConfig } from '../../config/config.module';
import { type AccessClaims, AccessTokenService } from './access-token.service';
import { rememberVerifiedTokens } from './verified-tokens';

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
      // A KeyObject, not the string: given a string, jsonwebtoken first tries (and fails) to parse it
      // as a PEM public key on every verify, which cost more than the rest of the guard together.
      secretOrKey: createSecretKey(Buffer.from(config.auth.jwtSecret, 'utf8')) as unknown as string,
      algorithms: ['HS256'],
      ignoreExpiration: false,
      passReqToCallback: true,
    });
    rememberVerifiedTokens();
  }

  /** Returns the user Passport puts on `req.user`, or false (401) when the session has ended. */
  async validate(
    req: { accessExpiresAt?: number } & AccessViewRequest,
    claims: AccessClaims,
  ): Promise<AuthUser | false> {
    const live = await this.tokens.liveAccess(claims);
    if (!live) return false;
    req.accessExpiresAt = claims.exp * 1000;
    // the entitlement guard reads the caller's entitlements from the same round trip
    req.accessSnapshot = live.snapshot ?? undefined;
    return live.user;
  }
}
