import {
  BadRequestException,
  CanActivate,
  ExecutionContext,
  ForbiddenException,
  Inject,
  Injectable,
  NotFoundException,
  SetMetadata,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { AuthUser } from '../decorators/current-user.decorator';
import { AccessView, type AccessSnapshot, type AccessViewRequest } from './access-view';

export const ENTITLEMENT_CHECKER = Symbol('ENTITLEMENT_CHECKER');

export interface EntitlementChecker {
  hasActive(userId: string, subjectId: string): Promise<boolean>;
  /** every subject the user holds an active entitlement to (what the access view caches) */
  activeSubjectIds(userId: string): Promise<string[]>;
  /** the subject id for an id, name or title; null when there is no such subject */
  resolveSubject(input: string): Promise<string | null>;
}

export interface EntitlementRule {
  /** where the subject is named: a query parameter or a body field */
  in: 'query' | 'body' | 'params';
  /** the parameter names to look for, in order (e.g. ['subject', 'subjectId']) */
  keys: string[];
}

const ENTITLEMENT_KEY = 'requiresEntitlement';

/**
 * The route serves paid course content: the caller needs an active entitlement for the
 * subject it names (studio staff need none). Put after the JWT guard.
 */
export const RequiresEntitlement = (rule: EntitlementRule = { in: 'query', keys: ['subject', 'subjectId'] }) =>
  SetMetadata(ENTITLEMENT_KEY, rule);

export const NO_ENTITLEMENT_MESSAGE = 'You do not have access to this course. Buy access to continue.';

// Subject ids never change, so "this id names a subject" can be remembered briefly in process;
// names and titles (which studio can change) are always looked up.
const KNOWN_IDS_TTL_MS = 60_000;
const KNOWN_IDS_MAX = 1000;

@Injectable()
export class EntitlementGuard implements CanActivate {
  private readonly knownIds = new Map<string, number>();

  constructor(
    private readonly reflector: Reflector,
    @Inject(ENTITLEMENT_CHECKER) private readonly checker: EntitlementChecker,
    private readonly view: AccessView,
  ) {}

  private async resolve(raw: string): Promise<string | null> {
    const seen = this.knownIds.get(raw);
    if (seen !== undefined && seen > Date.now()) return raw;
    const id = await this.checker.resolveSubject(raw);
    if (id !== null && id === raw) {
      if (this.knownIds.size >= KNOWN_IDS_MAX) this.knownIds.clear();
      this.knownIds.set(raw, Date.now() + KNOWN_IDS_TTL_MS);
    }
    return id;
  }

  /** From the access view the JWT strategy read (no round trip) when it holds the user's entitlements, else the database. */
  private async entitled(user: AuthUser, snapshot: AccessSnapshot | undefined, subjectId: string): Promise<boolean> {
    if (snapshot?.entitled) return snapshot.entitled.includes(subjectId);
    if (!snapshot) return this.checker.hasActive(user.id, subjectId);
    const subjects = await this.checker.activeSubjectIds(user.id);
    await this.view.putEntitled(user.id, snapshot.gen, subjects);
    return subjects.includes(subjectId);
  }

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const rule = this.reflector.getAllAndOverride<EntitlementRule | undefined>(ENTITLEMENT_KEY, [
      ctx.getHandler(),
      ctx.getClass(),
    ]);
    if (!rule) return true;
    const req = ctx.switchToHttp().getRequest<
      {
        user?: AuthUser;
        query?: Record<string, unknown>;
        body?: Record<string, unknown>;
        params?: Record<string, unknown>;
        subjectId?: string;
      } & AccessViewRequest
    >();
    const source = (rule.in === 'query' ? req.query : rule.in === 'body' ? req.body : req.params) ?? {};
    const given = [
      ...new Set(rule.keys.map((k) => source[k]).filter((v): v is string => typeof v === 'string' && v.trim() !== '')),
    ];
    // Two different subjects in one request could let a handler serve one while the guard checked the other.
    if (given.length > 1) throw new BadRequestException(`Name the subject once (${rule.keys.join(' or ')})`);
    const raw = given[0];
    if (raw === undefined) throw new BadRequestException(`${rule.keys[0]} is required`);
    const subjectId = await this.resolve(raw);
    if (!subjectId) throw new NotFoundException('Subject not found');
    // Handlers read the resolved id, so a name or title given by the client works everywhere.
    req.subjectId = subjectId;
    const user = req.user;
    if (!user) return false;
    if (user.roles.includes('studio')) return true;
    if (!(await this.entitled(user, req.accessSnapshot, subjectId)))
      throw new ForbiddenException(NO_ENTITLEMENT_MESSAGE);
    return true;
  }
}
