import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type {
  ChallengeDayLesson,
  ChallengeMicroProject,
  ChallengeQuizItem,
  ChallengeRubric,
  ProjectGrader,
  ProjectStatus,
  SubmissionStatus,
} from './entities';

export interface ChallengeRecord {
  id: string;
  subjectId: string;
  name: string;
  tagline: string;
  daysCount: number;
}

/** A day's content; its JSON documents (lesson, quiz, micro project, rubric) keep the content pack's names. */
export interface DayRecord {
  challengeId: string;
  day: number;
  title: string;
  tool: string;
  estMinutes: number | null;
  lesson: ChallengeDayLesson;
  quiz: ChallengeQuizItem[];
  microProject: ChallengeMicroProject;
  rubric: ChallengeRubric;
}

export type SyllabusDayRecord = Pick<DayRecord, 'day' | 'title' | 'tool' | 'estMinutes'>;

export interface EnrollmentRecord {
  userId: string;
  challengeId: string;
  timezone: string;
  dailyUnlockLocalTime: string;
  /** 'YYYY-MM-DD' */
  startLocalDate: string;
  createdAt: Date;
}

export interface DayProgressRecord {
  day: number;
  quizBestScore: number | null;
  quizPassed: boolean;
  projectStatus: ProjectStatus | null;
  projectScore: number | null;
  projectFeedback: string | null;
  projectGradedBy: ProjectGrader | null;
  passed: boolean;
}

export interface SubmissionRecord {
  id: string;
  userId: string;
  challengeId: string;
  day: number;
  payload: Record<string, string>;
  status: SubmissionStatus;
  botPassed: boolean | null;
  botScore: number | null;
  botFeedback: string | null;
  reviewerPassed: boolean | null;
  reviewerScore: number | null;
  reviewerNote: string | null;
  gradedBy: string | null;
  gradedAt: Date | null;
  createdAt: Date;
}

/** A submission with what the review queue shows about its challenge and day. */
export interface ReviewRecord extends SubmissionRecord {
  challengeName: string;
  subjectId: string;
  dayTitle: string | null;
  /** the day's micro project's expected fields */
  expectedFields: string[] | null;
  /** the day's rubric criteria */
  criteria: string[] | null;
}

/** How many learners enrolled in a challenge. */
export interface EnrollmentCountRecord {
  challengeId: string;
  count: number;
}

export interface ReviewQuery {
  status?: SubmissionStatus;
  challengeId?: string;
  userId?: string;
  ids?: string[];
  sort: 'createdAt' | 'status' | 'challengeId' | 'day';
  order: 'ASC' | 'DESC';
  offset: number;
  limit: number;
}

const CHALLENGE_COLUMNS = `id, subject_id as "subjectId", name, tagline, days_count as "daysCount"`;
const ENROLLMENT_COLUMNS = `user_id as "userId", challenge_id as "challengeId", timezone,
  daily_unlock_local_time as "dailyUnlockLocalTime", start_local_date::text as "startLocalDate", created_at as "createdAt"`;
const PROGRESS_COLUMNS = `day, quiz_best_score as "quizBestScore", quiz_passed as "quizPassed", project_status as "projectStatus",
  project_score as "projectScore", project_feedback as "projectFeedback", project_graded_by as "projectGradedBy", passed`;
const SUBMISSION_COLUMNS = `s.id, s.user_id as "userId", s.challenge_id as "challengeId", s.day, s.payload, s.status,
  s.bot_passed as "botPassed", s.bot_score as "botScore", s.bot_feedback as "botFeedback",
  s.reviewer_passed as "reviewerPassed", s.reviewer_score as "reviewerScore", s.reviewer_note as "reviewerNote",
  s.graded_by as "gradedBy", s.graded_at as "gradedAt", s.created_at as "createdAt"`;
const REVIEW_SORT: Record<ReviewQuery['sort'], string> = {
  createdAt: 's.created_at',
  status: 's.status',
  challengeId: 's.challenge_id',
  day: 's.day',
};

const REVIEW_SELECT = `select ${SUBMISSION_COLUMNS}, c.name as "challengeName", c.subject_id as "subjectId", d.title as "dayTitle",
         (select jsonb_agg(case when jsonb_typeof(e.f) = 'string' then e.f #>> '{}' else e.f ->> 'name' end order by e.i)
            from jsonb_array_elements(d.micro_project -> 'expected_fields') with ordinality as e(f, i)) as "expectedFields",
         d.rubric -> 'criteria' as criteria
    from challenge_submissions s
    join challenges c on c.id = s.challenge_id
    left join challenge_days d on d.challenge_id = s.challenge_id and d.day = s.day`;

