import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { AccessView } from '../../../common/guards/access-view';
import type { Role } from '../../../common/decorators/roles.decorator';
import { TopicReader } from '../../graph/structure/topic-reader.service';
import { AuditService } from '../../audit/audit.service';
import {
  AUDIT_ACTIONS,
  AUDIT_TARGET_TYPES,
  type AuditAction,
  type AuditPageQuery,
  type AuditRecord,
  type AuditTargetType,
} from '../../audit/audit.types';
import {
  AdminUsersRepository,
  type ManagedUser,
  type UserPageQuery,
  type UserTagRecord,
  type UserUnlockRecord,
} from './admin-users.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const LAST_ADMIN_MESSAGE = 'The last admin cannot lose the admin role: make another user an admin first';
export const USER_NOT_FOUND = 'User not found';

/** An audit entry as the admins' list shows it: with the e-mails of the accounts it names, while they exist. */
export interface AuditEntry extends AuditRecord {
  actorEmail: string | null;
  targetEmail: string | null;
}

/** What an add answered: the row, and whether this call made it (false: it was there already). */
export interface Added<T> {
  row: T;
  created: boolean;
}

const noSuchTag = (tag: string) => `The user has no tag "${tag}"`;

/**
 * Admins manage who may do what: roles, tags and module unlocks of any user, each change recorded
 * in the audit trail in the same transaction. Role changes apply on the user's next request,
 * because a change invalidates the user's cached access view (AccessView) once it commits.
 */
@Injectable()
export class AdminUsersService {
  constructor(
    private readonly em: EntityManager,
    private readonly repo: AdminUsersRepository,
    private readonly structure: TopicReader,
    private readonly access: AccessView,
    private readonly audit: AuditService,
  ) {}

  list(query: UserPageQuery): Promise<{ rows: ManagedUser[]; total: number }> {
    return this.repo.listUsers(query);
  }

  async get(id: string): Promise<ManagedUser> {
    const user = UUID.test(id) ? await this.repo.findUser(id) : null;
    if (!user) throw new NotFoundException(USER_NOT_FOUND);
    return user;
  }

  /**
   * Makes the user's roles exactly `roles`. Every role change takes one advisory lock, so two admins
   * removing each other's admin role at the same moment cannot both succeed and leave no admin.
   */
  async setRoles(actorId: string, userId: string, roles: Role[]): Promise<ManagedUser> {
    if (!UUID.test(userId)) throw new NotFoundException(USER_NOT_FOUND);
    const after = await this.em.transactional(async (tx) => {
      if (!(await this.repo.lockForRoleChange(tx, userId))) throw new NotFoundException(USER_NOT_FOUND);
      const before = (await this.repo.findUser(userId, tx))!;
      if (before.roles.includes('admin') && !roles.includes('admin') && (await this.repo.otherAdmins(tx, userId)) === 0)
        throw new ConflictException(LAST_ADMIN_MESSAGE);
      await this.repo.setRoles(tx, userId, roles);
      const after = (await this.repo.findUser(userId, tx))!;
      if (!sameSet(before.roles, after.roles)) {
        await this.audit.record(
          { actorId, target: { userId }, action: 'roles.set', details: { before: before.roles, after: after.roles } },
          tx,
        );
      }
      return after;
    });
    // committed: the user's cached access view (roles) stops counting on every API process
    await this.access.invalidateUser(userId);
    return after;
  }

  async tags(userId: string): Promise<UserTagRecord[]> {
    await this.get(userId);
    return this.repo.tags(userId);
  }

  /**
   * Tags the user (a staff tag: hidden from the learner unless `learnerVisible`); adding a tag the user has
   * changes nothing (and writes no audit entry).
   */
  async addTag(actorId: string, userId: string, tag: string, learnerVisible = false): Promise<Added<UserTagRecord>> {
    await this.get(userId);
    return this.em.transactional(async (tx) => {
      const row = await this.repo.addTag(tx, userId, tag, learnerVisible);
      if (!row)
        return {
          row: (await this.repo.findTag(userId, tag)) ?? {
            tag,
            source: 'staff',
            learnerVisible,
            createdAt: new Date(),
          },
          created: false,
        };
      await this.audit.record({ actorId, target: { userId }, action: 'tag.add', details: { tag, learnerVisible } }, tx);
      return { row, created: true };
    });
  }

