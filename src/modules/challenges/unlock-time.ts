import { type PlainDate, Temporal, type ZonedDateTime } from './temporal';

/**
 * When a challenge day opens, computed with the Temporal API: day N opens at the enrolment's local unlock
 * time on `startLocalDate + N - 1` in its IANA time zone. `toZonedDateTime` uses the `compatible`
 * disambiguation: a local time that a daylight-saving change skips (Santiago and Beirut jump from 00:00
 * to 01:00) opens at the first instant after the gap; a local time that occurs twice opens at the first.
 * No offset arithmetic of our own: the zone rules are the runtime's (ICU tz data).
 */

export const TIME_ZONE_MESSAGE = 'timezone must be an IANA time zone such as Europe/Berlin';

// IANA names: "UTC", "Europe/Berlin", "America/Argentina/Buenos_Aires", "Etc/GMT+5". Temporal also
// accepts bare offsets ("+05:00"), which are not zones: they know nothing of daylight saving.
const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;

/** The zone's canonical IANA name (as Temporal spells it), or null when it is not an IANA zone. */
export function canonicalTimeZone(input: string): string | null {
  if (input.length > 64 || !IANA_NAME.test(input)) return null;
  try {
    return Temporal.PlainDate.from('2026-01-01').toZonedDateTime({ timeZone: input }).timeZoneId;
  } catch {
    return null;
  }
}

/**
 * The moment day `day` (1-based) opens, in the enrolment's zone. Inputs are validated ones: 'YYYY-MM-DD',
 * an IANA zone, 'HH:MM'.
 */
export function unlockTime(
  startLocalDate: string,
  day: number,
  timeZone: string,
  dailyUnlockLocalTime: string,
): ZonedDateTime {
  return Temporal.PlainDate.from(startLocalDate)
    .add({ days: day - 1 })
    .toZonedDateTime({ timeZone, plainTime: Temporal.PlainTime.from(dailyUnlockLocalTime) });
}

/** The same instant as the API writes it: ISO 8601 in UTC with milliseconds, like `Date.toISOString()`. */
export function unlockAtIso(
  startLocalDate: string,
  day: number,
  timeZone: string,
  dailyUnlockLocalTime: string,
): string {
  return new Date(unlockTime(startLocalDate, day, timeZone, dailyUnlockLocalTime).epochMilliseconds).toISOString();
}

/** A real calendar date written 'YYYY-MM-DD' (no 2026-02-30), or null. */
export function parseLocalDate(input: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(input)) return null;
  try {
    return Temporal.PlainDate.from(input, { overflow: 'reject' }).toString();
  } catch {
    return null;
  }
}

/** The calendar date it is at `now` in the zone (a validated IANA zone). */
export function localToday(now: Date, timeZone: string): PlainDate {
  return Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(timeZone).toPlainDate();
}

/** The first instant of the local day after the one `now` falls on, in the zone (midnight, or after a DST gap). */
export function nextLocalMidnight(now: Date, timeZone: string): Date {
  const next = localToday(now, timeZone).add({ days: 1 }).toZonedDateTime({ timeZone });
  return new Date(next.epochMilliseconds);
}