export interface DayKey {
  userId: string;
  challengeId: string;
  day: number;
}

/**
 * Challenges, their days, enrolments, per-day progress and submissions. Reads without a transaction
 * use the request's EntityManager; writes take the caller's transaction `tx`.
 */
@Injectable()
export class ChallengesRepository {
  constructor(private readonly em: EntityManager) {}

  // ---- content ---------------------------------------------------------------------------------

  /** In import order (the content's order). */
  listChallenges(): Promise<ChallengeRecord[]> {
    return this.em.execute<ChallengeRecord[]>(`select ${CHALLENGE_COLUMNS} from challenges order by created_at, id`);
  }

  async getChallenge(id: string): Promise<ChallengeRecord | null> {
    const rows = await this.em.execute<ChallengeRecord[]>(`select ${CHALLENGE_COLUMNS} from challenges where id = ?`, [
      id,
    ]);
    return rows[0] ?? null;
  }

  listDays(challengeId: string): Promise<SyllabusDayRecord[]> {
    return this.em.execute<SyllabusDayRecord[]>(
      'select day, title, tool, est_minutes as "estMinutes" from challenge_days where challenge_id = ? order by day',
      [challengeId],
    );
  }

  async getDay(challengeId: string, day: number): Promise<DayRecord | null> {
    const rows = await this.em.execute<DayRecord[]>(
      `select challenge_id as "challengeId", day, title, tool, est_minutes as "estMinutes", lesson, quiz,
              micro_project as "microProject", rubric
         from challenge_days where challenge_id = ? and day = ?`,
      [challengeId, day],
    );
    return rows[0] ?? null;
  }

  // ---- enrolments ------------------------------------------------------------------------------

  async getEnrollment(userId: string, challengeId: string): Promise<EnrollmentRecord | null> {
    const rows = await this.em.execute<EnrollmentRecord[]>(
      `select ${ENROLLMENT_COLUMNS} from challenge_enrollments where user_id = ? and challenge_id = ?`,
      [userId, challengeId],
    );
    return rows[0] ?? null;
  }

  /** Creates the enrolment unless one exists (racing enrols create one); true when this call created it. */
  async insertEnrollment(
    userId: string,
    challengeId: string,
    e: { timezone: string; dailyUnlockLocalTime: string; startLocalDate: string },
  ): Promise<boolean> {
    const rows = await this.em.execute<{ user_id: string }[]>(
      `insert into challenge_enrollments (user_id, challenge_id, timezone, daily_unlock_local_time, start_local_date)
       values (?, ?, ?, ?, ?::date)
       on conflict (user_id, challenge_id) do nothing
       returning user_id`,
      [userId, challengeId, e.timezone, e.dailyUnlockLocalTime, e.startLocalDate],
    );
    return rows.length > 0;
  }

  /**
   * The enrolment, locked until the transaction ends: every change to a learner's progress in a
   * challenge takes this lock first, so "is every day passed now?" is answered by one of them at a time.
   */
  async lockEnrollment(tx: EntityManager, userId: string, challengeId: string): Promise<EnrollmentRecord | null> {
    const rows = await tx.execute<EnrollmentRecord[]>(
      `select ${ENROLLMENT_COLUMNS} from challenge_enrollments where user_id = ? and challenge_id = ? for update`,
      [userId, challengeId],
    );
    return rows[0] ?? null;
  }

  /** Enrolments per challenge, every challenge listed (0 included), in content order. */
  enrollmentCounts(): Promise<EnrollmentCountRecord[]> {
    return this.em.execute<EnrollmentCountRecord[]>(
      `select c.id as "challengeId", count(e.user_id)::int as count
         from challenges c left join challenge_enrollments e on e.challenge_id = c.id
        group by c.id, c.created_at order by c.created_at, c.id`,
    );
  }

  // ---- progress --------------------------------------------------------------------------------

  listProgress(userId: string, challengeId: string): Promise<DayProgressRecord[]> {
    return this.em.execute<DayProgressRecord[]>(
      `select ${PROGRESS_COLUMNS} from challenge_day_progress where user_id = ? and challenge_id = ? order by day`,
      [userId, challengeId],
    );
  }

  /**
   * The learner's served option order of the day's quiz and whether they passed it: the stored one, or
   * `fresh` stored now when there is none (racing first reads agree on one).
   */
  async serveQuizOrder(key: DayKey, fresh: number[][]): Promise<{ quizOrder: number[][]; quizPassed: boolean }> {
    const rows = await this.em.execute<{ quizOrder: number[][]; quizPassed: boolean }[]>(
      `insert into challenge_day_progress as p (user_id, challenge_id, day, quiz_order, updated_at)
       values (?, ?, ?, ?::jsonb, now())
       on conflict (user_id, challenge_id, day) do update set quiz_order = coalesce(p.quiz_order, excluded.quiz_order)
       returning quiz_order as "quizOrder", quiz_passed as "quizPassed"`,
      [key.userId, key.challengeId, key.day, JSON.stringify(fresh)],
    );
    return rows[0];
  }

