import { Entity, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';

export type QuizKind = 'q_diag' | 'q_final' | 'q_diag_clinician';
export type AttemptStatus = 'open' | 'submitted' | 'abandoned';

/** One sitting of a diagnostic or post test: the questions served, and once submitted, its result. */
@Entity({ tableName: 'quiz_attempts' })
@Index({ properties: ['userId', 'subjectId', 'kind', 'createdAt'] })
export class QuizAttempt {
  [OptionalProps]?: 'status' | 'answers' | 'result' | 'submittedAt' | 'createdAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'uuid' })
  userId!: string;

  @Property({ type: 'text' })
  subjectId!: string;

  @Property({ type: 'text' })
  kind!: QuizKind;

  /** quiz item ids in the order served */
  @Property({ type: 'jsonb' })
  questionIds!: string[];

  /** the answers given so far, in order (an adaptive attempt serves one question at a time) */
  @Property({ type: 'jsonb', default: "'[]'" })
  answers: { questionId: string; answer: string }[] = [];

  /**
   * One open attempt per learner, subject and kind (a partial unique index the migration declares);
   * `abandoned` closed a duplicate when that rule came, with no result and no cooldown.
   */
  @Property({ type: 'text', default: 'open' })
  status: AttemptStatus = 'open';

  @Property({ type: 'jsonb', nullable: true })
  result?: Record<string, unknown> | null;

  @Property({ type: 'timestamptz', nullable: true })
  submittedAt?: Date | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
