import { describe, expect, it } from 'vitest';
import { fieldLabel, formatCountdown, formatScore, localDateToday, parseDay } from './format';

describe('challenge formatting', () => {
  it('makes expected field names readable', () => {
    expect(fieldLabel('baseline_breaths_per_minute')).toBe('Baseline breaths per minute');
    expect(fieldLabel('calm_rating_1_to_10')).toBe('Calm rating 1 to 10');
    expect(fieldLabel('minutesPractised')).toBe('Minutes practised');
    expect(fieldLabel('how-you-felt')).toBe('How you felt');
    expect(fieldLabel('HRV')).toBe('Hrv');
  });

  it('counts down in days, hours, minutes and seconds, never below zero', () => {
    expect(formatCountdown(((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000)).toBe('2d 3h 4m 5s');
    expect(formatCountdown((3 * 3600 + 5) * 1000)).toBe('3h 0m 5s');
    expect(formatCountdown(65_000)).toBe('1m 5s');
    // A part of a second left still shows as a second, so 0s means "now".
    expect(formatCountdown(400)).toBe('0m 1s');
    expect(formatCountdown(-5000)).toBe('0m 0s');
  });

  it('takes the date from the local calendar, not UTC', () => {
    // 23:30 local on Mar 1 is Mar 2 in UTC for any zone west of UTC, and the same day east of it.
    expect(localDateToday(new Date(2026, 2, 1, 23, 30))).toBe('2026-03-01');
    expect(localDateToday(new Date(2026, 11, 31, 0, 5))).toBe('2026-12-31');
  });

  it('accepts only positive whole day numbers', () => {
    expect(parseDay('3')).toBe(3);
    expect(parseDay('0')).toBeNull();
    expect(parseDay('-1')).toBeNull();
    expect(parseDay('1.5')).toBeNull();
    expect(parseDay('abc')).toBeNull();
    expect(parseDay(undefined)).toBeNull();
  });

  it('shows scores as whole percentages', () => {
    expect(formatScore(0.666)).toBe('67%');
    expect(formatScore(1)).toBe('100%');
    expect(formatScore(null)).toBe('—');
  });
});
