import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * A UTC day on which a learner submitted a diagnostic (either kind), with their diagnostic day before it. Kept by
 * a trigger on `quiz_attempts` in the transaction of the change (Migration20261209010000DiagnosticDays): a
 * learner took a diagnostic in a period when one of their days in it has no day before it inside the period, so
 * the owner's dashboard counts a period's takers from the (day, prevDay) index alone.
 */
@Entity({ tableName: 'diagnostic_days' })
@Index({ name: 'diagnostic_days_day_prev_day_index', properties: ['day', 'prevDay'] })
export class DiagnosticDay {
  @PrimaryKey({ type: 'uuid' })
  userId!: string;

  @PrimaryKey({ type: 'date' })
  day!: string;

  @Property({ type: 'date', nullable: true })
  prevDay?: string | null;
}
