import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { AuthUser } from '../../common/decorators/current-user.decorator';
import { AccessView, type AccessSnapshot } from '../../common/guards/access-view';
import { AppConfig } from '../../config/config';
import { InjectConfig } from '../../config/config.module';
import { AuthRepository } from './auth.repository';

export interface AccessClaims {
  sub: string;
  sid: string;
  exp: number;
}

/**
 * Short-lived JWTs that name their session (verified by JwtStrategy). A token is only as good as
 * its session: logout, reset and reuse detection end access at once, and role changes apply on
 * the next request.
 */
@Injectable()
export class AccessTokenService {
  constructor(
    private readonly jwt: JwtService,
    private readonly repo: AuthRepository,
    private readonly view: AccessView,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  async issue(userId: string, sessionId: string): Promise<{ accessToken: string; expiresAt: number }> {
    const ttl = this.config.auth.accessTokenTtlSeconds;
    const accessToken = await this.jwt.signAsync({ sub: userId, sid: sessionId }, { expiresIn: ttl });
    const { exp } = this.jwt.decode<AccessClaims>(accessToken);
    return { accessToken, expiresAt: exp * 1000 };
  }

  /** Verifies a token outside the guard (logout is public, so an expired access token can still end its session). */
  async verify(token: string): Promise<AuthUser | null> {
    try {
      return await this.liveUser(await this.jwt.verifyAsync<AccessClaims>(token, { algorithms: ['HS256'] }));
    } catch {
      return null;
    }
  }

  /** The user a verified token's claims name, with fresh roles, while its session is live; else null. */
  async liveUser(claims: Partial<AccessClaims>): Promise<AuthUser | null> {
    return (await this.liveAccess(claims))?.user ?? null;
  }

  /**
   * The same, from the Redis-held access view when it holds this session for the user's current
   * generation (one round trip), else from the database, which then refills the view. Returns the
   * snapshot too, so the entitlement guard can use the same round trip.
   */
  async liveAccess(claims: Partial<AccessClaims>): Promise<{ user: AuthUser; snapshot: AccessSnapshot | null } | null> {
    if (typeof claims.sub !== 'string' || typeof claims.sid !== 'string') return null;
    const snapshot = await this.view.read(claims.sid, claims.sub);
    const cached = snapshot?.session;
    if (cached && cached.expiresAt > Date.now())
      return { user: { id: claims.sub, sessionId: claims.sid, roles: cached.roles }, snapshot };
    const session = await this.repo.findActiveSession(claims.sid, claims.sub);
    if (!session) return null;
    if (snapshot) await this.view.putSession(claims.sid, claims.sub, snapshot.gen, session.roles, session.expiresAt);
    return { user: { id: claims.sub, sessionId: claims.sid, roles: session.roles }, snapshot };
  }
}
