import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Role } from './roles.decorator';

/** What the JWT guard puts on the request once the token and its session check out. */
export interface AuthUser {
  id: string;
  sessionId: string;
  roles: Role[];
}

export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): AuthUser | undefined => {
  return ctx.switchToHttp().getRequest<{ user?: AuthUser }>().user;
});
