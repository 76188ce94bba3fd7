import { describe, expect, it } from 'vitest';
import { greetingFor, greetingForHour, greetingLine, nameFromEmail } from './greeting';

describe('greeting by time of day', () => {
  it.each([
    [0, 'Good morning'],
    [5, 'Good morning'],
    [11, 'Good morning'],
    [12, 'Good afternoon'],
    [16, 'Good afternoon'],
    [17, 'Good evening'],
    [23, 'Good evening'],
  ])('hour %i → %s', (hour, expected) => {
    expect(greetingForHour(hour)).toBe(expected);
  });

  it('uses the local hour of a date, minutes included', () => {
    expect(greetingFor(new Date(2026, 2, 2, 11, 59, 59))).toBe('Good morning');
    expect(greetingFor(new Date(2026, 2, 2, 12, 0, 0))).toBe('Good afternoon');
    expect(greetingFor(new Date(2026, 2, 2, 16, 59, 59))).toBe('Good afternoon');
    expect(greetingFor(new Date(2026, 2, 2, 17, 0, 0))).toBe('Good evening');
  });

  it('greets by the part of the e-mail before the @', () => {
    expect(nameFromEmail('ada.lovelace@example.com')).toBe('ada.lovelace');
    expect(nameFromEmail('noatsign')).toBe('noatsign');
    expect(nameFromEmail(undefined)).toBe('');
    expect(greetingLine(new Date(2026, 2, 2, 9), 'ada@example.com')).toBe('Good morning, ada');
    expect(greetingLine(new Date(2026, 2, 2, 20), null)).toBe('Good evening');
  });
});
