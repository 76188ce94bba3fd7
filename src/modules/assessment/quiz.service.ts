import { EntityManager } from '@mikro-orm/postgresql';
import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  Inject,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { AuthUser } from '../../common/decorators/current-user.decorator';
import { ENTITLEMENT_CHECKER, EntitlementChecker, NO_ENTITLEMENT_MESSAGE } from '../../common/guards/entitlement.guard';
import { sanitize } from '../../common/html/sanitize';
import { TooManyRequestsException } from '../../common/http/too-many-requests.exception';
import { DEFAULT_BKT } from './bkt';
import { DiagnosticEngine } from './diagnostic-engine';
import type { QuizKind } from './entities';
import { gate } from './gating';
import { UserDataService } from '../auth/user-data/user-data.service';
import { type Topic, TopicReader } from '../graph/structure/topic-reader.service';
import { MasteryService } from './mastery.service';
import { type QuizItemRow, QuizRepository } from './quiz.repository';

export const DIAG_CAP = 10;
export const CLINICIAN_DIAG_CAP = 12;
/**
 * Minimum diagnostic length. The short form is planned on the most likely answers, which is
 * optimistic: planned that way it "settles" a 16-topic course in about 5 questions, but with real
 * answers the simulation (bench/assessment) finds ~80% of topics right after 5 questions, ~83% after 8
 * and ~85% after 10. So the form never stops before 8 (or all topics).
 */
export const DIAG_MIN = 8;
export const CLINICIAN_SUBJECT = 'vagus-nerve';

export const CLINICIAN_ROLE_MESSAGE = 'The clinician diagnostic needs the clinician role.';
export const CLINICIAN_SUBJECT_MESSAGE = 'The clinician diagnostic is only available for vagus-nerve.';
export const ALREADY_SUBMITTED = 'This attempt has already been submitted';
export const ATTEMPT_NOT_FOUND = 'Attempt not found';

/** 429 with the contract's message and a Retry-After header (set by the exception filter). */
export class RetakeCooldownException extends TooManyRequestsException {
  constructor(retryAfterSeconds: number) {
    super(retryAfterSeconds);
    this.message = `You can retake this assessment in ${Math.max(1, Math.ceil(retryAfterSeconds / 3600))} hours.`;
  }

  override getResponse() {
    return { statusCode: 429, message: this.message };
  }
}

/**
 * Which item to ask on a topic: items not served in earlier attempts first, then (clinician)
 * difficulty 2 or 3, then medium difficulty (2) before easy/hard, then content order.
 */
export function pickItem(items: QuizItemRow[], seen: Set<string>, clinician: boolean): QuizItemRow | undefined {
  const key = (q: QuizItemRow) => [
    seen.has(q.id) ? 1 : 0,
    clinician && q.difficulty < 2 ? 1 : 0,
    Math.abs(q.difficulty - 2),
    q.position,
  ];
  return [...items].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return ka[i] - kb[i];
    return a.id < b.id ? -1 : 1;
  })[0];
}

function engineFor(topics: Topic[], levels: Map<string, number>) {
  return new DiagnosticEngine(
    topics.map((t) => ({ id: t.id, prerequisites: t.prerequisites, p: levels.get(t.id) ?? DEFAULT_BKT.pInit })),
  );
}

const round = (x: number) => Math.round(x * 1000) / 1000;

/** Diagnostics and post tests: serving a form, grading it once, mastery and gating. */
@Injectable()
export class QuizService {
  constructor(
    private readonly em: EntityManager,
    private readonly repo: QuizRepository,
    private readonly mastery: MasteryService,
    private readonly structure: TopicReader,
    private readonly userData: UserDataService,
    @Inject(ENTITLEMENT_CHECKER) private readonly entitlements: EntitlementChecker,
  ) {}

  async start(user: AuthUser, kind: QuizKind, subjectId: string) {
    if (kind === 'q_diag_clinician') {
      if (!user.roles.includes('clinician')) throw new ForbiddenException(CLINICIAN_ROLE_MESSAGE);
      if (subjectId !== CLINICIAN_SUBJECT) throw new BadRequestException(CLINICIAN_SUBJECT_MESSAGE);
    }
    const left = await this.repo.cooldownLeft(user.id, subjectId, kind);
    if (left > 0) throw new RetakeCooldownException(left);

    const [topics, items, seen, levels] = await Promise.all([
      this.structure.liveTopics(subjectId),
      this.repo.items(subjectId),
      this.repo.seenItems(user.id, subjectId),
      this.mastery.topicLevels(user.id, subjectId),
    ]);
    // items of live topics only (an archived topic keeps its items for old attempts)
    const live = new Set(topics.map((t) => t.id));
    const byTopic = new Map<string, QuizItemRow[]>();
    for (const q of items) if (live.has(q.node_id)) byTopic.set(q.node_id, [...(byTopic.get(q.node_id) ?? []), q]);
    const withItems = topics.filter((t) => byTopic.has(t.id)).map((t) => t.id);
    if (withItems.length === 0) throw new NotFoundException('This subject has no quiz questions yet');

    const clinician = kind === 'q_diag_clinician';
    let chosenTopics: string[];
    if (kind === 'q_final') {
      chosenTopics = withItems;
    } else {
      const engine = engineFor(topics, levels);
      // The clinician form prefers topics that have harder items to offer.
      const candidates =
        clinician && withItems.some((id) => byTopic.get(id)!.some((q) => q.difficulty >= 2))
          ? withItems.filter((id) => byTopic.get(id)!.some((q) => q.difficulty >= 2))
          : withItems;
      const cap = clinician ? CLINICIAN_DIAG_CAP : DIAG_CAP;
      chosenTopics = engine.shortForm(cap, { candidates, min: Math.min(DIAG_MIN, candidates.length) });
    }
    const questions = chosenTopics.map((id) => pickItem(byTopic.get(id)!, seen, clinician)!);
    const attemptId = randomUUID();
    await this.repo.insertAttempt({
      id: attemptId,
      userId: user.id,
      subjectId,
      kind,
      questionIds: questions.map((q) => q.id),
    });
    return {
      attemptId,
      kind,
      subjectId,
      questions: questions.map((q) => ({
        id: q.id,
        stemHtml: sanitize(q.stem),
        choices: (Array.isArray(q.choices) ? q.choices : []).map((c) => ({
          id: String(c.id),
          textHtml: sanitize(c.text),
        })),
      })),
    };
  }

