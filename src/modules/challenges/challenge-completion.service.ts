import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';
import { CertificatesService } from './certificates/certificates.service';
import { ChallengesRepository, type DayKey } from './challenges.repository';
import { unlockAtIso } from './unlock-time';

/**
 * A day is passed when its quiz passed and its project passed; a challenge is completed when every day
 * is passed, and then its certificate is issued.
 *
 * Race safety: every change to a learner's progress runs in a transaction that first locks the learner's
 * enrolment row (ChallengesRepository.lockEnrollment), so two last submissions are decided one after the
 * other and the second sees the first's day passed. The certificate is issued after the transaction
 * commits (issuing signs and stores a credential elsewhere; a failure there must not undo a grade), and
 * `issueIfNotIssued` is idempotent, so two callers never make two certificates.
 */
@Injectable()
export class ChallengeCompletionService {
  private readonly logger = new Logger(ChallengeCompletionService.name);

  constructor(
    private readonly repo: ChallengesRepository,
    private readonly certificates: CertificatesService,
  ) {}

  /**
   * Inside the caller's transaction, after a change to the day: passes the day when it is done and says
   * whether that completed the challenge (only the change that passes the last day answers true).
   */
  async afterDayChange(tx: EntityManager, key: DayKey, daysCount: number, at: Date): Promise<boolean> {
    if (!(await this.repo.passDayIfDone(tx, key, at))) return false;
    return (await this.repo.countPassedDays(tx, key.userId, key.challengeId, daysCount)) >= daysCount;
  }

  /**
   * After the commit of a change that completed the challenge. A failure is logged, not thrown: the grade
   * that completed the challenge is stored, and reading the progress issues a missing certificate again.
   * `needsName`: nothing was issued because the learner has not chosen the name their certificate shows.
   */
  async issueCertificate(userId: string, challengeId: string): Promise<{ id: string | null; needsName: boolean }> {
    try {
      const issued = await this.certificates.issueIfNotIssued(
        userId,
        challengeId,
        await this.activity(userId, challengeId),
      );
      return issued ? { id: issued.id, needsName: false } : { id: null, needsName: true };
    } catch (err) {
      this.logger.error({ err, userId, challengeId }, 'Could not issue the certificate of a completed challenge');
      return { id: null, needsName: false };
    }
  }

  /**
   * The challenge's real span, as the credential states it: from the unlock instant of the first passed day to
   * when the last passed day was passed (by the challenge clock, which decides unlocks).
   */
  async activity(userId: string, challengeId: string): Promise<{ startDate: string; endDate: string } | undefined> {
    const [enrollment, days] = await Promise.all([
      this.repo.getEnrollment(userId, challengeId),
      this.repo.passedDays(userId, challengeId),
    ]);
    if (!enrollment || days.length === 0) return undefined;
    const { startLocalDate, timezone, dailyUnlockLocalTime } = enrollment;
    const end = Math.max(...days.map((d) => new Date(d.passedAt).getTime()));
    return {
      startDate: unlockAtIso(startLocalDate, days[0].day, timezone, dailyUnlockLocalTime),
      endDate: new Date(end).toISOString(),
    };
  }

  /** The learner's certificate for the challenge; for a completed one without any, issues it now (given a name). */
  async certificateFor(
    userId: string,
    challengeId: string,
    completed: boolean,
  ): Promise<{ id: string | null; needsName: boolean }> {
    const id = await this.certificates.idFor(userId, challengeId);
    if (id || !completed) return { id, needsName: false };
    return this.issueCertificate(userId, challengeId);
  }
}
