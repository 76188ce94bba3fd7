import { Entity, Enum, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

export const ADMIN_AUDIT_ACTIONS = ['roles.set', 'tag.add', 'tag.remove', 'unlock.add', 'unlock.remove'] as const;
export type AdminAuditAction = (typeof ADMIN_AUDIT_ACTIONS)[number];

/**
 * One change an admin made to a user's access (roles, tags, module unlocks), written in the same
 * transaction as the change. No foreign keys to users: the trail outlives the accounts it names.
 */
@Entity({ tableName: 'admin_audit' })
@Index({ properties: ['targetUserId', 'createdAt'] })
@Index({ properties: ['createdAt'] })
export class AdminAudit {
  [OptionalProps]?: 'createdAt';

  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id!: string;

  /** the admin who made the change */
  @Property({ type: 'uuid' })
  actorId!: string;

  /** the user whose access changed */
  @Property({ type: 'uuid' })
  targetUserId!: string;

  @Enum({ items: [...ADMIN_AUDIT_ACTIONS], nativeEnumName: undefined })
  action!: AdminAuditAction;

  /** what changed: `{before, after}` roles, `{tag}`, or `{subjectId, moduleId}` */
  @Property({ type: 'jsonb' })
  details!: Record<string, unknown>;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt!: Date;
}
