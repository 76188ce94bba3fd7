/** The hub's periods: the last N days, today (UTC) included. */
export const PERIODS = [7, 30, 90] as const;
export type PeriodDays = (typeof PERIODS)[number];

export function periodOf(days: PeriodDays, now = new Date()): { from: string; to: string } {
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const from = new Date(to.getTime() - (days - 1) * 86_400_000);
  return { from: from.toISOString().slice(0, 10), to: to.toISOString().slice(0, 10) };
}

export interface Change {
  /** ▲, ▼ or = */
  arrow: '▲' | '▼' | '=';
  /** what is shown beside the arrow */
  text: string;
  /** what a screen reader says */
  spoken: string;
}

/** The change from the previous period, as a percentage of it ("new" when it was 0). */
export function changeOf(current: number, previous: number): Change {
  if (current === previous) return { arrow: '=', text: '0%', spoken: 'no change on the previous period' };
  if (previous === 0) return { arrow: '▲', text: 'new', spoken: 'up from none in the previous period' };
  const pct = Math.round((Math.abs(current - previous) / previous) * 100);
  return current > previous
    ? { arrow: '▲', text: `${pct}%`, spoken: `up ${pct}% on the previous period` }
    : { arrow: '▼', text: `${pct}%`, spoken: `down ${pct}% on the previous period` };
}

/** A rate's change in percentage points. */
export function rateChangeOf(current: number | null, previous: number | null): Change | null {
  if (current === null || previous === null) return null;
  const pts = Math.round((current - previous) * 100);
  if (pts === 0) return { arrow: '=', text: '0 pts', spoken: 'no change on the previous period' };
  return pts > 0
    ? { arrow: '▲', text: `${pts} pts`, spoken: `up ${pts} points on the previous period` }
    : { arrow: '▼', text: `${-pts} pts`, spoken: `down ${-pts} points on the previous period` };
}

export const formatMoney = (minor: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(minor / 100);

export const formatRate = (rate: number | null) => (rate === null ? '—' : `${Math.round(rate * 100)}%`);
