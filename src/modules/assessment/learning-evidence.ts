import type { LearningSource } from './entities';

/** What the evidence log says of one item for one learner before a new answer. */
export interface ItemHistory {
  /** any answer of the item before (from a check or practice) */
  answeredBefore: boolean;
  /** an answer of the item that moved mastery since the start of the (UTC) day */
  countedToday: boolean;
}

/**
 * Whether an answer to a check item moves mastery (README "Learning path"): it must be eligible (practice: the card
 * was due), the item must have no counted answer yet that day, and a topic check counts an item on its first answer
 * ever only (its key is shown after it). Pure.
 */
export function countsAsEvidence(source: LearningSource, eligible: boolean, history: ItemHistory): boolean {
  return eligible && !history.countedToday && (source !== 'check' || !history.answeredBefore);
}
