import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { type Role, ROLES } from '../../../common/decorators/roles.decorator';
import type { TagSource } from '../entities/user-tag.entity';

export interface ManagedUser {
  id: string;
  email: string;
  verified: boolean;
  roles: Role[];
  createdAt: Date;
}

export interface UserTagRecord {
  tag: string;
  source: TagSource;
  learnerVisible: boolean;
  createdAt: Date;
}

export interface UserUnlockRecord {
  subjectId: string;
  moduleId: string;
  createdAt: Date;
}

export interface UserPageQuery {
  sort: 'email' | 'createdAt';
  order: 'ASC' | 'DESC';
  offset: number;
  limit: number;
  q?: string;
  ids?: string[];
}

type Row = Record<string, unknown>;

/** Raw queries return timestamps as the driver gives them (strings): make them Dates. */
const toDate = (v: unknown): Date => (v instanceof Date ? v : new Date(v as string));

const TAG_COLUMNS = 'tag, source, learner_visible, created_at';
const toTag = (r: Row): UserTagRecord => ({
  tag: r.tag as string,
  source: r.source as TagSource,
  learnerVisible: r.learner_visible === true,
  createdAt: toDate(r.created_at),
});

const USER_ORDER: Record<UserPageQuery['sort'], string> = { email: 'u.email', createdAt: 'u.created_at' };

const USER_COLUMNS = `u.id, u.email, u.email_verified_at is not null as verified, u.created_at,
  coalesce(array_agg(r.role order by r.role) filter (where r.role is not null), '{}') as roles`;

/** The one lock every role change takes, so "is this the last admin?" is answered one change at a time. */
const ROLES_LOCK_KEY = 'admin-users:roles';

/** LIKE's wildcards in user input matched literally. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The admins' view of users: lists, roles, tags, module unlocks, and the e-mails the audit trail shows.
 * Writes take the service's transaction `em`.
 */
@Injectable()
export class AdminUsersRepository {
  constructor(private readonly em: EntityManager) {}

