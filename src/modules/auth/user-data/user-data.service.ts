import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { TopicReader } from '../../graph/structure/topic-reader.service';
import type { TagSource } from '../entities/user-tag.entity';
import { isAchievementTag } from './achievements';
import { type LearnerTagRecord, UserDataRepository } from './user-data.repository';

/** What diagnostics gave a user (module unlocks per subject, tags): written by gating, shown on the graph page. */
@Injectable()
export class UserDataService {
  constructor(
    private readonly repo: UserDataRepository,
    private readonly structure: TopicReader,
  ) {}

  /** Whether a user with this id exists (any text is accepted; a malformed id is simply no user). */
  async exists(id: string): Promise<boolean> {
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return false;
    return this.repo.userExists(id);
  }

  /** The user's e-mail address and the name they chose for their certificates; null for no such user. */
  async identity(id: string): Promise<{ email: string; displayName: string | null } | null> {
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return null;
    return this.repo.identity(id);
  }

  /** The user's e-mail address, or null for no such user. */
  async email(id: string): Promise<string | null> {
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return null;
    return this.repo.email(id);
  }

  /** The caller's unlocked modules of a subject, in the course's module order. */
  async unlocks(userId: string, subjectId: string): Promise<{ subjectId: string; modules: string[] }> {
    const [unlocked, modules] = await Promise.all([
      this.repo.unlockedModules(userId, subjectId),
      this.structure.modules(subjectId),
    ]);
    const order = new Map(modules.map((m, i) => [m.id, i]));
    const rank = (id: string) => order.get(id) ?? Number.MAX_SAFE_INTEGER;
    return { subjectId, modules: [...unlocked].sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0)) };
  }

  /** Unlocks modules in the caller's transaction; unlocking twice changes nothing. */
  async unlock(em: EntityManager, userId: string, subjectId: string, moduleIds: string[]): Promise<void> {
    if (moduleIds.length) await this.repo.unlock(em, userId, subjectId, moduleIds);
  }

  /** The tags the learner sees: gating's achievements, and staff tags staff marked learner-visible. */
  learnerTags(userId: string): Promise<LearnerTagRecord[]> {
    return this.repo.learnerTags(userId);
  }

  /**
   * Tags the user in the caller's transaction; a tag is kept once. Gating's achievements (a post test
   * passed, a module mastered) are the learner's to see; every other tag is staff-only until staff show it.
   */
  async tag(em: EntityManager, userId: string, tags: string[], source: TagSource): Promise<void> {
    if (tags.length)
      await this.repo.tag(
        em,
        userId,
        tags.map((tag) => ({ tag, learnerVisible: source === 'gating' && isAchievementTag(tag) })),
        source,
      );
  }
}
