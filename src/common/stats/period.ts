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

/**
 * The UTC day of a period bound, for the figures kept per UTC day: the dashboard's periods are whole UTC days, so
 * a bound that is not a UTC midnight is a caller's mistake.
 */
export function utcDay(at: Date): Day {
  if (at.getTime() % 86_400_000 !== 0)
    throw new Error(`a period bound must be a UTC midnight, not ${at.toISOString()}`);
  return at.toISOString().slice(0, 10);
}

/**
 * A figure kept as one row per UTC day (`day`, and a count `column`), summed over each period: the statement and
 * its parameters, for the module that owns `table` to run. Both periods read at most 2 × 366 rows.
 */
export function sumByDay(table: string, column: string, p: StatsPeriods): [string, Day[]] {
  return [
    `select coalesce(sum(${column}) filter (where day >= ?::date and day < ?::date), 0)::int as current,
            coalesce(sum(${column}) filter (where day >= ?::date and day < ?::date), 0)::int as previous
       from ${table} where day >= ?::date and day < ?::date`,
    periodParams(p).map(utcDay),
  ];
}
