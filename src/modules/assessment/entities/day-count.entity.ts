import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * Learners active on a UTC day (the rows of `learner_activity_days` for that day), one row per day, kept by
 * triggers on that table in the transaction of the activity (Migration20261208000000DailyFactCounts): the
 * owner's dashboard reads its daily series without counting a row per learner.
 */
@Entity({ tableName: 'learner_activity_day_counts' })
export class LearnerActivityDayCount {
  @PrimaryKey({ type: 'date' })
  day!: string;

  @Property({ type: 'integer' })
  learners!: number;
}

/**
 * Topics first completed on a UTC day (the rows of `topic_completions` whose `completed_at` falls on it), one
 * row per day, kept by triggers on that table (Migration20261208000000DailyFactCounts).
 */
@Entity({ tableName: 'topic_completion_day_counts' })
export class TopicCompletionDayCount {
  @PrimaryKey({ type: 'date' })
  day!: string;

  @Property({ type: 'integer' })
  completions!: number;
}
