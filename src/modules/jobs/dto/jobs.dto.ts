import { ApiProperty } from '@nestjs/swagger';
import { Matches, MaxLength } from 'class-validator';
import { raListQueryDto, type RaListSpec } from '../../../common/http/ra-list';
import { JOBS } from '../../../queues/queues';
import type { GenerationJobRecord } from '../generation-jobs.repository';

export const JOB_STATUSES = ['queued', 'running', 'completed', 'failed', 'cancelled'] as const;
/** The long jobs Studio lists (mail and one-section speech are requests, not generation jobs). */
export const JOB_KINDS = [JOBS.migrateContent, JOBS.crawlSources, JOBS.ttsBulk, JOBS.videoRender] as const;

export const JOB_SORT_FIELDS = ['createdAt', 'updatedAt', 'status', 'kind', 'subjectId', 'progress'] as const;
export type JobSortField = (typeof JOB_SORT_FIELDS)[number];

const JOB_FILTERS = { status: 'string', kind: 'string', subjectId: 'string', subject: 'string', id: 'ids' } as const;

/** What `GET /api/admin/jobs` sorts and filters by; newest first. */
export const JOB_LIST: RaListSpec<JobSortField, typeof JOB_FILTERS> = {
  resource: 'jobs',
  sortFields: JOB_SORT_FIELDS,
  defaultSort: { field: 'createdAt', order: 'DESC' },
  filters: JOB_FILTERS,
  maxPageSize: 100,
};

export class JobListQueryDto extends raListQueryDto({
  sortFields: JOB_SORT_FIELDS,
  sortExample: '["createdAt","DESC"]',
  filter: `status (${JOB_STATUSES.join(', ')}), kind (${JOB_KINDS.join(', ')}), subject or subjectId (a subject id), id (list of job ids)`,
  filterExample: '{"status":"failed"}',
  maxPageSize: JOB_LIST.maxPageSize,
}) {}

export class JobIdParam {
  @ApiProperty({ example: 'tts-5b0f…' })
  @MaxLength(200, { message: 'not a job id' })
  @Matches(/^[A-Za-z0-9_.:-]+$/, { message: 'not a job id' })
  id!: string;
}

export class JobResponse {
  @ApiProperty({ example: 'tts-5b0f…' }) id!: string;
  @ApiProperty({ enum: JOB_KINDS, example: JOBS.ttsBulk }) kind!: string;
  @ApiProperty({ type: String, nullable: true, description: 'the subject the job works on; null for all subjects' })
  subject!: string | null;
  @ApiProperty({ enum: JOB_STATUSES }) status!: string;
  @ApiProperty({ description: '0..1' }) progress!: number;
  @ApiProperty({ type: String, nullable: true }) error!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'the subject the finished job produced or changed' })
  resultSubjectId!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'who started it (user id)' })
  requestedBy!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description:
      "the X-Request-Id of the request that queued (or last retried) it: find its lines in the API's and worker's logs",
  })
  requestId!: string | null;
  @ApiProperty({ description: 'attempts the worker has started' }) attempts!: number;
  @ApiProperty() createdAt!: string;
  @ApiProperty({ type: String, nullable: true }) startedAt!: string | null;
  @ApiProperty({ type: String, nullable: true }) finishedAt!: string | null;
  @ApiProperty() updatedAt!: string;
}

export class JobDetailResponse extends JobResponse {
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'the job input (what a retry runs again)' })
  input!: Record<string, unknown>;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    nullable: true,
    description: 'what the job returned; null while it runs and when it failed',
  })
  result!: unknown;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export function toJobResponse(job: GenerationJobRecord): JobResponse {
  return {
    id: job.id,
    kind: job.kind,
    subject: job.subjectId,
    status: job.status,
    progress: Number(job.progress),
    error: job.error,
    resultSubjectId: job.resultSubjectId,
    requestedBy: job.requestedBy,
    requestId: job.requestId,
    attempts: job.attempts,
    createdAt: iso(job.createdAt)!,
    startedAt: iso(job.startedAt),
    finishedAt: iso(job.finishedAt),
    updatedAt: iso(job.updatedAt)!,
  };
}

export function toJobDetailResponse(job: GenerationJobRecord): JobDetailResponse {
  // requestedBy is in the input too; a job's input holds nothing secret (subject, sections, options, a URL)
  return { ...toJobResponse(job), input: job.input, result: job.result ?? null };
}
