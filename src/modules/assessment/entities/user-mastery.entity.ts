import { Entity, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * Bayesian Knowledge Tracing state of one learner on one skill: a topic node (skill id = node id)
 * or a module ("category", skill id = "module:<id>"). Updated from every graded answer.
 */
@Entity({ tableName: 'user_mastery' })
@Index({ properties: ['userId', 'subjectId'] })
export class UserMastery {
  [OptionalProps]?: 'attempts' | 'correct' | 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  userId!: string;

  @PrimaryKey({ type: 'text' })
  subjectId!: string;

  @PrimaryKey({ type: 'text' })
  skillId!: string;

  /** shown on the mastery page: the topic's or module's title */
  @Property({ type: 'text' })
  skillName!: string;

  @Property({ type: 'text' })
  kind!: 'topic' | 'category';

  /** P(known), 0..1 */
  @Property({ type: 'double' })
  pKnown!: number;

  @Property({ type: 'integer', default: 0 })
  attempts: number = 0;

  @Property({ type: 'integer', default: 0 })
  correct: number = 0;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  updatedAt: Date = new Date();
}
