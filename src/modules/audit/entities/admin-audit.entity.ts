import { Entity, Enum, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES, type AuditAction, type AuditTargetType } from '../audit.types';

/**
 * One change a staff member made: an admin to a user's access (roles, tags, module unlocks), a studio user
 * to a generation job (cancel, retry), or to something named by the generic target (`targetType` +
 * `targetId`: a subject's versions or course, a media file, a certificate, a submission, a queue or a job
 * on one). Written in the same transaction as the change where it has one, right after it otherwise. No
 * foreign keys: the trail outlives what it names. Exactly one target is set (a migration's check says so).
 */
@Entity({ tableName: 'admin_audit' })
@Index({ properties: ['targetUserId', 'createdAt'] })
@Index({ properties: ['targetJobId', 'createdAt'] })
@Index({ properties: ['targetType', 'targetId', 'createdAt'] })
@Index({ properties: ['actorId', 'createdAt'] })
@Index({ properties: ['createdAt'] })
export class AdminAudit {
  [OptionalProps]?: 'createdAt';

  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id!: string;

  /** who made the change */
  @Property({ type: 'uuid' })
  actorId!: string;

  /** the user whose access changed */
  @Property({ type: 'uuid', nullable: true })
  targetUserId?: string | null;

  /** the generation job that was steered */
  @Property({ type: 'text', nullable: true })
  targetJobId?: string | null;

  /** what kind of thing `targetId` names (the entries of users' access and of generation jobs have none) */
  @Enum({ items: [...AUDIT_TARGET_TYPES], nullable: true, nativeEnumName: undefined })
  targetType?: AuditTargetType | null;

  /** a subject id, a media file id, a certificate id, a submission id, a queue name or a queue's job id */
  @Property({ type: 'text', nullable: true })
  targetId?: string | null;

  @Enum({ items: [...AUDIT_ACTIONS], nativeEnumName: undefined })
  action!: AuditAction;

  /** what changed: `{before, after}` roles, `{tag}`, `{subjectId, moduleId}`, a job's `{kind, subjectId, status}`… */
  @Property({ type: 'jsonb' })
  details!: Record<string, unknown>;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt!: Date;
}
