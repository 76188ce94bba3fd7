import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { BktParams, bktUpdate, DEFAULT_BKT } from './bkt';
import { MasteryRepository } from './mastery.repository';

export interface GradedAnswer {
  nodeId: string;
  correct: boolean;
}

export const categorySkillId = (moduleId: string) => `module:${moduleId}`;

/**
 * Per-learner mastery by Bayesian Knowledge Tracing, for each topic and each module (the spec's
 * category). Every graded answer, from quizzes and practice alike, goes through `record`.
 */
@Injectable()
export class MasteryService {
  constructor(
    private readonly em: EntityManager,
    private readonly repo: MasteryRepository,
  ) {}

  /**
   * Applies answers in order. `em` joins the caller's transaction (e.g. an attempt's submit);
   * without one, the update runs in its own. Returns the new P(known) of every touched skill.
   */
  async record(userId: string, subjectId: string, answers: GradedAnswer[], em?: EntityManager, params: BktParams = DEFAULT_BKT): Promise<Record<string, number>> {
    if (answers.length === 0) return {};
    const work = async (tx: EntityManager) => {
      const info = await this.repo.nodeInfo(tx, subjectId, [...new Set(answers.map((a) => a.nodeId))]);
      const byNode = new Map(info.map((n) => [n.id, n]));
      const skills = new Map<string, { name: string; kind: 'topic' | 'category'; p: number; attempts: number; correct: number }>();
      for (const n of info) {
        skills.set(n.id, { name: n.title, kind: 'topic', p: params.pInit, attempts: 0, correct: 0 });
        skills.set(categorySkillId(n.module_id), { name: n.module_title ?? n.module_id, kind: 'category', p: params.pInit, attempts: 0, correct: 0 });
      }
      for (const row of await this.repo.lockSkills(tx, userId, subjectId, [...skills.keys()])) {
        skills.get(row.skill_id)!.p = Number(row.p_known);
      }
      for (const a of answers) {
        const node = byNode.get(a.nodeId);
        if (!node) continue;
        for (const id of [a.nodeId, categorySkillId(node.module_id)]) {
          const s = skills.get(id)!;
          s.p = bktUpdate(s.p, a.correct, params);
          s.attempts += 1;
          s.correct += a.correct ? 1 : 0;
        }
      }
      const out: Record<string, number> = {};
      for (const [skillId, s] of skills) {
        if (s.attempts === 0) continue;
        await this.repo.upsert(tx, { userId, subjectId, skillId, skillName: s.name, kind: s.kind, pKnown: s.p, attempts: s.attempts, correct: s.correct });
        out[skillId] = s.p;
      }
      return out;
    };
    return em ? work(em) : this.em.transactional(work);
  }

  /** `{mastery: {skill name: score}}` as the spec's mastery call returns, plus the skills in detail. */
  async forUser(userId: string, subjectId?: string) {
    const rows = await this.repo.list(userId, subjectId);
    const mastery: Record<string, number> = {};
    for (const r of rows) mastery[r.skill_name] = Math.round(Number(r.p_known) * 1000) / 1000;
    return {
      mastery,
      skills: rows.map((r) => ({
        subjectId: r.subject_id,
        skillId: r.skill_id,
        name: r.skill_name,
        kind: r.kind,
        score: Number(r.p_known),
        attempts: r.attempts,
        correct: r.correct,
        updatedAt: new Date(r.updated_at).toISOString(),
      })),
    };
  }

  /** P(known) per topic node of a subject, for the graph and topic pages. */
  async topicLevels(userId: string, subjectId: string): Promise<Map<string, number>> {
    const rows = await this.repo.list(userId, subjectId);
    return new Map(rows.filter((r) => r.kind === 'topic').map((r) => [r.skill_id, Number(r.p_known)]));
  }
}
