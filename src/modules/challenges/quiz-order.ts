import { randomInt } from 'node:crypto';
import type { ChallengeQuizItem } from './entities';

/**
 * A learner's served order of a day's quiz options (issue 27 §2): `order[q][k]` is the content's index of
 * the option shown at position k of question q. Answers are option positions as served, graded through the
 * stored order, so "option 2" means nothing across learners, and after a failed submission a new order is
 * drawn: changing one answer at a time no longer walks to the key.
 */
export type QuizOrder = number[][];

/** Fisher-Yates with a CSPRNG, per question. */
export function shuffledOrder(quiz: ChallengeQuizItem[]): QuizOrder {
  return quiz.map((item) => {
    const order = item.options.map((_, i) => i);
    for (let i = order.length - 1; i > 0; i--) {
      const j = randomInt(i + 1);
      [order[i], order[j]] = [order[j], order[i]];
    }
    return order;
  });
}

/** Whether a stored order still fits the quiz (its content may have changed since it was served). */
export function fitsQuiz(order: unknown, quiz: ChallengeQuizItem[]): order is QuizOrder {
  if (!Array.isArray(order) || order.length !== quiz.length) return false;
  return quiz.every((item, q) => {
    const o: unknown = order[q];
    if (!Array.isArray(o) || o.length !== item.options.length) return false;
    const seen = new Set(o);
    return seen.size === o.length && o.every((i) => Number.isInteger(i) && i >= 0 && i < o.length);
  });
}
