import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { TopicReader } from '../graph/structure/topic-reader.service';
import { type BktParams, bktUpdate, clamp, DEFAULT_BKT } from './bkt';
import type { LearningSource } from './entities';
import { LearningAnswersRepository } from './learning-answers.repository';
import { countsAsEvidence } from './learning-evidence';
import { LearningPathService } from './learning-path.service';
import { type MasteryRecord, MasteryRepository, type SkillLevel } from './mastery.repository';

export interface GradedAnswer {
  nodeId: string;
  correct: boolean;
}

/** A topic on the outer fringe of the learner's knowledge, with its P(known). */
export interface ReadyTopic {
  id: string;
  title: string;
  moduleId: string;
  moduleTitle: string;
  level: number;
}

export const categorySkillId = (moduleId: string) => `module:${moduleId}`;

/** One answer to a check item, from a topic's check or from practice. */
export interface LearningEvidence {
  userId: string;
  subjectId: string;
  nodeId: string;
  itemId: string;
  source: LearningSource;
  answer: string;
  correct: boolean;
  /** practice: whether the card was due (only a due card moves mastery); a check passes true */
  eligible: boolean;
  now: Date;
}

/** What an answer did: whether it moved mastery, the topic's P(known) after it, and whether it was the item's first. */
export interface EvidenceOutcome {
  counted: boolean;
  mastery: number | null;
  first: boolean;
}

/** Midnight UTC of `now`'s day: the daily rule's day. */
export const evidenceDayStart = (now: Date) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

const toLevels = (rows: SkillLevel[]) => new Map(rows.map((r) => [r.skillId, Number(r.pKnown)]));

/**
 * Per-learner mastery by Bayesian Knowledge Tracing, for each topic and each module (the spec's
 * category). Every graded answer, from quizzes and practice alike, goes through `record`. This
 * service is the only path that writes `user_mastery` (lock, record, set inferred) and the only one
 * that reads it, except the topic page's statement (`QUIZ_SQL.topicItemsAndLevel`), which reads one
 * topic's level beside its quiz items so the page costs one round trip.
 */
@Injectable()
export class MasteryService {
  constructor(
    private readonly em: EntityManager,
    private readonly repo: MasteryRepository,
    private readonly topics: TopicReader,
    private readonly answers: LearningAnswersRepository,
    private readonly path: LearningPathService,
  ) {}

  /**
   * The one writer of check and practice evidence, in the caller's transaction: logs the answer in
   * `learning_answers` and moves the topic's mastery by BKT only when the answer counts. It counts when it is
   * eligible (practice: the card was due), the item has no counted answer yet today (UTC), and, for a topic's
   * check, when it is the item's first answer ever (its key is shown after the first answer). A repeat is
   * logged and graded for learning, and leaves mastery as it was.
   */
  async recordLearningEvidence(em: EntityManager, e: LearningEvidence): Promise<EvidenceOutcome> {
    await this.answers.lockItem(em, e.userId, e.subjectId, e.itemId);
    const history = await this.answers.history(em, e.userId, e.subjectId, e.itemId, evidenceDayStart(e.now));
    const counted = countsAsEvidence(e.source, e.eligible, history);
    // The answers of an item are ordered as the lock let them in: the first answer (the one that counted, whose
    // feedback the topic page shows) is always the earliest, even when a racing request took its time first.
    const answeredAt =
      history.lastAnsweredAt && history.lastAnsweredAt >= e.now
        ? new Date(history.lastAnsweredAt.getTime() + 1)
        : e.now;
    await this.answers.insert(em, {
      userId: e.userId,
      subjectId: e.subjectId,
      nodeId: e.nodeId,
      itemId: e.itemId,
      source: e.source,
      answer: e.answer,
      correct: e.correct,
      counted,
      answeredAt,
    });
    const mastery = counted
      ? ((await this.record(em, e.userId, e.subjectId, [{ nodeId: e.nodeId, correct: e.correct }]))[e.nodeId] ?? null)
      : await this.repo.topicLevel(em, e.userId, e.subjectId, e.nodeId);
    return { counted, mastery, first: !history.answeredBefore };
  }