  /** Replaces a served order that no longer fits the day's quiz (its content changed). */
  async replaceQuizOrder(key: DayKey, order: number[][]): Promise<void> {
    await this.em.execute(
      `update challenge_day_progress set quiz_order = ?::jsonb where user_id = ? and challenge_id = ? and day = ?`,
      [JSON.stringify(order), key.userId, key.challengeId, key.day],
    );
  }

  /** What grading a quiz submission needs: the served order and today's count of tries (inside the enrolment lock). */
  async quizState(
    tx: EntityManager,
    key: DayKey,
  ): Promise<{ quizOrder: number[][] | null; quizTriesDate: string | null; quizTries: number } | null> {
    const rows = await tx.execute<{ quizOrder: number[][] | null; quizTriesDate: string | null; quizTries: number }[]>(
      `select quiz_order as "quizOrder", quiz_tries_date::text as "quizTriesDate", quiz_tries as "quizTries"
         from challenge_day_progress where user_id = ? and challenge_id = ? and day = ?`,
      [key.userId, key.challengeId, key.day],
    );
    return rows[0] ?? null;
  }

  /**
   * One quiz submission: the best score is kept; a passed quiz stays passed; today's tries (`triesDate`, the
   * learner-local date) become `tries`; `order` is the order the next serve shows.
   */
  async recordQuiz(
    tx: EntityManager,
    key: DayKey,
    attempt: { score: number; passed: boolean; at: Date; triesDate: string; tries: number; order: number[][] },
  ): Promise<void> {
    await tx.execute(
      `insert into challenge_day_progress as p (user_id, challenge_id, day, quiz_best_score, quiz_passed, quiz_attempts,
                                                quiz_last_attempt_at, quiz_tries_date, quiz_tries, quiz_order, updated_at)
       values (?, ?, ?, ?, ?, 1, ?, ?::date, ?, ?::jsonb, ?)
       on conflict (user_id, challenge_id, day) do update set
         quiz_best_score = greatest(p.quiz_best_score, excluded.quiz_best_score),
         quiz_passed = p.quiz_passed or excluded.quiz_passed,
         quiz_attempts = p.quiz_attempts + 1,
         quiz_last_attempt_at = excluded.quiz_last_attempt_at,
         quiz_tries_date = excluded.quiz_tries_date,
         quiz_tries = excluded.quiz_tries,
         quiz_order = excluded.quiz_order,
         updated_at = excluded.updated_at`,
      [
        key.userId,
        key.challengeId,
        key.day,
        attempt.score,
        attempt.passed,
        attempt.at,
        attempt.triesDate,
        attempt.tries,
        JSON.stringify(attempt.order),
        attempt.at,
      ],
    );
  }

  /** A new project awaits its verdict; a project that has passed stays passed. */
  async markProjectPending(tx: EntityManager, key: DayKey, at: Date): Promise<void> {
    await tx.execute(
      `insert into challenge_day_progress as p (user_id, challenge_id, day, project_status, project_updated_at, updated_at)
       values (?, ?, ?, 'pending', ?, ?)
       on conflict (user_id, challenge_id, day) do update set
         project_status = case when p.project_status = 'passed' then 'passed' else 'pending' end,
         project_score = case when p.project_status = 'passed' then p.project_score end,
         project_feedback = case when p.project_status = 'passed' then p.project_feedback end,
         project_graded_by = case when p.project_status = 'passed' then p.project_graded_by end,
         project_updated_at = excluded.project_updated_at,
         updated_at = excluded.updated_at`,
      [key.userId, key.challengeId, key.day, at, at],
    );
  }

  /** The bot's score and feedback on a project still waiting for a reviewer. */
  async noteBotOpinion(tx: EntityManager, key: DayKey, v: { score: number; feedback: string; at: Date }) {
    await tx.execute(
      `update challenge_day_progress set project_score = ?, project_feedback = ?, project_updated_at = ?, updated_at = ?
        where user_id = ? and challenge_id = ? and day = ? and project_status = 'pending'`,
      [v.score, v.feedback, v.at, v.at, key.userId, key.challengeId, key.day],
    );
  }

