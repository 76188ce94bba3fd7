/**
 * Bayesian Knowledge Tracing (Corbett & Anderson): the probability that a learner knows a skill,
 * updated after each answer. A correct answer can be a guess; a wrong one can be a slip.
 */
export interface BktParams {
  /** P(L0): prior that the skill is known before any evidence */
  pInit: number;
  /** P(T): chance of learning the skill at each opportunity */
  pLearn: number;
  /** P(S): knowing the skill but answering wrongly */
  pSlip: number;
  /** P(G): not knowing it but answering right (1 in 4 for four choices) */
  pGuess: number;
}

export const DEFAULT_BKT: BktParams = { pInit: 0.2, pLearn: 0.1, pSlip: 0.1, pGuess: 0.25 };

export function bktPosterior(pKnown: number, correct: boolean, p: BktParams = DEFAULT_BKT): number {
  const known = correct ? pKnown * (1 - p.pSlip) : pKnown * p.pSlip;
  const unknown = correct ? (1 - pKnown) * p.pGuess : (1 - pKnown) * (1 - p.pGuess);
  return known / (known + unknown);
}

/** Posterior given the answer, then the chance of learning from the opportunity. */
export function bktUpdate(pKnown: number, correct: boolean, p: BktParams = DEFAULT_BKT): number {
  const posterior = bktPosterior(pKnown, correct, p);
  return clamp(posterior + (1 - posterior) * p.pLearn);
}

/** P(correct answer) for a learner who knows the skill with probability pKnown. */
export function pCorrect(pKnown: number, p: BktParams = DEFAULT_BKT): number {
  return pKnown * (1 - p.pSlip) + (1 - pKnown) * p.pGuess;
}

export function clamp(x: number, lo = 0.001, hi = 0.999): number {
  return Math.min(hi, Math.max(lo, x));
}
