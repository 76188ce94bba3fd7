import { type ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { IS_PUBLIC, OPTIONAL_USER } from '../decorators/public.decorator';

/** The Passport strategy name of bearer access tokens (auth's JwtStrategy). */
export const JWT_STRATEGY = 'jwt';

export const MISSING_TOKEN_MESSAGE = 'Auth session missing!';
export const INVALID_TOKEN_MESSAGE = 'Invalid or expired access token';

/** The token of an `Authorization: Bearer <token>` header, else null. */
export function bearerToken(header: string | undefined): string | null {
  const m = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return m ? m[1] : null;
}

/**
 * Global guard: every route needs a valid bearer token and a live session unless marked @Public()
 * (@PublicWithOptionalUser() routes check a token only when one is sent).
 * The token and session are checked by auth's JwtStrategy (Passport), which puts the user on the request.
 */
@Injectable()
export class JwtAuthGuard extends AuthGuard(JWT_STRATEGY) {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  override canActivate(ctx: ExecutionContext) {
    const targets = [ctx.getHandler(), ctx.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) {
      // @PublicWithOptionalUser(): signed out passes as anonymous; a token sent is checked as usual
      const optional = this.reflector.getAllAndOverride<boolean>(OPTIONAL_USER, targets);
      const req = ctx.switchToHttp().getRequest<{ headers: Record<string, string | undefined> }>();
      if (!optional || req.headers.authorization === undefined) return true;
    }
    return super.canActivate(ctx);
  }

  override handleRequest<TUser>(err: unknown, user: TUser | false, info: unknown): TUser {
    if (err) throw err;
    if (user) return user;
    // passport-jwt reports a request without a token as info "No auth token"
    const missing = info instanceof Error && info.message === 'No auth token';
    throw new UnauthorizedException(missing ? MISSING_TOKEN_MESSAGE : INVALID_TOKEN_MESSAGE);
  }
}
