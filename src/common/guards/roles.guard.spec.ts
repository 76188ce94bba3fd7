import { type ExecutionContext } from '@nestjs/common';
import { type Reflector } from '@nestjs/core';
import { type Role } from '../decorators/roles.decorator';
import { RolesGuard } from './roles.guard';

function ctx(required: Role[] | undefined, roles?: Role[]): { guard: RolesGuard; context: ExecutionContext } {
  const reflector = { getAllAndOverride: () => required } as unknown as Reflector;
  const request = roles ? { user: { id: 'u', sessionId: 's', roles } } : {};
  const context = {
    getHandler: () => undefined,
    getClass: () => undefined,
    switchToHttp: () => ({ getRequest: () => request }),
  } as unknown as ExecutionContext;
  return { guard: new RolesGuard(reflector), context };
}

describe('RolesGuard', () => {
  it('lets anything through a route without @Roles', () => {
    const { guard, context } = ctx(undefined, ['learner']);
    expect(guard.canActivate(context)).toBe(true);
  });

  it('needs one of the listed roles', () => {
    expect(
      ctx(['studio'], ['learner', 'studio']).guard.canActivate(ctx(['studio'], ['learner', 'studio']).context),
    ).toBe(true);
    const learner = ctx(['studio', 'admin'], ['learner', 'clinician']);
    expect(learner.guard.canActivate(learner.context)).toBe(false);
    const admin = ctx(['studio', 'admin'], ['admin']);
    expect(admin.guard.canActivate(admin.context)).toBe(true);
  });

  it('refuses when no user is on the request', () => {
    const anon = ctx(['learner']);
    expect(anon.guard.canActivate(anon.context)).toBe(false);
  });
});
