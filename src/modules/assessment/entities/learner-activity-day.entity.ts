import { Entity, Index, PrimaryKey } from '@mikro-orm/core';

/**
 * A UTC day on which a learner was active: answered a check or practice item or submitted a test. Written by
 * triggers on `learning_answers` and `quiz_attempts` in the transaction of the answer or test
 * (Migration20261207100000LearningFacts); read by the owner's dashboard (active learners and their daily series).
 */
@Entity({ tableName: 'learner_activity_days' })
@Index({ name: 'learner_activity_days_day_user_id_index', properties: ['day', 'userId'] })
export class LearnerActivityDay {
  @PrimaryKey({ type: 'uuid' })
  userId!: string;

  @PrimaryKey({ type: 'date' })
  day!: string;
}
