import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

export type UnlockSource = 'gating' | 'staff';

/**
 * A module of a subject unlocked for a user: by gating (`gating`: a test showed the module mastered, which opens
 * the next one) or by an admin (`staff`: opens this module early). One row per source, so neither hides the other.
 */
@Entity({ tableName: 'user_unlocks' })
export class UserUnlock {
  [OptionalProps]?: 'createdAt';

  @PrimaryKey({ type: 'uuid' })
  userId!: string;

  @PrimaryKey({ type: 'text' })
  subjectId!: string;

  @PrimaryKey({ type: 'text' })
  moduleId!: string;

  @PrimaryKey({ type: 'text', default: 'staff' })
  source!: UnlockSource;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
