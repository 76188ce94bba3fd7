import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { TagSource } from '../entities/user-tag.entity';

/** A tag as its learner may see it: who wrote it. */
export interface LearnerTagRecord {
  tag: string;
  source: TagSource;
}

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

  /** The user's unlocks of a subject with who made them. */
  unlockSources(userId: string, subjectId: string): Promise<{ moduleId: string; source: 'gating' | 'staff' }[]> {
    return this.em.execute<{ moduleId: string; source: 'gating' | 'staff' }[]>(
      `select module_id as "moduleId", source from user_unlocks where user_id = ? and subject_id = ? order by module_id`,
      [userId, subjectId],
    );
  }

  /** Records unlocks of one source; a module may also hold the other source's row, which is left as it is. */
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
       on conflict do nothing`,
      [userId, subjectId, source, JSON.stringify(moduleIds)],
    );
  }

  /** The tags the learner may see (learner-visible ones), oldest first. */
  learnerTags(userId: string): Promise<LearnerTagRecord[]> {
    return this.em.execute<LearnerTagRecord[]>(
      `select tag, source from user_tags where user_id = ? and learner_visible order by created_at, tag`,
      [userId],
    );
  }

  /**
   * Adds the tags. A tag the user has is kept as it is, except that gating takes over a staff tag of the same
   * name (a test has now earned it): it becomes gating's, with gating's visibility, so a hidden staff copy
   * cannot hide a real achievement.
   */
  async tag(
    em: EntityManager,
    userId: string,
    tags: { tag: string; learnerVisible: boolean }[],
    source: TagSource,
  ): Promise<void> {
    await em.execute(
      `insert into user_tags (user_id, tag, source, learner_visible)
       select ?, t->>'tag', ?, (t->>'learnerVisible')::boolean from jsonb_array_elements(?::jsonb) t
       on conflict (user_id, tag) do update set source = 'gating', learner_visible = excluded.learner_visible
         where excluded.source = 'gating' and user_tags.source <> 'gating'`,
      [userId, source, JSON.stringify(tags)],
    );
  }
}
