import type { Card, Grade, State } from 'ts-fsrs' with { 'resolution-mode': 'import' };
import type * as TsFsrs from 'ts-fsrs' with { 'resolution-mode': 'import' };

// ts-fsrs ships ESM typings but also a CommonJS build (its "require" export), which this CommonJS app loads.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { createEmptyCard, fsrs, Rating } = require('ts-fsrs') as typeof TsFsrs;
import type { CardState } from './practice.repository';

/** The spec's ratings: 0 Again, 1 Hard, 3 Good, 5 Easy. */
export const SPEC_RATINGS = [0, 1, 3, 5] as const;
export type SpecRating = (typeof SPEC_RATINGS)[number];

export type CardStateName = 'New' | 'Learning' | 'Review' | 'Relearning';

/** The spec's ratings (0 Again, 1 Hard, 3 Good, 5 Easy) as FSRS grades. */
export const SPEC_TO_FSRS: Record<SpecRating, Grade> = {
  0: Rating.Again,
  1: Rating.Hard,
  3: Rating.Good,
  5: Rating.Easy,
};

const scheduler = fsrs();

function toCardState(c: Card): CardState {
  return {
    due: c.due,
    stability: c.stability,
    difficulty: c.difficulty,
    elapsedDays: c.elapsed_days,
    scheduledDays: c.scheduled_days,
    learningSteps: c.learning_steps,
    reps: c.reps,
    lapses: c.lapses,
    state: c.state,
    lastReview: c.last_review ?? null,
  };
}

export function fromRecord(r: CardState): Card {
  return {
    due: new Date(r.due),
    stability: Number(r.stability),
    difficulty: Number(r.difficulty),
    elapsed_days: r.elapsedDays,
    scheduled_days: r.scheduledDays,
    learning_steps: r.learningSteps,
    reps: r.reps,
    lapses: r.lapses,
    state: r.state as State,
    last_review: r.lastReview ? new Date(r.lastReview) : undefined,
  };
}

export function emptyCard(now: Date): CardState {
  return toCardState(createEmptyCard(now));
}

/** FSRS's next state of the card after a review with the spec's rating at `now`. */
export function schedule(card: Card, rating: SpecRating, now: Date): CardState {
  return toCardState(scheduler.next(card, now, SPEC_TO_FSRS[rating]).card);
}

export const RATING_LABELS: Record<SpecRating, string> = { 0: 'Again', 1: 'Hard', 3: 'Good', 5: 'Easy' };

/** What each rating would schedule: shown on the rating buttons before the learner rates. */
export interface IntervalPreview {
  rating: SpecRating;
  label: string;
  scheduledDays: number;
  due: Date;
}

/** The card's next interval for each of the spec's ratings at `now` (FSRS `repeat`), as `schedule` would set it. */
export function preview(card: Card, now: Date): IntervalPreview[] {
  const outcomes = scheduler.repeat(card, now);
  return SPEC_RATINGS.map((rating) => {
    const next = outcomes[SPEC_TO_FSRS[rating]].card;
    return { rating, label: RATING_LABELS[rating], scheduledDays: next.scheduled_days, due: next.due };
  });
}

export function stateName(state: number): CardStateName {
  return (['New', 'Learning', 'Review', 'Relearning'] as const)[state] ?? 'New';
}

/** Midnight UTC of `now`'s day. */
export function utcDayStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

const dayKey = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Consecutive UTC days with at least one review, ending today. A streak whose last day is
 * yesterday is still alive (today is not over yet), so it counts up to yesterday.
 * `days` are 'YYYY-MM-DD' keys, in any order.
 */
export function streakOf(days: Iterable<string>, now: Date): number {
  const set = new Set(days);
  const day = utcDayStart(now);
  if (!set.has(dayKey(day))) day.setUTCDate(day.getUTCDate() - 1);
  let n = 0;
  while (set.has(dayKey(day))) {
    n++;
    day.setUTCDate(day.getUTCDate() - 1);
  }
  return n;
}
