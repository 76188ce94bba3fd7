import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { contentHash, UpsertOutcome, upsertOutcome } from '../../../common/content-hash';
import type { ChallengeDayLesson, ChallengeMicroProject, ChallengeQuizItem, ChallengeRubric } from '../entities';

export interface ChallengeImport {
  id: string;
  subjectId: string;
  name: string;
  tagline: string;
  days: {
    day: number;
    title: string;
    tool: string;
    estMinutes: number;
    lesson: ChallengeDayLesson;
    quiz: ChallengeQuizItem[];
    microProject: ChallengeMicroProject;
    rubric: ChallengeRubric;
  }[];
}

/** The challenges module's side of the content migration. */
@Injectable()
export class ChallengeContentService {
  /** Inserts or updates a challenge with its days, inside the caller's transaction. */
  async importChallenge(em: EntityManager, c: ChallengeImport): Promise<UpsertOutcome> {
    const hash = contentHash(c);
    const rows = await em.execute<{ inserted: boolean }[]>(
      `insert into challenges (id, subject_id, name, tagline, days_count, content_hash) values (?, ?, ?, ?, ?, ?)
       on conflict (id) do update set subject_id = excluded.subject_id, name = excluded.name, tagline = excluded.tagline,
         days_count = excluded.days_count, content_hash = excluded.content_hash, updated_at = now()
       where challenges.content_hash is distinct from excluded.content_hash
       returning (xmax = 0) as inserted`,
      [c.id, c.subjectId, c.name, c.tagline, c.days.length, hash],
    );
    const outcome = upsertOutcome(rows);
    if (outcome === 'unchanged') return outcome;
    await em.execute(`delete from challenge_days where challenge_id = ? and day > ?`, [c.id, c.days.length]);
    for (const d of c.days) {
      await em.execute(
        `insert into challenge_days (challenge_id, day, title, tool, est_minutes, lesson, quiz, micro_project, rubric)
         values (?, ?, ?, ?, ?, ?::jsonb, ?::jsonb, ?::jsonb, ?::jsonb)
         on conflict (challenge_id, day) do update set title = excluded.title, tool = excluded.tool, est_minutes = excluded.est_minutes,
           lesson = excluded.lesson, quiz = excluded.quiz, micro_project = excluded.micro_project, rubric = excluded.rubric`,
        [
          c.id,
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
    return outcome;
  }
}
