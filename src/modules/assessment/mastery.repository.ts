import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

/** A learner's level of one skill (a topic, or a module as `module:<id>`). */
export interface SkillLevel {
  skillId: string;
  pKnown: number;
}

/** The same with the answers counted on it. */
export interface SkillStats extends SkillLevel {
  attempts: number;
  correct: number;
}

export interface MasteryRecord extends SkillStats {
  subjectId: string;
  skillName: string;
  kind: 'topic' | 'category';
  /** as the driver gives timestamps of raw queries (text) */
  updatedAt: string;
}

@Injectable()
export class MasteryRepository {
  constructor(private readonly em: EntityManager) {}

  /** Locks the learner's rows for these skills so concurrent updates apply one after another. */
  lockSkills(em: EntityManager, userId: string, subjectId: string, skillIds: string[]): Promise<SkillLevel[]> {
    return em.execute<SkillLevel[]>(
      `select skill_id as "skillId", p_known as "pKnown" from user_mastery
        where user_id = ? and subject_id = ? and skill_id = any(array(select jsonb_array_elements_text(?::jsonb))) for update`,
      [userId, subjectId, JSON.stringify(skillIds)],
    );
  }

  async upsert(
    em: EntityManager,
    r: {
      userId: string;
      subjectId: string;
      skillId: string;
      skillName: string;
      kind: string;
      pKnown: number;
      attempts: number;
      correct: number;
    },
  ) {
    await em.execute(
      `insert into user_mastery (user_id, subject_id, skill_id, skill_name, kind, p_known, attempts, correct, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, now())
       on conflict (user_id, subject_id, skill_id) do update set skill_name = excluded.skill_name, p_known = excluded.p_known,
         attempts = user_mastery.attempts + excluded.attempts, correct = user_mastery.correct + excluded.correct, updated_at = now()`,
      [r.userId, r.subjectId, r.skillId, r.skillName, r.kind, r.pKnown, r.attempts, r.correct],
    );
  }

  list(userId: string, subjectId?: string): Promise<MasteryRecord[]> {
    return this.em.execute(
      `select subject_id as "subjectId", skill_id as "skillId", skill_name as "skillName", kind, p_known as "pKnown",
              attempts, correct, updated_at as "updatedAt"
         from user_mastery
        where user_id = ? and (?::text is null or subject_id = ?) order by updated_at desc, skill_name`,
      [userId, subjectId ?? null, subjectId ?? null],
    );
  }

  /** The learner's topic P(known) rows of a subject; `lock` holds them for the rest of the transaction. */
  topicRows(em: EntityManager, userId: string, subjectId: string, lock = false): Promise<SkillLevel[]> {
    return em.execute<SkillLevel[]>(
      `select skill_id as "skillId", p_known as "pKnown" from user_mastery where user_id = ? and subject_id = ? and kind = 'topic' order by skill_id${lock ? ' for update' : ''}`,
      [userId, subjectId],
    );
  }

  async topicLevel(em: EntityManager, userId: string, subjectId: string, nodeId: string): Promise<number | null> {
    const rows = await em.execute<{ p_known: number }[]>(
      `select p_known from user_mastery where user_id = ? and subject_id = ? and skill_id = ? and kind = 'topic'`,
      [userId, subjectId, nodeId],
    );
    return rows[0] ? Number(rows[0].p_known) : null;
  }

  /**
   * A topic's P(known) from an assessment's posterior, with the answers it gave on the topic (0 when
   * the topic was inferred): the level is set, the answer counts add up.
   */
  async setAssessed(
    em: EntityManager,
    r: {
      userId: string;
      subjectId: string;
      skillId: string;
      skillName: string;
      pKnown: number;
      attempts: number;
      correct: number;
    },
  ) {
    await this.upsert(em, { ...r, kind: 'topic' });
  }

  /** A module's row, computed from its topics: every figure is set, nothing is added. */
  async setCategory(
    em: EntityManager,
    r: {
      userId: string;
      subjectId: string;
      skillId: string;
      skillName: string;
      pKnown: number;
      attempts: number;
      correct: number;
    },
  ) {
    await em.execute(
      `insert into user_mastery (user_id, subject_id, skill_id, skill_name, kind, p_known, attempts, correct, updated_at)
       values (?, ?, ?, ?, 'category', ?, ?, ?, now())
       on conflict (user_id, subject_id, skill_id) do update set skill_name = excluded.skill_name, p_known = excluded.p_known,
         attempts = excluded.attempts, correct = excluded.correct, updated_at = now()`,
      [r.userId, r.subjectId, r.skillId, r.skillName, r.pKnown, r.attempts, r.correct],
    );
  }

  /** The learner's topic rows of a subject with their answer counts, as the caller's transaction sees them. */
  topicStats(em: EntityManager, userId: string, subjectId: string): Promise<SkillStats[]> {
    return em.execute<SkillStats[]>(
      `select skill_id as "skillId", p_known as "pKnown", attempts, correct from user_mastery where user_id = ? and subject_id = ? and kind = 'topic'`,
      [userId, subjectId],
    );
  }
}
