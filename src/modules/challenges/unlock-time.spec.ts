import { canonicalTimeZone, parseLocalDate, unlockAtIso, unlockTime } from './unlock-time';

/** Exact instants; the zones' rules are the tz database's (2026 rules). */
const at = (start: string, day: number, zone: string, time = '00:00') =>
  unlockTime(start, day, zone, time).toInstant().toString();

describe('unlockTime', () => {
  it('America/New_York: the same local midnight is 05:00Z before the March change and 04:00Z after it', () => {
    // Clocks go 02:00 → 03:00 on Sunday 2026-03-08.
    expect(at('2026-03-07', 1, 'America/New_York')).toBe('2026-03-07T05:00:00Z');
    expect(at('2026-03-07', 2, 'America/New_York')).toBe('2026-03-08T05:00:00Z');
    expect(at('2026-03-07', 3, 'America/New_York')).toBe('2026-03-09T04:00:00Z');
    expect(at('2026-03-07', 14, 'America/New_York')).toBe('2026-03-20T04:00:00Z');
  });

  it('America/New_York: a time inside the 02:00–03:00 gap opens at the same distance after the gap', () => {
    // 02:30 does not exist on 2026-03-08; `compatible` moves it forward by the gap's length: 03:30 EDT.
    expect(at('2026-03-06', 3, 'America/New_York', '02:30')).toBe('2026-03-08T07:30:00Z');
    expect(at('2026-03-06', 4, 'America/New_York', '02:30')).toBe('2026-03-09T06:30:00Z');
  });

  it('America/Santiago: midnight skipped on 2026-09-06 opens at 01:00 (-03:00), the first instant after the gap', () => {
    // Santiago moves from -04:00 to -03:00 at 00:00 on Sunday 2026-09-06: 00:00–00:59 do not exist.
    expect(at('2026-09-04', 1, 'America/Santiago')).toBe('2026-09-04T04:00:00Z');
    expect(at('2026-09-04', 2, 'America/Santiago')).toBe('2026-09-05T04:00:00Z');
    expect(at('2026-09-04', 3, 'America/Santiago')).toBe('2026-09-06T04:00:00Z');
    expect(at('2026-09-04', 4, 'America/Santiago')).toBe('2026-09-07T03:00:00Z');
  });

  it('Asia/Beirut: midnight skipped on the last Sunday of March (2026-03-29) opens at 01:00 (+03:00)', () => {
    expect(at('2026-03-28', 1, 'Asia/Beirut')).toBe('2026-03-27T22:00:00Z');
    expect(at('2026-03-28', 2, 'Asia/Beirut')).toBe('2026-03-28T22:00:00Z');
    expect(at('2026-03-28', 3, 'Asia/Beirut')).toBe('2026-03-29T21:00:00Z');
  });

  it('America/Havana: a midnight that occurs twice (2026-11-01, 01:00 → 00:00) opens at its first occurrence', () => {
    // Local 00:00–00:59 on 2026-11-01 happen at -04:00 and again at -05:00; the first is 04:00Z.
    expect(at('2026-10-31', 1, 'America/Havana')).toBe('2026-10-31T04:00:00Z');
    expect(at('2026-10-31', 2, 'America/Havana')).toBe('2026-11-01T04:00:00Z');
    expect(at('2026-10-31', 2, 'America/Havana', '00:30')).toBe('2026-11-01T04:30:00Z');
    expect(at('2026-10-31', 3, 'America/Havana')).toBe('2026-11-02T05:00:00Z');
  });

  it('America/Havana: its spring change is a midnight gap too (2026-03-08 opens at 01:00 -04:00)', () => {
    expect(at('2026-03-07', 2, 'America/Havana')).toBe('2026-03-08T05:00:00Z');
  });

  it('Pacific/Kiritimati (UTC+14): a day opens on the previous UTC date, across a year end too', () => {
    expect(at('2026-12-01', 1, 'Pacific/Kiritimati')).toBe('2026-11-30T10:00:00Z');
    expect(at('2026-12-01', 7, 'Pacific/Kiritimati')).toBe('2026-12-06T10:00:00Z');
    expect(at('2026-12-01', 1, 'Pacific/Kiritimati', '06:30')).toBe('2026-11-30T16:30:00Z');
    expect(at('2026-12-30', 3, 'Pacific/Kiritimati')).toBe('2026-12-31T10:00:00Z');
  });

  it('UTC and Europe/Berlin on an ordinary day', () => {
    expect(at('2026-12-01', 1, 'UTC', '07:15')).toBe('2026-12-01T07:15:00Z');
    expect(at('2026-12-01', 2, 'Europe/Berlin')).toBe('2026-12-01T23:00:00Z');
  });

  it('unlockAtIso writes the instant like Date.toISOString()', () => {
    expect(unlockAtIso('2026-11-30', 3, 'America/New_York', '00:00')).toBe('2026-12-02T05:00:00.000Z');
  });
});

describe('canonicalTimeZone', () => {
  it.each([
    ['Europe/Berlin', 'Europe/Berlin'],
    ['America/Argentina/Buenos_Aires', 'America/Argentina/Buenos_Aires'],
    ['UTC', 'UTC'],
    ['Etc/GMT+5', 'Etc/GMT+5'],
    ['america/new_york', 'America/New_York'],
  ])('accepts %s', (input, name) => {
    expect(canonicalTimeZone(input)).toBe(name);
  });

  it.each(['', 'Mars/Olympus_Mons', '+05:00', 'UTC+2', 'Europe/Berlin ', '../etc/passwd', 'x'.repeat(65)])(
    'refuses %j',
    (input) => {
      expect(canonicalTimeZone(input)).toBeNull();
    },
  );
});

describe('parseLocalDate', () => {
  it('accepts real dates only', () => {
    expect(parseLocalDate('2026-02-28')).toBe('2026-02-28');
    expect(parseLocalDate('2028-02-29')).toBe('2028-02-29');
    expect(parseLocalDate('2026-02-29')).toBeNull();
    expect(parseLocalDate('2026-13-01')).toBeNull();
    expect(parseLocalDate('2026-1-01')).toBeNull();
    expect(parseLocalDate('2026-01-01T00:00')).toBeNull();
  });
});
