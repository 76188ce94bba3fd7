import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

/** `awaiting-review`: the bot passed the last project narrowly on every day, so a reviewer decides (issue 27). */
export type ProjectStatus = 'pending' | 'awaiting-review' | 'passed' | 'failed';
export type ProjectGrader = 'bot' | 'reviewer';

/**
 * A learner's state on one day of a challenge: the best quiz score, the project's verdict and whether the
 * day is passed (quiz passed and project passed). Rows exist from the first quiz or project of the day.
 */
@Entity({ tableName: 'challenge_day_progress' })
export class ChallengeDayProgress {
  [OptionalProps]?: 'quizPassed' | 'quizAttempts' | 'quizTries' | 'passed' | 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  userId!: string;

  @PrimaryKey({ type: 'text' })
  challengeId!: string;

  @PrimaryKey({ type: 'integer' })
  day!: number;

  /** 0..1, the best attempt's */
  @Property({ type: 'double', nullable: true })
  quizBestScore?: number | null;

  @Property({ type: 'boolean', default: false })
  quizPassed = false;

  @Property({ type: 'integer', default: 0 })
  quizAttempts = 0;

  @Property({ type: 'timestamptz', nullable: true })
  quizLastAttemptAt?: Date | null;

  /**
   * The learner's served order of each question's options: `quizOrder[q][k]` is the content's index of the
   * option served at position k. Drawn when the day is first served and after each submission that did not pass.
   */
  @Property({ type: 'jsonb', nullable: true })
  quizOrder?: number[][] | null;

  /** The learner-local date that `quizTries` counts submissions of (at most 3 a day). */
  @Property({ type: 'date', nullable: true })
  quizTriesDate?: string | null;

  @Property({ type: 'integer', default: 0 })
  quizTries = 0;

  @Property({ type: 'text', nullable: true })
  projectStatus?: ProjectStatus | null;

  @Property({ type: 'double', nullable: true })
  projectScore?: number | null;

  @Property({ type: 'text', nullable: true })
  projectFeedback?: string | null;

  @Property({ type: 'text', nullable: true })
  projectGradedBy?: ProjectGrader | null;

  @Property({ type: 'timestamptz', nullable: true })
  projectUpdatedAt?: Date | null;

  @Property({ type: 'boolean', default: false })
  passed = false;

  @Property({ type: 'timestamptz', nullable: true })
  passedAt?: Date | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  updatedAt: Date = new Date();
}
