import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * The moment a learner first completed a topic by the learning path's rule (its check passed or its level
 * reached 0.7), once per learner and topic. Written by triggers on `learning_answers` and `user_mastery` in the
 * transaction of the answer or test that completed it (Migration20261207100000LearningFacts); read by the
 * owner's dashboard.
 */
@Entity({ tableName: 'topic_completions' })
@Index({ name: 'topic_completions_completed_at_index', properties: ['completedAt'] })
export class TopicCompletion {
  @PrimaryKey({ type: 'uuid' })
  userId!: string;

  @PrimaryKey({ type: 'text' })
  subjectId!: string;

  @PrimaryKey({ type: 'text' })
  nodeId!: string;

  @Property({ type: 'timestamptz' })
  completedAt!: Date;
}
