import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';

/** A review as it happened: the rating given, whether the answer was right, and when. */
@Entity({ tableName: 'practice_reviews' })
@Index({ properties: ['userId', 'subjectId', 'reviewedAt'] })
export class PracticeReview {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'uuid' })
  userId!: string;

  @Property({ type: 'text' })
  subjectId!: string;

  @Property({ type: 'text' })
  nodeId!: string;

  /** the spec's rating: 0 Again, 1 Hard, 3 Good, 5 Easy */
  @Property({ type: 'smallint' })
  rating!: number;

  @Property({ type: 'boolean', nullable: true })
  correct?: boolean | null;

  /** the check item answered before the rating */
  @Property({ type: 'text', nullable: true })
  questionId?: string | null;

  @Property({ type: 'timestamptz' })
  reviewedAt!: Date;

  /** interval the review scheduled, in days */
  @Property({ type: 'integer' })
  scheduledDays!: number;
}
