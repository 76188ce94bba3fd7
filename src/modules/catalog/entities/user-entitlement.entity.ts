import { Entity, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';

/** 'suspended': the payment is disputed (a chargeback); only 'active' opens the course. */
export type EntitlementStatus = 'active' | 'refunded' | 'revoked' | 'suspended';

/** Access to a subject. One row per user and subject; status 'active' gates the course. */
@Entity({ tableName: 'user_entitlements' })
@Unique({ properties: ['userId', 'subjectId'] })
export class UserEntitlement {
  [OptionalProps]?: 'status' | 'checkoutSessionId' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'uuid' })
  userId!: string;

  @Property({ type: 'text' })
  subjectId!: string;

  @Property({ type: 'text', default: 'active' })
  status: EntitlementStatus = 'active';

  @Property({ type: 'text', nullable: true })
  checkoutSessionId?: string | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  updatedAt: Date = new Date();
}
