import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * A learner's active days as one bit string, a bit per day from their first active day (bit 1 is
 * `first_day`): the owner's dashboard counts a period's active learners in one row per learner whatever the
 * period's length. Rebuilt from `learner_activity_days` by a trigger whenever a day is added
 * (Migration20261207100000LearningFacts).
 */
@Entity({ tableName: 'learner_activity' })
export class LearnerActivity {
  @PrimaryKey({ type: 'uuid' })
  userId!: string;

  @Property({ type: 'date' })
  firstDay!: string;

  @Property({ columnType: 'varbit' })
  days!: string;
}
