import type { Schema } from '@lp/api-types';

/** A row of the `audit` resource (`GET /api/admin/audit`, admin role): one change a staff member made. */
export type AuditEntry = Schema<'AuditEntryResponse'>;
export type AuditAction = AuditEntry['action'];

/** What each action is called on screen (and in the action filter); every action the API knows has one. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'roles.set': 'Roles changed',
  'tag.add': 'Tag added',
  'tag.remove': 'Tag removed',
  'tag.visibility': 'Tag visibility changed',
  'unlock.add': 'Unlock added',
  'unlock.remove': 'Unlock removed',
  'job.cancel': 'Job cancelled',
  'job.retry': 'Job retried',
  'version.publish': 'Version published',
  'version.reset': 'Draft discarded',
  'course.visibility': 'Course visibility changed',
  'media.upload': 'Media uploaded',
  'media.attach': 'Media attached',
  'certificate.revoke': 'Certificate revoked',
  'review.grade': 'Project graded',
  'queue.pause': 'Queue paused',
  'queue.resume': 'Queue resumed',
  'queue.retry': 'Queue jobs retried',
  'queue.promote': 'Queue jobs promoted',
  'queue.clean': 'Queue cleaned',
  'queue.empty': 'Queue emptied',
  'queue.job.retry': 'Queue job retried',
  'queue.job.remove': 'Queue job removed',
  'queue.job.promote': 'Queue job promoted',
};

export const AUDIT_ACTION_CHOICES = (Object.entries(AUDIT_ACTION_LABELS) as [AuditAction, string][]).map(
  ([id, name]) => ({ id, name }),
);

const text = (value: unknown): string => (value === undefined || value === null ? '?' : String(value));
const list = (value: unknown): string => (Array.isArray(value) && value.length ? value.join(', ') : 'none');
const count = (value: unknown, one: string): string => {
  const n = Array.isArray(value) ? value.length : 0;
  return `${n} ${one}${n === 1 ? '' : 's'}`;
};

/** One audit entry in words: "Roles: learner → learner, clinician", "Published version 4 of metabolic (2 topics)", … */
export const describeAuditEntry = ({
  action,
  details: d,
  targetId,
  targetJobId,
}: Pick<AuditEntry, 'action' | 'details' | 'targetId' | 'targetJobId'>): string => {
  switch (action) {
    case 'roles.set':
      return `Roles: ${list(d.before)} → ${list(d.after)}`;
    case 'tag.add':
      return `Added tag ${text(d.tag)}`;
    case 'tag.remove':
      return `Removed tag ${text(d.tag)}`;
    case 'tag.visibility':
      return `${d.learnerVisible ? 'Showed' : 'Hid'} tag ${text(d.tag)} ${d.learnerVisible ? 'to' : 'from'} the learner`;
    case 'unlock.add':
      return `Unlocked ${text(d.moduleId)} (${text(d.subjectId)})`;
    case 'unlock.remove':
      return `Removed unlock ${text(d.moduleId)} (${text(d.subjectId)})`;
    case 'job.cancel':
    case 'job.retry':
      return `${action === 'job.cancel' ? 'Cancelled' : 'Retried'} ${text(d.kind)} job ${text(targetJobId)} (was ${text(d.status)})`;
    case 'version.publish':
      return `Published version ${text(d.version)} of ${text(targetId)} (${count(d.changedNodes, 'topic')})`;
    case 'version.reset':
      return `Discarded the draft of ${text(targetId)} (${count(d.discardedNodes, 'topic')})`;
    case 'course.visibility': {
      const shown = (d.after as { published?: unknown } | undefined)?.published === true;
      return `${shown ? 'Showed' : 'Hid'} ${text(targetId)} ${shown ? 'in' : 'from'} the shop`;
    }
    case 'media.upload':
      return `Uploaded ${text(d.fileName)} to ${text(d.subjectId)}`;
    case 'media.attach':
      return `Attached ${text(d.fileName)} to topic ${text(d.nodeId)} (${text(d.subjectId)})`;
    case 'certificate.revoke':
      return `Revoked certificate ${text(targetId)}: ${text(d.reason)}`;
    case 'review.grade':
      return `${d.passed ? 'Passed' : 'Failed'} day ${text(d.day)} of ${text(d.challengeId)} (score ${text(d.score)})`;
    case 'queue.pause':
      return `Paused ${text(d.queue)}`;
    case 'queue.resume':
      return `Resumed ${text(d.queue)}`;
    case 'queue.retry':
      return `Retried the ${text(d.status)} jobs of ${text(d.queue)}`;
    case 'queue.promote':
      return `Promoted the delayed jobs of ${text(d.queue)}`;
    case 'queue.clean':
      return `Cleaned the ${text(d.status)} jobs of ${text(d.queue)}`;
    case 'queue.empty':
      return `Emptied ${text(d.queue)}`;
    case 'queue.job.retry':
      return `Retried job ${text(d.jobId)} of ${text(d.queue)}`;
    case 'queue.job.remove':
      return `Removed job ${text(d.jobId)} of ${text(d.queue)}`;
    case 'queue.job.promote':
      return `Promoted job ${text(d.jobId)} of ${text(d.queue)}`;
    default:
      return action;
  }
};
