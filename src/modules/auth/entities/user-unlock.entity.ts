import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

/** A module of a subject unlocked for a user (by gating or by an admin). */
@Entity({ tableName: 'user_unlocks' })
export class UserUnlock {
  [OptionalProps]?: 'createdAt';

  @PrimaryKey({ type: 'uuid' })
  userId!: string;

  @PrimaryKey({ type: 'text' })
  subjectId!: string;

  @PrimaryKey({ type: 'text' })
  moduleId!: string;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
