import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { MasteryService } from '../assessment/mastery.service';
import { type PublicQuizItem, QuizItemsService } from '../assessment/quiz-items.service';
import { TopicReader } from '../graph/structure/topic-reader.service';
import { Clock, CLOCK } from './clock';
import { emptyCard, fromRecord, schedule, type SpecRating, streakOf, utcDayStart } from './practice-schedule';
import { type CardRecord, PracticeRepository } from './practice.repository';

export const DEFAULT_NEXT_LIMIT = 10;
export const NO_CARD_MESSAGE = 'No practice card for this topic. Start practice for the course first.';

/** A due card with its topic's title and the question it shows this time (null: the topic has none). */
export interface PracticeCard {
  nodeId: string;
  title: string;
  due: Date;
  item: PublicQuizItem | null;
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

/** Spaced-repetition practice: one FSRS card per learner and topic; every time decision reads the clock. */
@Injectable()
export class PracticeService {
  constructor(
    private readonly em: EntityManager,
    private readonly repo: PracticeRepository,
    private readonly mastery: MasteryService,
    private readonly quizItems: QuizItemsService,
    private readonly structure: TopicReader,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Creates a card for every live topic the learner has none for; answers how many it created. */
  async seed(userId: string, subjectId: string): Promise<number> {
    const topics = await this.structure.liveTopics(subjectId);
    const created = await this.repo.seedCards(
      this.em,
      userId,
      subjectId,
      topics.map((t) => t.id),
      emptyCard(this.clock.now()),
    );
    return created.length;
  }

  /** Due cards on live topics, most overdue first, then in reading order; with each topic's title. */
  private async due(userId: string, subjectId: string, now: Date): Promise<(CardRecord & { title: string })[]> {
    const [cards, topics] = await Promise.all([
      this.repo.dueCards(userId, subjectId, now),
      this.structure.liveTopics(subjectId),
    ]);
    const live = new Map(topics.map((t, position) => [t.id, { title: t.title, position }]));
    return cards
      .filter((c) => live.has(c.nodeId))
      .map((c) => ({ ...c, title: live.get(c.nodeId)!.title, position: live.get(c.nodeId)!.position }))
      .sort(
        (a, b) =>
          new Date(a.due).getTime() - new Date(b.due).getTime() ||
          a.position - b.position ||
          (a.nodeId < b.nodeId ? -1 : 1),
      )
      .map(({ position: _position, ...c }) => c);
  }

  /** Due cards, most overdue first, each with one of its topic's questions (rotating with the card's reps). */
  async next(userId: string, subjectId: string, limit = DEFAULT_NEXT_LIMIT): Promise<PracticeCard[]> {
    const cards = (await this.due(userId, subjectId, this.clock.now())).slice(0, limit);
    const items = await this.quizItems.forTopics(
      subjectId,
      cards.map((c) => c.nodeId),
    );
    const byNode = new Map<string, PublicQuizItem[]>();
    for (const it of items) byNode.set(it.nodeId, [...(byNode.get(it.nodeId) ?? []), it]);
    return cards.map((c) => {
      const own = byNode.get(c.nodeId) ?? [];
      return { nodeId: c.nodeId, title: c.title, due: c.due, item: own.length ? own[c.reps % own.length] : null };
    });
  }

  async review(
    userId: string,
    subjectId: string,
    input: { nodeId: string; rating: SpecRating; questionId?: string; answer?: string },
  ): Promise<PracticeReview> {
    if (input.answer !== undefined && input.questionId === undefined)
      throw new BadRequestException('answer needs the questionId it answers');
    const now = this.clock.now();
    return this.em.transactional(async (tx) => {
      const card = await this.repo.lockCard(tx, userId, subjectId, input.nodeId);
      if (!card) throw new NotFoundException(NO_CARD_MESSAGE);

      let correct: boolean | null = null;
      if (input.questionId !== undefined) {
        const graded = await this.quizItems.grade(tx, subjectId, input.questionId, input.answer);
        if (!graded || graded.nodeId !== input.nodeId)
          throw new BadRequestException('questionId is not a question of this topic');
        correct = graded.correct;
      }

      const next = schedule(fromRecord(card), input.rating, now);
      await this.repo.updateCard(tx, userId, subjectId, input.nodeId, next);
      await this.repo.insertReview(tx, {
        userId,
        subjectId,
        nodeId: input.nodeId,
        rating: input.rating,
        correct,
        reviewedAt: now,
        scheduledDays: next.scheduledDays,
      });

      const mastery =
        correct !== null
          ? ((await this.mastery.record(tx, userId, subjectId, [{ nodeId: input.nodeId, correct }]))[input.nodeId] ??
            null)
          : await this.mastery.topicLevel(tx, userId, subjectId, input.nodeId);

      return {
        nodeId: input.nodeId,
        rating: input.rating,
        correct,
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
      this.due(userId, subjectId, now).then((cards) => cards.length),
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
