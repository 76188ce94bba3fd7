import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

/** A label on a user (set by gating results or by admins), e.g. "vagus-foundations-passed". */
@Entity({ tableName: 'user_tags' })
export class UserTag {
  [OptionalProps]?: 'createdAt';

  @PrimaryKey({ type: 'uuid' })
  userId!: string;

  @PrimaryKey({ type: 'text' })
  tag!: string;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
