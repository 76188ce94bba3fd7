import { Entity, Enum, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { AUDIT_ACTIONS, type AuditAction } from '../audit.types';

/**
 * One change a staff member made: an admin to a user's access (roles, tags, module unlocks), or a studio
 * user to a generation job (cancel, retry). Written in the same transaction as the change where it has
 * one. No foreign keys to users or jobs: the trail outlives the accounts and jobs it names. Exactly one
 * target is set (a migration's check says so).
 */
@Entity({ tableName: 'admin_audit' })
@Index({ properties: ['targetUserId', 'createdAt'] })
@Index({ properties: ['targetJobId', 'createdAt'] })
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

  @Enum({ items: [...AUDIT_ACTIONS], nativeEnumName: undefined })
  action!: AuditAction;

  /** what changed: `{before, after}` roles, `{tag}`, `{subjectId, moduleId}`, or a job's `{kind, subjectId, status}` */
  @Property({ type: 'jsonb' })
  details!: Record<string, unknown>;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt!: Date;
}
