import { Collection, Entity, Index, OneToMany, PrimaryKey, Property, OptionalProps } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { UserRole } from './user-role.entity';

@Entity({ tableName: 'users' })
@Index({ properties: ['createdAt'] })
export class User {
  [OptionalProps]?: 'createdAt' | 'updatedAt' | 'emailVerifiedAt' | 'displayName' | 'pendingCheckout';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  /** Stored lower-cased; unique. */
  @Property({ type: 'text', unique: true })
  email!: string;

  @Property({ type: 'text', hidden: true })
  passwordHash!: string;

  @Property({ type: 'timestamptz', nullable: true })
  emailVerifiedAt?: Date | null;

  /** The name on certificates, chosen by the learner; the greeting stays the e-mail's local part. */
  @Property({ type: 'text', nullable: true })
  displayName?: string | null;

  /** The purchase a new account was registered for, resumed once by its first sign-in. */
  @Property({ type: 'jsonb', nullable: true })
  pendingCheckout?: { subjectId: string; priceId: string | null; at: string } | null;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', onUpdate: () => new Date() })
  updatedAt: Date = new Date();

  @OneToMany(() => UserRole, (r) => r.user)
  roles = new Collection<UserRole>(this);
}
