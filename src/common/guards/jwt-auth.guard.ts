import { CanActivate, ExecutionContext, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { AuthUser } from '../decorators/current-user.decorator';
import { IS_PUBLIC } from '../decorators/public.decorator';

export const ACCESS_TOKEN_VERIFIER = Symbol('ACCESS_TOKEN_VERIFIER');

export interface AccessTokenVerifier {
  verify(token: string): Promise<(AuthUser & { expiresAt: number }) | null>;
}

export function bearerToken(header: string | undefined): string | null {
  const m = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return m ? m[1] : null;
}

/** Global guard: every route needs a valid bearer token and a live session unless marked @Public(). */
@Injectable()
export class JwtAuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(ACCESS_TOKEN_VERIFIER) private readonly verifier: AccessTokenVerifier,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [ctx.getHandler(), ctx.getClass()])) return true;
    const req = ctx.switchToHttp().getRequest<{ headers: Record<string, string | undefined>; user?: AuthUser; accessExpiresAt?: number }>();
    const token = bearerToken(req.headers.authorization);
    if (!token) throw new UnauthorizedException('Auth session missing!');
    const user = await this.verifier.verify(token);
    if (!user) throw new UnauthorizedException('Invalid or expired access token');
    req.user = { id: user.id, sessionId: user.sessionId, roles: user.roles };
    req.accessExpiresAt = user.expiresAt;
    return true;
  }
}
