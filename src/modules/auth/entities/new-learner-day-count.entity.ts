import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * New learners of a UTC day: accounts created that day that hold the learner role, one row per day, kept by
 * triggers on `users` and `user_roles` in the transaction of the change
 * (Migration20261208020000NewLearnerDayCounts): the owner's dashboard reads a period's new learners as at most
 * 2 × 366 rows.
 */
@Entity({ tableName: 'new_learner_day_counts' })
export class NewLearnerDayCount {
  @PrimaryKey({ type: 'date' })
  day!: string;

  @Property({ type: 'integer' })
  learners!: number;
}
