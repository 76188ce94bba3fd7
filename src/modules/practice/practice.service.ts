import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { LearningPathService } from '../assessment/learning-path.service';
import { MasteryService } from '../assessment/mastery.service';
import { type PublicQuizItem, QuizItemsService } from '../assessment/quiz-items.service';
import { TopicReader } from '../graph/structure/topic-reader.service';
import { Clock, CLOCK } from './clock';
import {
  emptyCard,
  fromRecord,
  type IntervalPreview,
  preview,
  schedule,
  type SpecRating,
  streakOf,
  utcDayStart,
} from './practice-schedule';
import { type CardRecord, PracticeRepository } from './practice.repository';

export const DEFAULT_NEXT_LIMIT = 10;
export const NO_CARD_MESSAGE = 'No practice card for this topic. Start practice for the course first.';
export const NOT_SERVED = 'This card has not been served yet: load it with GET /api/practice/next';
export const notServedQuestion = (id: string) => `Question ${id} is not the question this card was served with`;
export const ALREADY_GRADED = "This card's answer has already been graded: rate it";
export const ANSWER_FIRST = "Answer this card's question before rating it";
export const NOT_A_CHOICE = "answer must be one of the question's choice ids";
/** a topic already complete is seeded this many days ahead, so the deck opens with what the learner is least sure of */
export const COMPLETE_SEED_DAYS = 3;

/** A due card with its topic's title and the check item it is served with. */
export interface PracticeCard {
  nodeId: string;
  title: string;
  due: Date;
  item: PublicQuizItem | null;
}

/** An answer graded: right or wrong, the key and explanation (check items only), and what each rating would schedule. */
export interface PracticeAnswer {
  nodeId: string;
  questionId: string;
  correct: boolean;
  correctAnswer: string;
  explanation: string;
  counted: boolean;
  mastery: number | null;
  intervals: IntervalPreview[];
}

/** A review taken: the answer's grade, the card's next schedule and the topic's P(known) after it. */
export interface PracticeReview {
  nodeId: string;
  rating: SpecRating;
  correct: boolean | null;
  due: Date;
  scheduledDays: number;
  /** FSRS's card state number */
  state: number;
  mastery: number | null;
}

export interface PracticeStats {
  due: number;
  completedToday: number;
  accuracy: number | null;
  streak: number;
  totalReviews: number;
}

/**
 * Spaced-repetition practice (docs/learning-loop-api.md §3): one FSRS card per learner and topic with check
 * items; `next` serves each card with one check item and remembers it, `answer` grades exactly that item once
 * (revealing its key), `review` takes the rating. Every time decision reads the clock.
 */
