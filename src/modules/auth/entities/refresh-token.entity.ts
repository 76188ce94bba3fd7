import { Entity, Index, ManyToOne, PrimaryKey, Property, OptionalProps, type Rel } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { AuthSession } from './auth-session.entity';

/** An opaque refresh token, stored as its SHA-256; used once, then replaced. */
@Entity({ tableName: 'refresh_tokens' })
export class RefreshToken {
  [OptionalProps]?: 'createdAt' | 'usedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => AuthSession, { deleteRule: 'cascade', fieldName: 'session_id' })
  @Index()
  session!: Rel<AuthSession>;

  @Property({ type: 'text', unique: true })
  tokenHash!: string;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz' })
  expiresAt!: Date;

  /** Set when the token is exchanged; a second exchange after the grace period is reuse. */
  @Property({ type: 'timestamptz', nullable: true })
  usedAt?: Date | null;
}
