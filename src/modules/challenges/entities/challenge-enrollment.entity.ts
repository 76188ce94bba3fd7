import { Entity, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * A learner's enrolment in a challenge: one per learner and challenge (the primary key). Day N opens at
 * `dailyUnlockLocalTime` on `startLocalDate + N - 1` in `timezone` (see unlock-time.ts). Written once.
 */
@Entity({ tableName: 'challenge_enrollments' })
@Index({ properties: ['challengeId'] })
@Index({ properties: ['createdAt'] })
export class ChallengeEnrollment {
  [OptionalProps]?: 'createdAt';

  @PrimaryKey({ type: 'uuid' })
  userId!: string;

  @PrimaryKey({ type: 'text' })
  challengeId!: string;

  /** an IANA zone, as Temporal spells it */
  @Property({ type: 'text' })
  timezone!: string;

  /** 'HH:MM' */
  @Property({ type: 'text' })
  dailyUnlockLocalTime!: string;

  @Property({ type: 'date' })
  startLocalDate!: string;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