@Injectable()
export class PracticeService {
  constructor(
    private readonly em: EntityManager,
    private readonly repo: PracticeRepository,
    private readonly mastery: MasteryService,
    private readonly quizItems: QuizItemsService,
    private readonly paths: LearningPathService,
    private readonly structure: TopicReader,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * Creates a card for every live topic with check items the learner has none for; a topic already complete is
   * due in 3 days, the others now. Answers how many it created.
   */
  async seed(userId: string, subjectId: string): Promise<number> {
    const now = this.clock.now();
    const [topics, path] = await Promise.all([
      this.structure.liveTopics(subjectId),
      this.paths.compute(userId, subjectId),
    ]);
    const checked = new Set(
      (
        await this.quizItems.forTopics(
          subjectId,
          topics.map((t) => t.id),
          'check',
        )
      ).map((i) => i.nodeId),
    );
    const complete = new Set(path.topics.filter((t) => t.complete).map((t) => t.id));
    const later = new Date(now.getTime() + COMPLETE_SEED_DAYS * 86_400_000);
    const created = await this.repo.seedCards(
      this.em,
      userId,
      subjectId,
      topics.filter((t) => checked.has(t.id)).map((t) => ({ nodeId: t.id, due: complete.has(t.id) ? later : now })),
      emptyCard(now),
    );
    return created.length;
  }

  /**
   * Due cards that practice serves: on live topics with check items, outside soft-locked modules. Most overdue
   * first; ties (a freshly seeded deck) go to topics the learner has reached (ready or complete), then the lowest
   * level, then reading order.
   */
  private async due(
    userId: string,
    subjectId: string,
    now: Date,
  ): Promise<{ cards: (CardRecord & { title: string })[]; items: Map<string, PublicQuizItem[]> }> {
    const [cards, topics, path] = await Promise.all([
      this.repo.dueCards(userId, subjectId, now),
      this.structure.liveTopics(subjectId),
      this.paths.compute(userId, subjectId),
    ]);
    const locked = new Set(path.modules.filter((m) => m.locked).map((m) => m.id));
    const state = new Map(path.topics.map((t) => [t.id, t]));
    const live = new Map(
      topics.filter((t) => !locked.has(t.moduleId)).map((t, position) => [t.id, { title: t.title, position }]),
    );
    const candidates = cards.filter((c) => live.has(c.nodeId));
    const items = new Map<string, PublicQuizItem[]>();
    for (const it of await this.quizItems.forTopics(
      subjectId,
      candidates.map((c) => c.nodeId),
      'check',
    ))
      items.set(it.nodeId, [...(items.get(it.nodeId) ?? []), it]);
    const reached = (id: string) => (state.get(id)?.ready || state.get(id)?.complete ? 0 : 1);
    const level = (id: string) => state.get(id)?.level ?? 0;
    const sorted = candidates
      .filter((c) => items.has(c.nodeId))
      .map((c) => ({ ...c, title: live.get(c.nodeId)!.title, position: live.get(c.nodeId)!.position }))
      .sort(
        (a, b) =>
          new Date(a.due).getTime() - new Date(b.due).getTime() ||
          reached(a.nodeId) - reached(b.nodeId) ||
          level(a.nodeId) - level(b.nodeId) ||
          a.position - b.position ||
          (a.nodeId < b.nodeId ? -1 : 1),
      )
      .map(({ position: _position, ...c }) => c);
    return { cards: sorted, items };
  }

  /**
   * Due cards, each with one check item of its topic (rotating with the card's reps). The item is remembered as
   * the card's served question and stays the same on reload until the card is rated.
   */
  async next(userId: string, subjectId: string, limit = DEFAULT_NEXT_LIMIT): Promise<PracticeCard[]> {
    const now = this.clock.now();
    const { cards, items } = await this.due(userId, subjectId, now);
    const out: PracticeCard[] = [];
    for (const c of cards.slice(0, limit)) {
      const own = items.get(c.nodeId)!;
      const item = own.find((i) => i.id === c.servedQuestionId) ?? own[c.reps % own.length];
      if (item.id !== c.servedQuestionId) await this.repo.serve(userId, subjectId, c.nodeId, item.id, now);
      out.push({ nodeId: c.nodeId, title: c.title, due: c.due, item });
    }
    return out;
  }

  /** Grades the answer to the card's served question, once; reveals its key and previews each rating's interval. */
  async answer(
    userId: string,
    subjectId: string,
    input: { nodeId: string; questionId: string; answer: string },
  ): Promise<PracticeAnswer> {
    const now = this.clock.now();
    return this.em.transactional(async (tx) => {
      const card = await this.repo.lockCard(tx, userId, subjectId, input.nodeId);
      if (!card) throw new NotFoundException(NO_CARD_MESSAGE);
      if (!card.servedQuestionId) throw new ConflictException(NOT_SERVED);
      if (card.servedQuestionId !== input.questionId) throw new ConflictException(notServedQuestion(input.questionId));
      if (card.answer !== null) throw new ConflictException(ALREADY_GRADED);
      const graded = await this.quizItems.gradeCheck(tx, subjectId, input.nodeId, input.questionId, input.answer);
      // the item left the topic's check items since it was served
      if (graded === 'not_a_check_item') throw new ConflictException(notServedQuestion(input.questionId));
      if (graded === 'not_a_choice') throw new BadRequestException(NOT_A_CHOICE);
      const outcome = await this.mastery.recordLearningEvidence(tx, {
        userId,
        subjectId,
        nodeId: input.nodeId,
        itemId: input.questionId,
        source: 'practice',
        answer: input.answer,
        correct: graded.correct,
        // only a due card moves mastery
        eligible: new Date(card.due).getTime() <= now.getTime(),
        now,
      });
      await this.repo.saveAnswer(tx, userId, subjectId, input.nodeId, {
        answer: input.answer,
        correct: graded.correct,
        at: now,
      });
      return {
        nodeId: input.nodeId,
        questionId: input.questionId,
        correct: graded.correct,
        correctAnswer: graded.correctAnswer,
        explanation: graded.explanation,
        counted: outcome.counted,
        mastery: outcome.mastery,
        intervals: preview(fromRecord(card), now),
      };
    });
  }

  /** The rating of a card whose served question was answered: FSRS schedules it, and the review is logged. */
  async review(
    userId: string,
    subjectId: string,
    input: { nodeId: string; rating: SpecRating },
  ): Promise<PracticeReview> {
    const now = this.clock.now();
    return this.em.transactional(async (tx) => {
      const card = await this.repo.lockCard(tx, userId, subjectId, input.nodeId);
      if (!card) throw new NotFoundException(NO_CARD_MESSAGE);
      if (card.answer === null || card.answerCorrect === null) throw new ConflictException(ANSWER_FIRST);

      const next = schedule(fromRecord(card), input.rating, now);
      await this.repo.updateCard(tx, userId, subjectId, input.nodeId, next);
      await this.repo.insertReview(tx, {
        userId,
        subjectId,
        nodeId: input.nodeId,
        rating: input.rating,
        correct: card.answerCorrect,
        questionId: card.servedQuestionId,
        reviewedAt: now,
        scheduledDays: next.scheduledDays,
      });
      // mastery moved with the answer (when it counted); the rating only schedules
      const mastery = await this.mastery.topicLevel(tx, userId, subjectId, input.nodeId);
      return {
        nodeId: input.nodeId,
        rating: input.rating,
        correct: card.answerCorrect,
        due: next.due,
        scheduledDays: next.scheduledDays,
        state: next.state,
        mastery,
      };
    });
  }

  async stats(userId: string, subjectId: string): Promise<PracticeStats> {
    const now = this.clock.now();
    const [due, totals, days] = await Promise.all([
      this.due(userId, subjectId, now).then((d) => d.cards.length),
      this.repo.reviewTotals(userId, subjectId, utcDayStart(now), now),
      this.repo.reviewDays(userId, subjectId, now),
    ]);
    return {
      due,
      completedToday: totals.today,
      accuracy: totals.answered > 0 ? totals.correct / totals.answered : null,
      streak: streakOf(days, now),
      totalReviews: totals.total,
    };
  }
}
