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

  async identity(id: string): Promise<{ email: string; displayName: string | null } | null> {
    const rows = await this.em.execute<{ email: string; display_name: string | null }[]>(
      `select email, display_name from users where id = ?`,
      [id],
    );
    return rows[0] ? { email: rows[0].email, displayName: rows[0].display_name } : null;
  }

  async email(id: string): Promise<string | null> {
    const rows = await this.em.execute<{ email: string }[]>(`select email from users where id = ?`, [id]);
    return rows[0]?.email ?? null;
  }

  async unlockedModules(userId: string, subjectId: string): Promise<string[]> {
    const rows = await this.em.execute<{ module_id: string }[]>(
      `select module_id from user_unlocks where user_id = ? and subject_id = ? order by module_id`,
      [userId, subjectId],
    );
    return rows.map((r) => r.module_id);
  }

  async tags(userId: string): Promise<string[]> {
    const rows = await this.em.execute<{ tag: string }[]>(
      `select tag from user_tags where user_id = ? order by created_at, tag`,
      [userId],
    );
    return rows.map((r) => r.tag);
  }

  async unlock(em: EntityManager, userId: string, subjectId: string, moduleIds: string[]): Promise<void> {
    await em.execute(
      `insert into user_unlocks (user_id, subject_id, module_id)
       select ?, ?, m from jsonb_array_elements_text(?::jsonb) m on conflict do nothing`,
      [userId, subjectId, JSON.stringify(moduleIds)],
    );
  }

  async tag(em: EntityManager, userId: string, tags: string[]): Promise<void> {
    await em.execute(
      `insert into user_tags (user_id, tag) select ?, t from jsonb_array_elements_text(?::jsonb) t on conflict do nothing`,
      [userId, JSON.stringify(tags)],
    );
  }
}
