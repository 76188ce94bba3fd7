import { Entity, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

/** One FSRS card per learner and topic (ts-fsrs state). */
@Entity({ tableName: 'practice_cards' })
@Index({ properties: ['userId', 'subjectId', 'due'] })
export class PracticeCard {
  [OptionalProps]?:
    'lastReview' | 'createdAt' | 'servedQuestionId' | 'servedAt' | 'answer' | 'answerCorrect' | 'answeredAt';

  @PrimaryKey({ type: 'uuid' })
  userId!: string;

  @PrimaryKey({ type: 'text' })
  subjectId!: string;

  @PrimaryKey({ type: 'text' })
  nodeId!: string;

  @Property({ type: 'timestamptz' })
  due!: Date;

  @Property({ type: 'double' })
  stability!: number;

  @Property({ type: 'double' })
  difficulty!: number;

  @Property({ type: 'integer' })
  elapsedDays!: number;

  @Property({ type: 'integer' })
  scheduledDays!: number;

  @Property({ type: 'integer' })
  learningSteps!: number;

  @Property({ type: 'integer' })
  reps!: number;

  @Property({ type: 'integer' })
  lapses!: number;

  /** ts-fsrs State: 0 New, 1 Learning, 2 Review, 3 Relearning */
  @Property({ type: 'smallint' })
  state!: number;

  @Property({ type: 'timestamptz', nullable: true })
  lastReview?: Date | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  /** the check item `GET /api/practice/next` served the card with, until it is rated */
  @Property({ type: 'text', nullable: true })
  servedQuestionId?: string | null;

  @Property({ type: 'timestamptz', nullable: true })
  servedAt?: Date | null;

  /** the answer `POST /api/practice/answer` graded, until the card is rated */
  @Property({ type: 'text', nullable: true })
  answer?: string | null;

  @Property({ type: 'boolean', nullable: true })
  answerCorrect?: boolean | null;

  @Property({ type: 'timestamptz', nullable: true })
  answeredAt?: Date | null;
}
