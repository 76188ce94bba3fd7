import { Entity, Enum, Index, ManyToOne, PrimaryKey, Property, OptionalProps, type Rel } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { User } from './user.entity';

export type OneTimeTokenKind = 'verify' | 'reset';

/** E-mail verification and password reset tokens: random, stored hashed, single-use, expiring. */
@Entity({ tableName: 'one_time_tokens' })
@Index({ properties: ['user', 'kind'] })
export class OneTimeToken {
  [OptionalProps]?: 'createdAt' | 'usedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { deleteRule: 'cascade', fieldName: 'user_id' })
  user!: Rel<User>;

  @Enum({ items: ['verify', 'reset'], nativeEnumName: undefined })
  kind!: OneTimeTokenKind;

  @Property({ type: 'text', unique: true })
  tokenHash!: string;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz' })
  expiresAt!: Date;

  @Property({ type: 'timestamptz', nullable: true })
  usedAt?: Date | null;
}
