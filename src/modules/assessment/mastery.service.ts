import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { TopicReader } from '../graph/structure/topic-reader.service';
import { type BktParams, bktUpdate, DEFAULT_BKT } from './bkt';
import { MasteryRepository } from './mastery.repository';

export interface GradedAnswer {
  nodeId: string;
  correct: boolean;
}

export const categorySkillId = (moduleId: string) => `module:${moduleId}`;

const toLevels = (rows: { skill_id: string; p_known: number }[]) =>
  new Map(rows.map((r) => [r.skill_id, Number(r.p_known)]));

/**
 * Per-learner mastery by Bayesian Knowledge Tracing, for each topic and each module (the spec's
 * category). Every graded answer, from quizzes and practice alike, goes through `record`. This
 * service is the only path to `user_mastery`: lock, read, record, set inferred.
 */
@Injectable()
export class MasteryService {
  constructor(
    private readonly em: EntityManager,
    private readonly repo: MasteryRepository,
    private readonly topics: TopicReader,
  ) {}

  /**
   * Applies answers in order, in the caller's transaction `em` (e.g. an attempt's submit or a
   * practice review). Returns the new P(known) of every touched skill.
   */
  async record(
    em: EntityManager,
    userId: string,
    subjectId: string,
    answers: GradedAnswer[],
    params: BktParams = DEFAULT_BKT,
  ): Promise<Record<string, number>> {
    if (answers.length === 0) return {};
    const info = await this.topics.names(em, subjectId, [...new Set(answers.map((a) => a.nodeId))]);
    const byNode = new Map(info.map((n) => [n.id, n]));
    const skills = new Map<
      string,
      { name: string; kind: 'topic' | 'category'; p: number; attempts: number; correct: number }
    >();
    for (const n of info) {
      skills.set(n.id, { name: n.title, kind: 'topic', p: params.pInit, attempts: 0, correct: 0 });
      skills.set(categorySkillId(n.moduleId), {
        name: n.moduleTitle,
        kind: 'category',
        p: params.pInit,
        attempts: 0,
        correct: 0,
      });
    }
    for (const row of await this.repo.lockSkills(em, userId, subjectId, [...skills.keys()])) {
      skills.get(row.skill_id)!.p = Number(row.p_known);
    }
    for (const a of answers) {
      const node = byNode.get(a.nodeId);
      if (!node) continue;
      for (const id of [a.nodeId, categorySkillId(node.moduleId)]) {
        const s = skills.get(id)!;
        s.p = bktUpdate(s.p, a.correct, params);
        s.attempts += 1;
        s.correct += a.correct ? 1 : 0;
      }
    }
    const out: Record<string, number> = {};
    for (const [skillId, s] of skills) {
      if (s.attempts === 0) continue;
      await this.repo.upsert(em, {
        userId,
        subjectId,
        skillId,
        skillName: s.name,
        kind: s.kind,
        pKnown: s.p,
        attempts: s.attempts,
        correct: s.correct,
      });
      out[skillId] = s.p;
    }
    return out;
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

  /** P(known) per topic node of a subject, for the graph and topic pages and for grading. */
  async topicLevels(userId: string, subjectId: string): Promise<Map<string, number>> {
    return toLevels(await this.repo.topicRows(this.em, userId, subjectId));
  }

  /** The same, locked until the caller's transaction ends, so concurrent submits apply one after another. */
  async lockTopicLevels(em: EntityManager, userId: string, subjectId: string): Promise<Map<string, number>> {
    return toLevels(await this.repo.topicRows(em, userId, subjectId, true));
  }

  /** The levels as the caller's transaction sees them (after its own updates). */
  async topicLevelsIn(em: EntityManager, userId: string, subjectId: string): Promise<Map<string, number>> {
    return toLevels(await this.repo.topicRows(em, userId, subjectId));
  }

  /** One topic's P(known), or null before any evidence. */
  topicLevel(em: EntityManager, userId: string, subjectId: string, nodeId: string): Promise<number | null> {
    return this.repo.topicLevel(em, userId, subjectId, nodeId);
  }

  /** A topic's P(known) inferred over the graph from answers on other topics (no answer of its own). */
  setInferred(
    em: EntityManager,
    userId: string,
    subjectId: string,
    topic: { id: string; title: string },
    pKnown: number,
  ): Promise<void> {
    return this.repo.setInferred(em, { userId, subjectId, skillId: topic.id, skillName: topic.title, pKnown });
  }
}
