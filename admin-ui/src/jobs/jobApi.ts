import { httpClient, ADMIN_API_URL } from '../providers/dataProvider';

export const JOBS = 'jobs';
export const NEWEST_FIRST = { field: 'createdAt', order: 'DESC' } as const;
export const JOBS_PAGE_SIZE = 25;
/** How often the list is read again while a job is queued or running. */
export const LIVE_REFRESH_MS = 2000;

export type JobStatus = 'queued' | 'running' | 'completed' | 'failed' | 'cancelled';

/** A generation job as `GET /api/admin/jobs` answers it. */
export interface Job {
  id: string;
  kind: string;
  subject: string | null;
  status: JobStatus | string;
  progress: number;
  error: string | null;
  resultSubjectId: string | null;
  requestedBy: string | null;
  attempts: number;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  updatedAt: string;
}

export const KIND_LABELS: Record<string, string> = {
  'migrate-content': 'Content migration',
  'crawl-sources': 'Crawl & index',
  'tts-bulk': 'Speech (all sections)',
  'video-render': 'Video render',
};

export const isActive = (job: Pick<Job, 'status'>) => job.status === 'queued' || job.status === 'running';
export const canRetry = (job: Pick<Job, 'status'>) => job.status === 'failed' || job.status === 'cancelled';

/** Dates in US short format with hour and minute, as the spec says. */
export const formatWhen = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('en-US', { dateStyle: 'short', timeStyle: 'short' }) : '';

/** `POST /api/admin/jobs/:id/retry` or `/cancel`; the updated job. */
export async function jobAction(id: string, action: 'retry' | 'cancel'): Promise<Job> {
  const { json } = await httpClient(`${ADMIN_API_URL}/${JOBS}/${encodeURIComponent(id)}/${action}`, {
    method: 'POST',
  });
  return json as Job;
}
