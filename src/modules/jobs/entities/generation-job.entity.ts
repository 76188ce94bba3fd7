import { Entity, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

export type GenerationJobStatus = 'queued' | 'running' | 'completed' | 'failed' | 'cancelled';

/**
 * One long job the platform runs (content migration, crawl, bulk speech, video rendering), as Studio's
 * Jobs screen shows it. The id is the BullMQ job's id; the worker keeps the row in step with the job.
 */
@Entity({ tableName: 'generation_jobs' })
@Index({ properties: ['status', 'createdAt'] })
@Index({ properties: ['kind', 'subjectId', 'status'] })
export class GenerationJob {
  [OptionalProps]?: 'status' | 'progress' | 'attempts' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'text' })
  id!: string;

  /** the BullMQ job name, e.g. `tts-bulk` */
  @Property({ type: 'text' })
  kind!: string;

  @Property({ type: 'text' })
  queue!: string;

  /** null for a job over every subject (a content migration) */
  @Property({ type: 'text', nullable: true })
  subjectId?: string | null;

  @Property({ type: 'text', default: 'queued' })
  status: GenerationJobStatus = 'queued';

  /** 0..1 */
  @Property({ type: 'double', default: 0 })
  progress = 0;

  @Property({ type: 'text', nullable: true })
  error?: string | null;

  @Property({ type: 'text', nullable: true })
  resultSubjectId?: string | null;

  /** the job's payload, so a retry runs it again with the same input */
  @Property({ type: 'json' })
  input!: Record<string, unknown>;

  /** what the job returned (its summary) */
  @Property({ type: 'json', nullable: true })
  result?: unknown;

  @Property({ type: 'uuid', nullable: true })
  requestedBy?: string | null;

  /** the X-Request-Id of the request that queued (or last retried) the job, to follow a click into the worker's log */
  @Property({ type: 'text', nullable: true })
  requestId?: string | null;

  /** attempts the worker has started (BullMQ retries and Studio's Retry included) */
  @Property({ type: 'int', default: 0 })
  attempts = 0;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  startedAt?: Date | null;

  @Property({ type: 'timestamptz', nullable: true })
  finishedAt?: Date | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  updatedAt: Date = new Date();
}
