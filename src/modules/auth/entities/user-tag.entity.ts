import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

export type TagSource = 'gating' | 'staff';

/**
 * A label on a user, e.g. "vagus-nerve:foundations-mastered". Gating's tags (`source: 'gating'`) are the
 * learner's achievements; staff's are about the learner and stay staff-only unless marked learner-visible.
 */
@Entity({ tableName: 'user_tags' })
export class UserTag {
  [OptionalProps]?: 'createdAt' | 'source' | 'learnerVisible';

  @PrimaryKey({ type: 'uuid' })
  userId!: string;

  @PrimaryKey({ type: 'text' })
  tag!: string;

  @Property({ type: 'text', default: 'staff' })
  source: TagSource = 'staff';

  @Property({ type: 'boolean', default: false })
  learnerVisible: boolean = false;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
