/** Dates, durations and labels of the challenge pages. */

const pad = (n: number) => String(n).padStart(2, '0');

/** Today in the browser's time zone, as 'YYYY-MM-DD' (the enrolment's start date). */
export function localDateToday(now: Date = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The browser's IANA time zone (what the enrolment unlocks days in). */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** An instant in the learner's own time zone: 'Wed, Dec 2, 2026, 12:00 AM EST'. */
export function formatLocalDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const t = Date.parse(iso);
  if (!Number.isFinite(t)) return '';
  return new Date(t).toLocaleString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  });
}

/** A remaining time as '2d 3h 4m 5s', '3h 4m 5s' or '4m 5s' (never negative). */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  if (days > 0) return `${days}d ${hours}h ${minutes}m ${seconds}s`;
  if (hours > 0) return `${hours}h ${minutes}m ${seconds}s`;
  return `${minutes}m ${seconds}s`;
}

/** A field name made readable: 'baseline_breaths_per_minute' → 'Baseline breaths per minute'. */
export function fieldLabel(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_\-.]+/g, ' ')
    .trim()
    .replace(/\s+/g, ' ')
    .toLowerCase();
  if (!words) return name;
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A 0..1 score as a whole percentage. */
export function formatScore(score: number | null | undefined): string {
  if (typeof score !== 'number' || !Number.isFinite(score)) return '—';
  return `${Math.round(Math.max(0, Math.min(1, score)) * 100)}%`;
}

/** The route's day parameter as a day number, or null when it is not a positive whole number. */
export function parseDay(value: string | undefined): number | null {
  if (!value || !/^\d{1,4}$/.test(value)) return null;
  const day = Number(value);
  return day >= 1 ? day : null;
}
