import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

/** What diagnostics gave a user: module unlocks per subject and tags. */
@Injectable()
export class UserDataRepository {
  constructor(private readonly em: EntityManager) {}

  async unlockedModules(userId: string, subjectId: string): Promise<string[]> {
    const rows = await this.em.execute<{ module_id: string }[]>(
      `select u.module_id from user_unlocks u
         left join subject_modules m on m.subject_id = u.subject_id and m.id = u.module_id
        where u.user_id = ? and u.subject_id = ?
        order by m.position nulls last, u.module_id`,
      [userId, subjectId],
    );
    return rows.map((r) => r.module_id);
  }

  async tags(userId: string): Promise<string[]> {
    const rows = await this.em.execute<{ tag: string }[]>(`select tag from user_tags where user_id = ? order by created_at, tag`, [userId]);
    return rows.map((r) => r.tag);
  }
}
