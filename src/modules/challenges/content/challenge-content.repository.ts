import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { type UpsertOutcome, upsertOutcome } from '../../../common/content-hash';
import type { ChallengeDayLesson, ChallengeMicroProject, ChallengeQuizItem, ChallengeRubric } from '../entities';

/** A challenge's own row, as the content migration writes it. */
export interface ChallengeUpsert {
  id: string;
  subjectId: string;
  name: string;
  tagline: string;
  daysCount: number;
  contentHash: string;
}

/** One day's content, as the content migration writes it. */
export interface ChallengeDayUpsert {
  day: number;
  title: string;
  tool: string;
  estMinutes: number;
  lesson: ChallengeDayLesson;
  quiz: ChallengeQuizItem[];
  microProject: ChallengeMicroProject;
  rubric: ChallengeRubric;
}

/** The content migration's writes of challenges and their days. They run in the caller's transaction `em`. */
@Injectable()
export class ChallengeContentRepository {
  /** Inserts or updates the challenge unless its content hash is unchanged. */
  async upsertChallenge(em: EntityManager, c: ChallengeUpsert): Promise<UpsertOutcome> {
    const rows = await em.execute<{ inserted: boolean }[]>(
      `insert into challenges (id, subject_id, name, tagline, days_count, content_hash) values (?, ?, ?, ?, ?, ?)
       on conflict (id) do update set subject_id = excluded.subject_id, name = excluded.name, tagline = excluded.tagline,
         days_count = excluded.days_count, content_hash = excluded.content_hash, updated_at = now()
       where challenges.content_hash is distinct from excluded.content_hash
       returning (xmax = 0) as inserted`,
      [c.id, c.subjectId, c.name, c.tagline, c.daysCount, c.contentHash],
    );
    return upsertOutcome(rows);
  }

  /** Days past the challenge's new length go. */
  async deleteDaysAfter(em: EntityManager, challengeId: string, daysCount: number): Promise<void> {
    await em.execute(`delete from challenge_days where challenge_id = ? and day > ?`, [challengeId, daysCount]);
  }

  async upsertDay(em: EntityManager, challengeId: string, d: ChallengeDayUpsert): Promise<void> {
    await em.execute(
      `insert into challenge_days (challenge_id, day, title, tool, est_minutes, lesson, quiz, micro_project, rubric)
       values (?, ?, ?, ?, ?, ?::jsonb, ?::jsonb, ?::jsonb, ?::jsonb)
       on conflict (challenge_id, day) do update set title = excluded.title, tool = excluded.tool, est_minutes = excluded.est_minutes,
         lesson = excluded.lesson, quiz = excluded.quiz, micro_project = excluded.micro_project, rubric = excluded.rubric`,
      [
        challengeId,
        d.day,
        d.title,
        d.tool,
        d.estMinutes,
        JSON.stringify(d.lesson),
        JSON.stringify(d.quiz),
        JSON.stringify(d.microProject),
        JSON.stringify(d.rubric),
      ],
    );
  }
}