  /** Shows or hides one of the user's tags (any source) from them; audited when it changes. */
  async setTagVisibility(
    actorId: string,
    userId: string,
    tag: string,
    learnerVisible: boolean,
  ): Promise<UserTagRecord> {
    await this.get(userId);
    return this.em.transactional(async (tx) => {
      const changed = await this.repo.setTagVisibility(tx, userId, tag, learnerVisible);
      if (!changed) throw new NotFoundException(noSuchTag(tag));
      if (changed.before !== learnerVisible)
        await this.audit.record(
          { actorId, target: { userId }, action: 'tag.visibility', details: { tag, learnerVisible } },
          tx,
        );
      return changed.row;
    });
  }

  async removeTag(actorId: string, userId: string, tag: string): Promise<UserTagRecord> {
    await this.get(userId);
    return this.em.transactional(async (tx) => {
      const row = await this.repo.removeTag(tx, userId, tag);
      if (!row) throw new NotFoundException(noSuchTag(tag));
      await this.audit.record({ actorId, target: { userId }, action: 'tag.remove', details: { tag } }, tx);
      return row;
    });
  }

  async unlocks(userId: string, subjectId?: string): Promise<UserUnlockRecord[]> {
    await this.get(userId);
    return this.repo.unlocks(userId, subjectId);
  }

  /** Unlocks a module of a subject for the user; an unknown subject or module is refused (400). */
  async addUnlock(
    actorId: string,
    userId: string,
    subjectId: string,
    moduleId: string,
  ): Promise<Added<UserUnlockRecord>> {
    await this.get(userId);
    await this.requireModule(subjectId, moduleId);
    return this.em.transactional(async (tx) => {
      const row = await this.repo.addUnlock(tx, userId, subjectId, moduleId);
      if (!row) {
        const existing = await this.repo.findUnlock(userId, subjectId, moduleId);
        return { row: existing ?? { subjectId, moduleId, createdAt: new Date() }, created: false };
      }
      await this.audit.record(
        { actorId, target: { userId }, action: 'unlock.add', details: { subjectId, moduleId } },
        tx,
      );
      return { row, created: true };
    });
  }

  /** Locks the module again. Not checked against the course: an unlock of a module since removed can still go. */
  async removeUnlock(actorId: string, userId: string, subjectId: string, moduleId: string): Promise<UserUnlockRecord> {
    await this.get(userId);
    return this.em.transactional(async (tx) => {
      const row = await this.repo.removeUnlock(tx, userId, subjectId, moduleId);
      if (!row) throw new NotFoundException(`Module ${moduleId} of ${subjectId} is not unlocked for the user`);
      await this.audit.record(
        { actorId, target: { userId }, action: 'unlock.remove', details: { subjectId, moduleId } },
        tx,
      );
      return row;
    });
  }

  /** The audit trail, newest first unless asked otherwise, with e-mails; ids in filters must be user ids. */
  async listAudit(
    query: Omit<AuditPageQuery, 'action' | 'targetType'> & { action?: string; targetType?: string },
  ): Promise<{ rows: AuditEntry[]; total: number }> {
    for (const key of ['targetUserId', 'actorId'] as const) {
      const value = query[key];
      if (value !== undefined && !UUID.test(value))
        throw new BadRequestException(`filter.${key} must be a user id (a UUID)`);
    }
    if (query.action !== undefined && !(AUDIT_ACTIONS as readonly string[]).includes(query.action))
      throw new BadRequestException(`filter.action must be one of: ${AUDIT_ACTIONS.join(', ')}`);
    if (query.targetType !== undefined && !(AUDIT_TARGET_TYPES as readonly string[]).includes(query.targetType))
      throw new BadRequestException(`filter.targetType must be one of: ${AUDIT_TARGET_TYPES.join(', ')}`);
    const { rows, total } = await this.audit.list({
      ...query,
      action: query.action as AuditAction | undefined,
      targetType: query.targetType as AuditTargetType | undefined,
    });
    const ids = rows.flatMap((r) => (r.targetUserId ? [r.actorId, r.targetUserId] : [r.actorId]));
    const emails = await this.repo.emails([...new Set(ids)]);
    const emailOf = (id: string | null) => (id === null ? null : (emails.get(id) ?? null));
    return {
      rows: rows.map((r) => ({ ...r, actorEmail: emailOf(r.actorId), targetEmail: emailOf(r.targetUserId) })),
      total,
    };
  }

  private async requireModule(subjectId: string, moduleId: string): Promise<void> {
    const modules = await this.structure.modules(subjectId);
    // A subject's course is its modules: no modules, no course to unlock anything of.
    if (modules.length === 0) throw new BadRequestException(`Unknown subject: ${subjectId}`);
    if (!modules.some((m) => m.id === moduleId)) {
      throw new BadRequestException(
        `Unknown module ${moduleId} of ${subjectId} (its modules: ${modules.map((m) => m.id).join(', ')})`,
      );
    }
  }
}

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));
