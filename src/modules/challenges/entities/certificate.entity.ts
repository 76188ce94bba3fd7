import { Entity, Index, PrimaryKey, Property, Unique } from '@mikro-orm/core';

/** What a certificate certifies, copied at issue time so later edits of the challenge or the account change nothing. */
export interface CertificateSnapshot {
  /** the learner as the certificate names them: the local part of their e-mail address */
  learnerName: string;
  challengeId: string;
  challengeName: string;
  subjectId: string;
  subjectTitle: string;
  /** how many days the challenge had */
  days: number;
  issuedAt: string;
  /** the subject's latest published content version at issue time: 0 = as imported, before any Studio publish */
  contentVersion: number;
  /** the challenge's real span (issue 27): when the first passed day unlocked, ISO 8601 */
  activityStartDate?: string;
  /** when the last passed day was passed, ISO 8601 */
  activityEndDate?: string;
}

/**
 * A learner's certificate of a completed challenge: one per learner and challenge, its snapshot and
 * the signed Open Badges 3.0 credential (a VC-JWT), with its bit in the revocation status list.
 */
@Entity({ tableName: 'certificates' })
@Unique({ properties: ['userId', 'challengeId'] })
@Index({ properties: ['issuedAt'] })
export class Certificate {
  /** 128 random bits, base64url: the public, unguessable id */
  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'uuid' })
  userId!: string;

  @Property({ type: 'text' })
  challengeId!: string;

  @Property({ type: 'text' })
  subjectId!: string;

  @Property({ type: 'jsonb' })
  snapshot!: CertificateSnapshot;

  @Property({ type: 'text' })
  credentialJwt!: string;

  /** the certificate's bit in the revocation status list (allocated from certificates_status_index_seq) */
  @Property({ type: 'integer', unique: true })
  statusIndex!: number;

  @Property({ type: 'timestamptz' })
  issuedAt!: Date;

  @Property({ type: 'timestamptz', nullable: true })
  revokedAt?: Date | null;

  @Property({ type: 'text', nullable: true })
  revokedReason?: string | null;

  /** the admin who revoked it (no foreign key: the record outlives the account) */
  @Property({ type: 'uuid', nullable: true })
  revokedBy?: string | null;
}