  async submit(user: AuthUser, attemptId: string, responses: { questionId: string; answer: string }[]) {
    return this.em.transactional(async (tx) => {
      const attempt = await this.repo.lockAttempt(tx, attemptId);
      if (!attempt || attempt.user_id !== user.id) throw new NotFoundException(ATTEMPT_NOT_FOUND);
      if (!user.roles.includes('studio') && !(await this.entitlements.hasActive(user.id, attempt.subject_id)))
        throw new ForbiddenException(NO_ENTITLEMENT_MESSAGE);
      if (attempt.status === 'submitted') throw new ConflictException(ALREADY_SUBMITTED);

      const served = new Set(attempt.question_ids);
      const answers = new Map<string, string>();
      for (const r of responses) {
        if (!served.has(r.questionId))
          throw new BadRequestException(`Question ${r.questionId} is not part of this attempt`);
        if (answers.has(r.questionId)) throw new BadRequestException(`Question ${r.questionId} is answered twice`);
        answers.set(r.questionId, r.answer);
      }

      const subjectId = attempt.subject_id;
      const topics = await this.structure.liveTopics(subjectId);
      const prior = await this.mastery.lockTopicLevels(tx, user.id, subjectId);
      const items = new Map((await this.repo.itemsById(tx, subjectId, attempt.question_ids)).map((q) => [q.id, q]));
      // Items deleted since the attempt was served are left out of grading (and of the score).
      const graded = attempt.question_ids
        .filter((id) => items.has(id))
        .map((id) => {
          const q = items.get(id)!;
          return {
            questionId: id,
            nodeId: q.node_id,
            correct: answers.get(id) === q.correct,
            correctAnswer: q.correct,
            explanation: q.explanation,
          };
        });
      const score = graded.length
        ? Math.round((graded.filter((g) => g.correct).length / graded.length) * 10000) / 10000
        : 0;

      // Direct evidence: BKT on every graded answer (topic and its module).
      await this.mastery.record(
        tx,
        user.id,
        subjectId,
        graded.map((g) => ({ nodeId: g.nodeId, correct: g.correct })),
      );

      // Indirect evidence (diagnostics): the answers, propagated over the graph from the prior
      // state, classify some topics that were not asked. Those get the engine's tempered posterior.
      const asked = new Set(graded.map((g) => g.nodeId));
      const assessed = new Set(asked);
      if (attempt.kind !== 'q_final') {
        const engine = engineFor(topics, prior);
        for (const g of graded) if (engine.ids.includes(g.nodeId)) engine.update(g.nodeId, g.correct);
        for (const t of topics) {
          if (asked.has(t.id) || !engine.classified(t.id)) continue;
          const before = prior.get(t.id) ?? DEFAULT_BKT.pInit;
          const after = engine.prob(t.id);
          if (Math.abs(after - before) < 1e-6) continue;
          await this.mastery.setInferred(tx, user.id, subjectId, t, after);
          assessed.add(t.id);
        }
      }

      const levels = await this.mastery.topicLevelsIn(tx, user.id, subjectId);
      for (const t of topics) if (!levels.has(t.id)) levels.set(t.id, DEFAULT_BKT.pInit);
      const { nextStep, gating } = gate({
        kind: attempt.kind,
        subjectId,
        score,
        topics: topics.map((t) => ({ id: t.id, title: t.title, moduleId: t.moduleId })),
        levels,
        assessed,
      });
      await this.userData.unlock(tx, user.id, subjectId, gating.unlockModules);
      await this.userData.tag(tx, user.id, gating.tagUser);

      const mastery: Record<string, number> = {};
      for (const t of topics) mastery[t.title] = round(levels.get(t.id)!);
      const result = {
        attemptId,
        score,
        graded: graded.map(({ questionId, correct, correctAnswer, explanation }) => ({
          questionId,
          correct,
          correctAnswer,
          explanation,
        })),
        nextStep,
        gating,
        mastery,
      };
      await this.repo.finishAttempt(tx, attemptId, result);
      return result;
    });
  }

  mine(userId: string, subjectId?: string) {
    return this.mastery.forUser(userId, subjectId);
  }
}
