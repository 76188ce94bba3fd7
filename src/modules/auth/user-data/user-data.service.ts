import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { TagSource } from '../entities/user-tag.entity';
import { isAchievementTag } from './achievements';
import { type LearnerTagRecord, UserDataRepository } from './user-data.repository';

/** What diagnostics gave a user (module unlocks per subject, tags): written by gating, shown on the graph page. */
@Injectable()
export class UserDataService {
  constructor(private readonly repo: UserDataRepository) {}

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

  /**
   * Unlocks modules in the caller's transaction: `gating` (a test showed the module mastered, which opens the
   * next one) or `staff` (an admin opened this module early). A module may hold one unlock of each source:
   * neither overwrites the other, and unlocking twice changes nothing.
   */
  async unlock(
    em: EntityManager,
    userId: string,
    subjectId: string,
    moduleIds: string[],
    source: 'gating' | 'staff',
  ): Promise<void> {
    if (moduleIds.length) await this.repo.unlock(em, userId, subjectId, moduleIds, source);
  }

  /** The user's unlocks of a subject with their source, for the modules' soft lock. */
  unlockSources(userId: string, subjectId: string): Promise<{ moduleId: string; source: 'gating' | 'staff' }[]> {
    return this.repo.unlockSources(userId, subjectId);
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
