/** Every action the audit trail records: admins' changes of a user's access, and Studio's steering of jobs. */
export const AUDIT_ACTIONS = [
  'roles.set',
  'tag.add',
  'tag.remove',
  'tag.visibility',
  'unlock.add',
  'unlock.remove',
  'job.cancel',
  'job.retry',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What a change was done to: a user (their access) or a generation job. */
export type AuditTarget = { userId: string } | { jobId: string };

export interface NewAuditEntry {
  actorId: string;
  action: AuditAction;
  target: AuditTarget;
  details: Record<string, unknown>;
}

export interface AuditRecord {
  id: string;
  actorId: string;
  targetUserId: string | null;
  targetJobId: string | null;
  action: AuditAction;
  details: Record<string, unknown>;
  createdAt: Date;
}

export interface AuditPageQuery {
  order: 'ASC' | 'DESC';
  offset: number;
  limit: number;
  targetUserId?: string;
  actorId?: string;
  action?: AuditAction;
}
