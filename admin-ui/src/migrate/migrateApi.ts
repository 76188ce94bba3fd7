import { HttpError } from 'react-admin';

import { ADMIN_API_URL, httpClient } from '../providers/dataProvider';

export const MIGRATE_URL = `${ADMIN_API_URL}/migrate`;

/** Where the migration reads courses from. */
export type MigrationSource = 'bundled' | 'rest';

export type MigrationRequest = { source: 'bundled' } | { source: 'rest'; baseUrl: string };

export interface MigratedSubject {
  id: string;
  nodes: number;
  created: number;
  updated: number;
  unchanged: number;
}

export interface SkippedItem {
  subject: string;
  id: string;
  reason: string;
}

/** The 200 answer of `POST /api/admin/migrate`, sent once the job has finished. */
export interface MigrationResult {
  jobId: string;
  totalMigrated: number;
  subjects: MigratedSubject[];
  skipped: SkippedItem[];
  challenges: number;
}

export const FALLBACK_FAILURE_MESSAGE = 'Failed to migrate content';

/** Whether `value` looks like an absolute http(s) URL with a host. */
export const isHttpUrl = (value: string): boolean => {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return false;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
};

/** The JSON body: `{}` for the bundled content folder, `{ source: 'rest', baseUrl }` for a legacy API. */
export const migrationBody = (request: MigrationRequest): Record<string, string> =>
  request.source === 'rest' ? { source: 'rest', baseUrl: request.baseUrl.trim() } : {};

/** Runs the migration through the shared authenticated httpClient; resolves when the job is done. */
export const startMigration = async (request: MigrationRequest): Promise<MigrationResult> => {
  const { json } = await httpClient(MIGRATE_URL, {
    method: 'POST',
    body: JSON.stringify(migrationBody(request)),
  });
  const body = json as Partial<MigrationResult> | undefined;
  if (!body || typeof body.totalMigrated !== 'number') {
    throw new Error('Unexpected answer from the migration endpoint');
  }
  return {
    jobId: String(body.jobId ?? ''),
    totalMigrated: body.totalMigrated,
    subjects: Array.isArray(body.subjects) ? body.subjects : [],
    skipped: Array.isArray(body.skipped) ? body.skipped : [],
    challenges: typeof body.challenges === 'number' ? body.challenges : 0,
  };
};

/**
 * The `message` of a `{ statusCode, error, message }` error body, or the fallback text when the
 * server sent none (network failure, empty or non-JSON body, unexpected answer).
 */
export const migrationErrorMessage = (error: unknown): string => {
  if (error instanceof HttpError) {
    const message = (error.body as { message?: unknown } | undefined)?.message;
    if (typeof message === 'string' && message.trim()) return message;
    // NestJS validation errors may carry a list of messages.
    if (Array.isArray(message) && message.length && message.every((m) => typeof m === 'string')) {
      return message.join('; ');
    }
  }
  return FALLBACK_FAILURE_MESSAGE;
};
