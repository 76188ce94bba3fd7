import { Entity, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

export type SubmissionStatus = 'pending' | 'graded' | 'auto-passed';

/**
 * A micro project as the learner sent it (expected field → text), with the bot's assessment and a
 * reviewer's grade. `pending` items make up the Studio review queue; a bot pass makes it `auto-passed`.
 */
@Entity({ tableName: 'challenge_submissions' })
@Index({ properties: ['status', 'createdAt'] })
@Index({ properties: ['userId', 'challengeId', 'day'] })
export class ChallengeSubmission {
  [OptionalProps]?: 'status' | 'createdAt';

  @PrimaryKey({ type: 'uuid' })
  id!: string;

  @Property({ type: 'uuid' })
  userId!: string;

  @Property({ type: 'text' })
  challengeId!: string;

  @Property({ type: 'integer' })
  day!: number;

  @Property({ type: 'jsonb' })
  payload!: Record<string, string>;

  @Property({ type: 'text', default: 'pending' })
  status: SubmissionStatus = 'pending';

  @Property({ type: 'boolean', nullable: true })
  botPassed?: boolean | null;

  @Property({ type: 'double', nullable: true })
  botScore?: number | null;

  @Property({ type: 'text', nullable: true })
  botFeedback?: string | null;

  /** 'builtin' or 'llm' */
  @Property({ type: 'text', nullable: true })
  botAssessor?: string | null;

  @Property({ type: 'timestamptz', nullable: true })
  botAssessedAt?: Date | null;

  @Property({ type: 'boolean', nullable: true })
  reviewerPassed?: boolean | null;

  @Property({ type: 'double', nullable: true })
  reviewerScore?: number | null;

  @Property({ type: 'text', nullable: true })
  reviewerNote?: string | null;

  /** the reviewer's user id */
  @Property({ type: 'uuid', nullable: true })
  gradedBy?: string | null;

  @Property({ type: 'timestamptz', nullable: true })
  gradedAt?: Date | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
