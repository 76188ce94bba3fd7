import { Entity, Index, ManyToOne, PrimaryKey, Property, OptionalProps, type Rel } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { User } from './user.entity';

/**
 * One sign-in: the family of refresh tokens that descend from it. Access tokens name
 * their session, so revoking the session ends them too.
 */
@Entity({ tableName: 'auth_sessions' })
export class AuthSession {
  [OptionalProps]?: 'createdAt' | 'lastUsedAt' | 'revokedAt' | 'revokeReason' | 'userAgent' | 'ip';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { deleteRule: 'cascade', fieldName: 'user_id' })
  @Index()
  user!: Rel<User>;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  /** Absolute end: no refresh extends a session past this. */
  @Property({ type: 'timestamptz' })
  expiresAt!: Date;

  @Property({ type: 'timestamptz', nullable: true })
  lastUsedAt?: Date | null;

  @Property({ type: 'timestamptz', nullable: true })
  revokedAt?: Date | null;

  @Property({ type: 'text', nullable: true })
  revokeReason?: string | null;

  @Property({ type: 'text', nullable: true })
  userAgent?: string | null;

  @Property({ type: 'text', nullable: true })
  ip?: string | null;
}
