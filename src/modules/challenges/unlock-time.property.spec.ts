import fc from 'fast-check';
import { Temporal } from './temporal';
import {
  canonicalTimeZone,
  localToday,
  nextLocalMidnight,
  parseLocalDate,
  unlockAtIso,
  unlockTime,
} from './unlock-time';

/** Seeded: a failure prints its seed and path; to try other runs, change the seed here. */
const runs = { seed: 30, numRuns: 150 };

const HOUR = 3_600_000;
/** Zones with one-hour and half-hour changes, changes at midnight (Santiago, Beirut, Havana), no changes, +14. */
const zones = [
  'UTC',
  'Europe/Berlin',
  'America/New_York',
  'America/Santiago',
  'Asia/Beirut',
  'America/Havana',
  'Australia/Lord_Howe',
  'Asia/Kolkata',
  'Pacific/Kiritimati',
  'Pacific/Chatham',
];
const zone = fc.constantFrom(...zones);
/** 2024–2035: the changes these zones make are within an hour. */
const date = fc
  .date({ min: new Date('2024-01-01T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
/** Days on which these zones change their clocks in 2026, and the days just before them. */
const changes = [
  '2026-03-08',
  '2026-03-29',
  '2026-04-05',
  '2026-09-06',
  '2026-09-27',
  '2026-10-04',
  '2026-10-25',
  '2026-11-01',
];
const startDate = fc.oneof(
  date,
  fc
    .tuple(fc.constantFrom(...changes), fc.integer({ min: 0, max: 2 }))
    .map(([c, back]) => Temporal.PlainDate.from(c).subtract({ days: back }).toString()),
);
const pad = (n: number) => String(n).padStart(2, '0');
/** Midnight, the small hours (where the changes are) and any minute. */
const time = fc
  .oneof(
    fc.constant([0, 0]),
    fc.tuple(fc.integer({ min: 0, max: 3 }), fc.constantFrom(0, 30)),
    fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })),
  )
  .map(([h, m]) => `${pad(h)}:${pad(m)}`);
const day = fc.oneof(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 60 }));

describe('unlockTime (properties)', () => {
  it('is monotonic in the day number: each day opens 23 to 25 hours after the one before', () => {
    fc.assert(
      fc.property(startDate, day, zone, time, (start, d, tz, t) => {
        const gap = unlockTime(start, d + 1, tz, t).epochMilliseconds - unlockTime(start, d, tz, t).epochMilliseconds;
        expect(gap).toBeGreaterThanOrEqual(23 * HOUR);
        expect(gap).toBeLessThanOrEqual(25 * HOUR);
      }),
      runs,
    );
  });

  it('opens on the local date start + day - 1 at the local wall-clock time, or, inside a DST gap, that time moved on by the gap', () => {
    fc.assert(
      fc.property(startDate, day, zone, time, (start, d, tz, t) => {
        const z = unlockTime(start, d, tz, t);
        const wanted = Temporal.PlainDate.from(start)
          .add({ days: d - 1 })
          .toPlainDateTime(Temporal.PlainTime.from(t));
        const got = z.toPlainDateTime();
        if (Temporal.PlainDateTime.compare(got, wanted) === 0) {
          // a time that occurs twice opens at its first occurrence: half an hour or an hour earlier, the clock read otherwise
          for (const minutes of [30, 60])
            expect(Temporal.PlainDateTime.compare(z.subtract({ minutes }).toPlainDateTime(), wanted)).not.toBe(0);
          return;
        }
        // a skipped local time (`compatible`): later by exactly the gap, i.e. the offset change across it
        const before = z.subtract({ hours: 12 }).offsetNanoseconds;
        const shift = got.since(wanted).total({ unit: 'nanoseconds' });
        expect(shift).toBeGreaterThan(0);
        expect(shift).toBe(z.offsetNanoseconds - before);
        expect(z.timeZoneId).toBe(tz);
      }),
      runs,
    );
  });

  it('unlockAtIso is the same instant, written like Date.toISOString()', () => {
    fc.assert(
      fc.property(startDate, day, zone, time, (start, d, tz, t) => {
        const iso = unlockAtIso(start, d, tz, t);
        expect(iso).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
        expect(Date.parse(iso)).toBe(unlockTime(start, d, tz, t).epochMilliseconds);
      }),
      runs,
    );
  });

  it('nextLocalMidnight is after now, within 25 hours, and on the next local date', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2024-01-01'), max: new Date('2035-12-31'), noInvalidDate: true }),
        zone,
        (now, tz) => {
          const next = nextLocalMidnight(now, tz);
          expect(next.getTime()).toBeGreaterThan(now.getTime());
          expect(next.getTime() - now.getTime()).toBeLessThanOrEqual(25 * HOUR);
          expect(localToday(next, tz).toString()).toBe(localToday(now, tz).add({ days: 1 }).toString());
          // the first instant of that date: a moment earlier is still today
          expect(localToday(new Date(next.getTime() - 1), tz).toString()).toBe(localToday(now, tz).toString());
        },
      ),
      runs,
    );
  });

  it('parseLocalDate accepts exactly the real calendar dates and writes them back unchanged', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9999 }),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 0, max: 32 }),
        (y, m, d) => {
          const text = `${String(y).padStart(4, '0')}-${pad(m)}-${pad(d)}`;
          const probe = new Date(Date.UTC(2000, m - 1, d));
          probe.setUTCFullYear(y);
          const real = m >= 1 && m <= 12 && d >= 1 && probe.getUTCMonth() === m - 1 && probe.getUTCDate() === d;
          expect(parseLocalDate(text)).toBe(real ? text : null);
        },
      ),
      runs,
    );
  });

  // Found by mutation testing (the pattern's `^` removed survived): Temporal reads more than 'YYYY-MM-DD'.
  it('parseLocalDate refuses the other ISO forms Temporal would read (extended years, date-times, week dates)', () => {
    for (const text of [
      '+002026-01-01',
      '-002026-01-01',
      '2026-01-01T10:00',
      '2026-01-01[UTC]',
      '2026-W01-1',
      '20260101',
    ])
      expect([text, parseLocalDate(text)]).toEqual([text, null]);
  });

  it('canonicalTimeZone takes IANA names only (no offsets, no bracketed or over-long input)', () => {
    expect(canonicalTimeZone('europe/berlin')).toBe('Europe/Berlin');
    for (const text of ['+05:00', '[Europe/Berlin]', 'Europe/Berlin ', `Europe/${'a'.repeat(60)}`, ''])
      expect([text, canonicalTimeZone(text)]).toEqual([text, null]);
  });
});
