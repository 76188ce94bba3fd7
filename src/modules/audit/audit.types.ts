/**
 * Every action the audit trail records: admins' changes of a user's access, Studio's steering of generation
 * jobs, publishing and discarding a subject's draft, a course's shop visibility, media uploads and attaches,
 * certificate revocations, reviewers' grades, and the operators' changes through the queue dashboard.
 */
export const AUDIT_ACTIONS = [
  'roles.set',
  'tag.add',
  'tag.remove',
  'tag.visibility',
  'unlock.add',
  'unlock.remove',
  'job.cancel',
  'job.retry',
  'version.publish',
  'version.reset',
  'course.visibility',
  'media.upload',
  'media.attach',
  'certificate.revoke',
  'review.grade',
  'queue.pause',
  'queue.resume',
  'queue.retry',
  'queue.promote',
  'queue.clean',
  'queue.empty',
  'queue.job.retry',
  'queue.job.remove',
  'queue.job.promote',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * What the generic target of an entry names: a subject (its versions and its draft; its course in the shop),
 * a media library file, a certificate, a challenge submission (a micro project under review), a queue or a
 * job on a queue (BullMQ's id; the queue is in the details).
 */
export const AUDIT_TARGET_TYPES = ['subject', 'media', 'certificate', 'submission', 'queue', 'queue_job'] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** What a change was done to: a user (their access), a generation job, or one of the generic targets. */
export type AuditTarget = { userId: string } | { jobId: string } | { type: AuditTargetType; id: string };

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
  targetType: AuditTargetType | null;
  targetId: string | null;
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
  targetType?: AuditTargetType;
  targetId?: string;
}
