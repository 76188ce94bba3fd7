import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

/** What diagnostics gave a user: module unlocks per subject and tags. */
@Injectable()
export class UserDataRepository {
  constructor(private readonly em: EntityManager) {}

  async userExists(id: string): Promise<boolean> {
    const rows = await this.em.execute<{ id: string }[]>(`select id from users where id = ?`, [id]);
    return rows.length > 0;
  }

  async email(id: string): Promise<string | null> {
    const rows = await this.em.execute<{ email: string }[]>(`select email from users where id = ?`, [id]);
    return rows[0]?.email ?? null;
  }

  async tags(userId: string): Promise<string[]> {
    const rows = await this.em.execute<{ tag: string }[]>(
      `select tag from user_tags where user_id = ? order by created_at, tag`,
      [userId],
    );
    return rows.map((r) => r.tag);
  }

  /** The user's unlocks of a subject with who made them. */
  unlockSources(userId: string, subjectId: string): Promise<{ moduleId: string; source: 'gating' | 'staff' }[]> {
    return this.em.execute<{ moduleId: string; source: 'gating' | 'staff' }[]>(
      `select module_id as "moduleId", source from user_unlocks where user_id = ? and subject_id = ? order by module_id`,
      [userId, subjectId],
    );
  }

  /**
   * Records unlocks; a module already unlocked keeps its row, except that a gating unlock marks a staff one as
   * gating too (the test has now shown the module mastered).
   */
  async unlock(
    em: EntityManager,
    userId: string,
    subjectId: string,
    moduleIds: string[],
    source: 'gating' | 'staff',
  ): Promise<void> {
    await em.execute(
      `insert into user_unlocks (user_id, subject_id, module_id, source)
       select ?, ?, m, ? from jsonb_array_elements_text(?::jsonb) m
       on conflict (user_id, subject_id, module_id) do update set source = 'gating'
         where excluded.source = 'gating' and user_unlocks.source <> 'gating'`,
      [userId, subjectId, source, JSON.stringify(moduleIds)],
    );
  }

  async tag(em: EntityManager, userId: string, tags: string[]): Promise<void> {
    await em.execute(
      `insert into user_tags (user_id, tag) select ?, t from jsonb_array_elements_text(?::jsonb) t on conflict do nothing`,
      [userId, JSON.stringify(tags)],
    );
  }
}
