import { Entity, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';

export type LearningSource = 'check' | 'practice';

/**
 * One answer to a check item, from a topic's check or from practice: the evidence log that decides what
 * counts towards mastery (a check item on its first answer only, any item at most once a UTC day) and
 * what a topic's check shows again (the first answer of each item).
 */
@Entity({ tableName: 'learning_answers' })
@Index({ properties: ['userId', 'subjectId', 'nodeId'] })
@Index({ properties: ['userId', 'itemId', 'answeredAt'] })
export class LearningAnswer {
  [OptionalProps]?: 'answeredAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'uuid' })
  userId!: string;

  @Property({ type: 'text' })
  subjectId!: string;

  @Property({ type: 'text' })
  nodeId!: string;

  @Property({ type: 'text' })
  itemId!: string;

  @Property({ type: 'text' })
  source!: LearningSource;

  @Property({ type: 'text' })
  answer!: string;

  @Property({ type: 'boolean' })
  correct!: boolean;

  /** whether it moved mastery */
  @Property({ type: 'boolean' })
  counted!: boolean;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  answeredAt: Date = new Date();
}
