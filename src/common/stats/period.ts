/**
 * A reporting period and the one before it, as half-open instants [from, to): what each owning module's
 * statistics method takes, so that every figure of the owner's dashboard counts the same days.
 */
export interface StatsPeriods {
  current: { from: Date; to: Date };
  previous: { from: Date; to: Date };
}

/** A figure for the period and for the one before it. */
export interface Compared {
  current: number;
  previous: number;
}

/** One UTC day of a series, `YYYY-MM-DD`. */
export type Day = string;

/** The positional parameters of a `count(*) filter (…)` pair over both periods: prev from, cur to, then each bound. */
export const periodParams = (p: StatsPeriods) => [
  p.current.from,
  p.current.to,
  p.previous.from,
  p.previous.to,
  p.previous.from,
  p.current.to,
];