  /**
   * Applies answers in order by BKT, in the caller's transaction `em` (e.g. a practice review or a
   * topic's micro quiz), starting from the topic's current level (a diagnostic's posterior included).
   * The modules of the touched topics are then recomputed from their topics. Returns the new P(known)
   * of every touched topic.
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
    const skills = new Map(info.map((n) => [n.id, { name: n.title, p: params.pInit, attempts: 0, correct: 0 }]));
    for (const row of await this.repo.lockSkills(em, userId, subjectId, [...skills.keys()])) {
      skills.get(row.skillId)!.p = Number(row.pKnown);
    }
    for (const a of answers) {
      const s = skills.get(a.nodeId);
      if (!s) continue;
      s.p = bktUpdate(s.p, a.correct, params);
      s.attempts += 1;
      s.correct += a.correct ? 1 : 0;
    }
    const out: Record<string, number> = {};
    for (const [skillId, s] of skills) {
      if (s.attempts === 0) continue;
      await this.repo.upsert(em, {
        userId,
        subjectId,
        skillId,
        skillName: s.name,
        kind: 'topic',
        pKnown: s.p,
        attempts: s.attempts,
        correct: s.correct,
      });
      out[skillId] = s.p;
    }
    await this.refreshModules(em, userId, subjectId, new Set(info.map((n) => n.moduleId)));
    return out;
  }

  /**
   * An assessment's calibrated result: each topic's level is set to the posterior, the answers given
   * on it are counted, and the modules of those topics are recomputed. In the caller's transaction.
   */
  async applyAssessment(
    em: EntityManager,
    userId: string,
    subjectId: string,
    topics: { id: string; title: string; pKnown: number; attempts: number; correct: number }[],
  ): Promise<void> {
    if (topics.length === 0) return;
    await this.repo.lockSkills(
      em,
      userId,
      subjectId,
      topics.map((t) => t.id),
    );
    for (const t of topics)
      await this.repo.setAssessed(em, {
        userId,
        subjectId,
        skillId: t.id,
        skillName: t.title,
        pKnown: clamp(t.pKnown),
        attempts: t.attempts,
        correct: t.correct,
      });
    const live = await this.topics.liveTopics(subjectId);
    const ids = new Set(topics.map((t) => t.id));
    await this.refreshModules(em, userId, subjectId, new Set(live.filter((t) => ids.has(t.id)).map((t) => t.moduleId)));
  }

  /**
   * A module's score is the mean of its topics' levels (a topic without evidence counts at the prior),
   * so an answer counts once, towards its topic; its answer counts are its topics' sums.
   */
  private async refreshModules(em: EntityManager, userId: string, subjectId: string, moduleIds: Set<string>) {
    if (moduleIds.size === 0) return;
    const live = await this.topics.liveTopics(subjectId);
    const rows = new Map((await this.repo.topicStats(em, userId, subjectId)).map((r) => [r.skillId, r]));
    for (const moduleId of moduleIds) {
      const members = live.filter((t) => t.moduleId === moduleId);
      if (members.length === 0) continue;
      let sum = 0;
      let attempts = 0;
      let correct = 0;
      for (const t of members) {
        const r = rows.get(t.id);
        sum += r ? Number(r.pKnown) : DEFAULT_BKT.pInit;
        attempts += r ? Number(r.attempts) : 0;
        correct += r ? Number(r.correct) : 0;
      }
      await this.repo.setCategory(em, {
        userId,
        subjectId,
        skillId: categorySkillId(moduleId),
        skillName: members[0].moduleTitle,
        pKnown: sum / members.length,
        attempts,
        correct,
      });
    }
  }

  /** The learner's skills (of one subject or all), most recently updated first; with a subject, what is ready to learn. */
  async forUser(userId: string, subjectId?: string): Promise<{ skills: MasteryRecord[]; readyToLearn?: ReadyTopic[] }> {
    const [skills, readyToLearn] = await Promise.all([
      this.repo.list(userId, subjectId),
      subjectId ? this.readyToLearn(userId, subjectId) : Promise.resolve(undefined),
    ]);
    return { skills, readyToLearn };
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

  /**
   * 'Ready to learn' (README "Learning path"): the live topics that are not complete, whose prerequisites all
   * are complete and whose module is open, in reading order.
   */
  async readyToLearn(userId: string, subjectId: string): Promise<ReadyTopic[]> {
    const [topics, path] = await Promise.all([this.topics.liveTopics(subjectId), this.path.compute(userId, subjectId)]);
    const byId = new Map(topics.map((t) => [t.id, t]));
    return path.topics
      .filter((t) => t.ready)
      .map((t) => ({
        id: t.id,
        title: t.title,
        moduleId: t.moduleId,
        moduleTitle: byId.get(t.id)?.moduleTitle ?? t.moduleId,
        level: t.level,
      }));
  }
}