  /** The bot passed the project, but too narrowly to certify alone: a reviewer decides (see botAssess). */
  async awaitReview(tx: EntityManager, key: DayKey, v: { score: number; feedback: string; at: Date }) {
    await tx.execute(
      `update challenge_day_progress set project_status = 'awaiting-review', project_score = ?, project_feedback = ?,
              project_updated_at = ?, updated_at = ?
        where user_id = ? and challenge_id = ? and day = ? and project_status = 'pending'`,
      [v.score, v.feedback, v.at, v.at, key.userId, key.challengeId, key.day],
    );
  }

  /** Each day's project verdict (inside the enrolment lock) with the day's pass mark, for the narrow-pass rule. */
  async projectVerdicts(
    tx: EntityManager,
    userId: string,
    challengeId: string,
  ): Promise<
    {
      day: number;
      status: ProjectStatus | null;
      score: number | null;
      gradedBy: ProjectGrader | null;
      rubric: ChallengeRubric | null;
    }[]
  > {
    return tx.execute(
      `select d.day, p.project_status as status, p.project_score as score, p.project_graded_by as "gradedBy", d.rubric
         from challenge_days d
         left join challenge_day_progress p on p.challenge_id = d.challenge_id and p.day = d.day and p.user_id = ?
        where d.challenge_id = ? order by d.day`,
      [userId, challengeId],
    );
  }

  /** A passing verdict (bot or reviewer). */
  async passProject(
    tx: EntityManager,
    key: DayKey,
    v: { score: number; feedback: string | null; gradedBy: ProjectGrader; at: Date },
  ): Promise<void> {
    await tx.execute(
      `insert into challenge_day_progress as p (user_id, challenge_id, day, project_status, project_score, project_feedback, project_graded_by, project_updated_at, updated_at)
       values (?, ?, ?, 'passed', ?, ?, ?, ?, ?)
       on conflict (user_id, challenge_id, day) do update set
         project_status = 'passed', project_score = excluded.project_score, project_feedback = excluded.project_feedback,
         project_graded_by = excluded.project_graded_by, project_updated_at = excluded.project_updated_at,
         updated_at = excluded.updated_at`,
      [key.userId, key.challengeId, key.day, v.score, v.feedback, v.gradedBy, v.at, v.at],
    );
  }

  /** A reviewer's failing verdict; it never takes back a pass the project already has. */
  async failProject(tx: EntityManager, key: DayKey, v: { score: number; feedback: string | null; at: Date }) {
    await tx.execute(
      `update challenge_day_progress
          set project_status = 'failed', project_score = ?, project_feedback = ?, project_graded_by = 'reviewer',
              project_updated_at = ?, updated_at = ?
        where user_id = ? and challenge_id = ? and day = ? and project_status is distinct from 'passed'`,
      [v.score, v.feedback, v.at, v.at, key.userId, key.challengeId, key.day],
    );
  }

  /** Marks the day passed when its quiz and project both passed; true when this call passed it. */
  async passDayIfDone(tx: EntityManager, key: DayKey, at: Date): Promise<boolean> {
    const rows = await tx.execute<{ day: number }[]>(
      `update challenge_day_progress set passed = true, passed_at = ?, updated_at = ?
        where user_id = ? and challenge_id = ? and day = ? and not passed
          and quiz_passed and project_status = 'passed'
       returning day`,
      [at, at, key.userId, key.challengeId, key.day],
    );
    return rows.length > 0;
  }

  /** The learner's passed days with when each was passed, in day order. */
  passedDays(userId: string, challengeId: string): Promise<{ day: number; passedAt: Date }[]> {
    return this.em.execute(
      `select day, passed_at as "passedAt" from challenge_day_progress
        where user_id = ? and challenge_id = ? and passed and passed_at is not null order by day`,
      [userId, challengeId],
    );
  }

  /** Days passed, counting only days the challenge still has. */
  async countPassedDays(tx: EntityManager, userId: string, challengeId: string, daysCount: number): Promise<number> {
    const rows = await tx.execute<{ n: number }[]>(
      `select count(*)::int as n from challenge_day_progress
        where user_id = ? and challenge_id = ? and passed and day between 1 and ?`,
      [userId, challengeId, daysCount],
    );
    return rows[0]?.n ?? 0;
  }

  // ---- submissions -----------------------------------------------------------------------------

  /** Stores a project, replacing the learner's earlier pending one for the day; returns its id. */
  async replacePendingSubmission(tx: EntityManager, key: DayKey, id: string, payload: Record<string, string>) {
    await tx.execute(
      `delete from challenge_submissions where user_id = ? and challenge_id = ? and day = ? and status = 'pending'`,
      [key.userId, key.challengeId, key.day],
    );
    await tx.execute(
      `insert into challenge_submissions (id, user_id, challenge_id, day, payload) values (?, ?, ?, ?, ?::jsonb)`,
      [id, key.userId, key.challengeId, key.day, JSON.stringify(payload)],
    );
  }