  async listUsers(query: UserPageQuery): Promise<{ rows: ManagedUser[]; total: number }> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (query.q?.trim()) {
      where.push(`u.email ilike ?`);
      params.push(likeText(query.q.trim()));
    }
    if (query.ids) {
      if (query.ids.length === 0) return { rows: [], total: 0 };
      where.push(`u.id::text = any(array(select jsonb_array_elements_text(?::jsonb)))`);
      params.push(JSON.stringify(query.ids));
    }
    const whereSql = where.length ? `where ${where.join(' and ')}` : '';
    const direction = query.order === 'DESC' ? 'desc' : 'asc';
    const [{ total }] = await this.em.execute<{ total: string }[]>(
      `select count(*) as total from users u ${whereSql}`,
      params,
    );
    const rows = await this.em.execute<Row[]>(
      `select ${USER_COLUMNS} from users u left join user_roles r on r.user_id = u.id ${whereSql}
        group by u.id order by ${USER_ORDER[query.sort]} ${direction}, u.id ${direction} offset ? limit ?`,
      [...params, query.offset, query.limit],
    );
    return { rows: rows.map(toManagedUser), total: Number(total) };
  }

  async findUser(id: string, em: EntityManager = this.em): Promise<ManagedUser | null> {
    const rows = await em.execute<Row[]>(
      `select ${USER_COLUMNS} from users u left join user_roles r on r.user_id = u.id where u.id = ? group by u.id`,
      [id],
    );
    return rows[0] ? toManagedUser(rows[0]) : null;
  }

  /**
   * Serialises role changes for the rest of the transaction (a transaction-level advisory lock),
   * then locks the user's row; false when there is no such user.
   */
  async lockForRoleChange(em: EntityManager, userId: string): Promise<boolean> {
    await em.execute(`select pg_advisory_xact_lock(hashtextextended(?, 0))`, [ROLES_LOCK_KEY]);
    const rows = await em.execute<{ id: string }[]>(`select id from users where id = ? for update`, [userId]);
    return rows.length > 0;
  }

  /** How many users other than this one hold the admin role. */
  async otherAdmins(em: EntityManager, userId: string): Promise<number> {
    const [{ n }] = await em.execute<{ n: string }[]>(
      `select count(*) as n from user_roles where role = 'admin' and user_id <> ?`,
      [userId],
    );
    return Number(n);
  }

  /** Makes the user's roles exactly `roles`. */
  async setRoles(em: EntityManager, userId: string, roles: Role[]): Promise<void> {
    await em.execute(
      `delete from user_roles where user_id = ? and not (role = any(array(select jsonb_array_elements_text(?::jsonb))))`,
      [userId, JSON.stringify(roles)],
    );
    await em.execute(
      `insert into user_roles (user_id, role, created_at)
       select ?, r, now() from jsonb_array_elements_text(?::jsonb) r on conflict do nothing`,
      [userId, JSON.stringify(roles)],
    );
  }

  async tags(userId: string): Promise<UserTagRecord[]> {
    const rows = await this.em.execute<Row[]>(
      `select ${TAG_COLUMNS} from user_tags where user_id = ? order by created_at, tag`,
      [userId],
    );
    return rows.map(toTag);
  }

  /** Adds a staff tag; null when the user already had the tag. */
  async addTag(em: EntityManager, userId: string, tag: string, learnerVisible: boolean): Promise<UserTagRecord | null> {
    const rows = await em.execute<Row[]>(
      `insert into user_tags (user_id, tag, source, learner_visible, created_at) values (?, ?, 'staff', ?, now())
       on conflict do nothing returning ${TAG_COLUMNS}`,
      [userId, tag, learnerVisible],
    );
    return rows[0] ? toTag(rows[0]) : null;
  }

  async findTag(userId: string, tag: string): Promise<UserTagRecord | null> {
    const rows = await this.em.execute<Row[]>(`select ${TAG_COLUMNS} from user_tags where user_id = ? and tag = ?`, [
      userId,
      tag,
    ]);
    return rows[0] ? toTag(rows[0]) : null;
  }

  /** Shows or hides the tag from its learner: the tag before and after, null when the user has no such tag. */
  async setTagVisibility(
    em: EntityManager,
    userId: string,
    tag: string,
    learnerVisible: boolean,
  ): Promise<{ before: boolean; row: UserTagRecord } | null> {
    const [old] = await em.execute<Row[]>(
      `select learner_visible from user_tags where user_id = ? and tag = ? for update`,
      [userId, tag],
    );
    if (!old) return null;
    const rows = await em.execute<Row[]>(
      `update user_tags set learner_visible = ? where user_id = ? and tag = ? returning ${TAG_COLUMNS}`,
      [learnerVisible, userId, tag],
    );
    return { before: old.learner_visible === true, row: toTag(rows[0]) };
  }

  /** Removes the tag; null when the user did not have it. */
  async removeTag(em: EntityManager, userId: string, tag: string): Promise<UserTagRecord | null> {
    const rows = await em.execute<Row[]>(
      `delete from user_tags where user_id = ? and tag = ? returning ${TAG_COLUMNS}`,
      [userId, tag],
    );
    return rows[0] ? toTag(rows[0]) : null;
  }

  async unlocks(userId: string, subjectId?: string): Promise<UserUnlockRecord[]> {
    const rows = await this.em.execute<Row[]>(
      `select subject_id, module_id, created_at from user_unlocks
        where source = 'staff' and user_id = ?${subjectId !== undefined ? ' and subject_id = ?' : ''}
        order by subject_id, created_at, module_id`,
      subjectId !== undefined ? [userId, subjectId] : [userId],
    );
    return rows.map(toUnlock);
  }

  async findUnlock(userId: string, subjectId: string, moduleId: string): Promise<UserUnlockRecord | null> {
    const rows = await this.em.execute<Row[]>(
      `select subject_id, module_id, created_at from user_unlocks
        where source = 'staff' and user_id = ? and subject_id = ? and module_id = ?`,
      [userId, subjectId, moduleId],
    );
    return rows[0] ? toUnlock(rows[0]) : null;
  }

  /** Unlocks the module early (a staff unlock, beside any a test earned); null when staff already had. */
  async addUnlock(em: EntityManager, userId: string, subjectId: string, moduleId: string) {
    const rows = await em.execute<Row[]>(
      `insert into user_unlocks (user_id, subject_id, module_id, source, created_at) values (?, ?, ?, 'staff', now())
       on conflict do nothing returning subject_id, module_id, created_at`,
      [userId, subjectId, moduleId],
    );
    return rows[0] ? toUnlock(rows[0]) : null;
  }

  /** Takes back the staff unlock (one a test earned stays); null when there was none. */
  async removeUnlock(em: EntityManager, userId: string, subjectId: string, moduleId: string) {
    const rows = await em.execute<Row[]>(
      `delete from user_unlocks where source = 'staff' and user_id = ? and subject_id = ? and module_id = ?
       returning subject_id, module_id, created_at`,
      [userId, subjectId, moduleId],
    );
    return rows[0] ? toUnlock(rows[0]) : null;
  }

  /** The e-mail of each of these users that still has an account. */
  async emails(ids: string[]): Promise<Map<string, string>> {
    if (!ids.length) return new Map();
    const rows = await this.em.execute<{ id: string; email: string }[]>(
      `select id, email from users where id in (${ids.map(() => '?').join(', ')})`,
      ids,
    );
    return new Map(rows.map((r) => [r.id, r.email]));
  }
}

const toManagedUser = (row: Row): ManagedUser => ({
  id: row.id as string,
  email: row.email as string,
  verified: row.verified === true,
  // in the order the Studio shows them (learner, studio, admin, clinician), also in audit entries
  roles: [...(row.roles as Role[])].sort((a, b) => ROLES.indexOf(a) - ROLES.indexOf(b)),
  createdAt: toDate(row.created_at),
});

const toUnlock = (row: Row): UserUnlockRecord => ({
  subjectId: row.subject_id as string,
  moduleId: row.module_id as string,
  createdAt: toDate(row.created_at),
});