  /** Every answer the learner sent for the challenge's other days (for the check that a paragraph is sent once). */
  async otherDaysAnswers(tx: EntityManager, key: DayKey): Promise<string[]> {
    const rows = await tx.execute<{ value: string }[]>(
      `select v.value from challenge_submissions s, jsonb_each_text(s.payload) v
        where s.user_id = ? and s.challenge_id = ? and s.day <> ?`,
      [key.userId, key.challengeId, key.day],
    );
    return rows.map((r) => r.value);
  }

  async latestSubmission(tx: EntityManager, key: DayKey): Promise<SubmissionRecord | null> {
    const rows = await tx.execute<SubmissionRecord[]>(
      `select ${SUBMISSION_COLUMNS} from challenge_submissions s
        where s.user_id = ? and s.challenge_id = ? and s.day = ?
        order by s.created_at desc, s.id desc limit 1`,
      [key.userId, key.challengeId, key.day],
    );
    return rows[0] ?? null;
  }

  /** The submission, locked until the transaction ends (after its learner's enrolment: same order everywhere). */
  async lockSubmission(tx: EntityManager, id: string): Promise<SubmissionRecord | null> {
    const rows = await tx.execute<SubmissionRecord[]>(
      `select ${SUBMISSION_COLUMNS} from challenge_submissions s where s.id = ? for update`,
      [id],
    );
    return rows[0] ?? null;
  }

  async getSubmission(id: string): Promise<SubmissionRecord | null> {
    const rows = await this.em.execute<SubmissionRecord[]>(
      `select ${SUBMISSION_COLUMNS} from challenge_submissions s where s.id = ?`,
      [id],
    );
    return rows[0] ?? null;
  }

  /** The bot's assessment; an automatic pass (`autoPass`) takes a pending submission out of the review queue. */
  async recordBotAssessment(
    tx: EntityManager,
    id: string,
    a: { passed: boolean; score: number; feedback: string; assessor: string; at: Date; autoPass: boolean },
  ): Promise<void> {
    await tx.execute(
      `update challenge_submissions
          set bot_passed = ?, bot_score = ?, bot_feedback = ?, bot_assessor = ?, bot_assessed_at = ?,
              status = case when status = 'pending' and ? then 'auto-passed' else status end
        where id = ?`,
      [a.passed, a.score, a.feedback, a.assessor, a.at, a.autoPass, id],
    );
  }

  async recordGrade(
    tx: EntityManager,
    id: string,
    g: { passed: boolean; score: number; note: string | null; reviewerId: string; at: Date },
  ): Promise<void> {
    await tx.execute(
      `update challenge_submissions
          set status = 'graded', reviewer_passed = ?, reviewer_score = ?, reviewer_note = ?, graded_by = ?, graded_at = ?
        where id = ?`,
      [g.passed, g.score, g.note, g.reviewerId, g.at, id],
    );
  }

  // ---- review queue ----------------------------------------------------------------------------

  async listReview(q: ReviewQuery): Promise<{ rows: ReviewRecord[]; total: number }> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (q.status) {
      where.push('s.status = ?');
      params.push(q.status);
    }
    if (q.challengeId) {
      where.push('s.challenge_id = ?');
      params.push(q.challengeId);
    }
    if (q.userId) {
      where.push('s.user_id::text = ?');
      params.push(q.userId);
    }
    if (q.ids) {
      where.push('s.id::text = any(array(select jsonb_array_elements_text(?::jsonb)))');
      params.push(JSON.stringify(q.ids));
    }
    const clause = where.length ? `where ${where.join(' and ')}` : '';
    const [rows, count] = await Promise.all([
      this.em.execute<ReviewRecord[]>(
        `${REVIEW_SELECT} ${clause}
          order by ${REVIEW_SORT[q.sort]} ${q.order === 'DESC' ? 'desc' : 'asc'}, s.created_at asc, s.id asc
          offset ? limit ?`,
        [...params, q.offset, q.limit],
      ),
      this.em.execute<{ n: number }[]>(`select count(*)::int as n from challenge_submissions s ${clause}`, params),
    ]);
    return { rows, total: count[0]?.n ?? 0 };
  }

  async getReview(id: string): Promise<ReviewRecord | null> {
    const rows = await this.em.execute<ReviewRecord[]>(`${REVIEW_SELECT} where s.id = ?`, [id]);
    return rows[0] ?? null;
  }
}
