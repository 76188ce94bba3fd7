import {
  emptyCard,
  fromRecord,
  preview,
  schedule,
  SPEC_TO_FSRS,
  stateName,
  streakOf,
  utcDayStart,
} from './practice-schedule';

describe('practice schedule', () => {
  it('maps the spec ratings to FSRS grades', () => {
    expect(SPEC_TO_FSRS).toEqual({ 0: 1, 1: 2, 3: 3, 5: 4 });
  });

  it('round-trips a card through its stored form and grows the interval on Good', () => {
    let now = new Date('2030-01-01T08:00:00Z');
    let s = emptyCard(now);
    expect(s).toMatchObject({ due: now, reps: 0, lapses: 0, state: 0, lastReview: null });
    const intervals: number[] = [];
    for (let i = 0; i < 5; i++) {
      const record = s;
      s = schedule(fromRecord(record), 3, now);
      intervals.push(s.scheduledDays);
      now = s.due;
    }
    expect(intervals[0]).toBe(0);
    for (let i = 2; i < intervals.length; i++) expect(intervals[i]).toBeGreaterThan(intervals[i - 1]);
    expect(stateName(s.state)).toBe('Review');
    const lapsed = schedule(fromRecord(s), 0, now);
    expect(lapsed.lapses).toBe(1);
    expect(stateName(lapsed.state)).toBe('Relearning');
    expect(lapsed.scheduledDays).toBe(0);
  });

  it('counts UTC days and streaks', () => {
    const now = new Date('2030-01-10T23:30:00-05:00'); // already 11 Jan in UTC
    expect(utcDayStart(now).toISOString()).toBe('2030-01-11T00:00:00.000Z');
    expect(streakOf([], now)).toBe(0);
    expect(streakOf(['2030-01-11', '2030-01-10', '2030-01-09', '2030-01-07'], now)).toBe(3);
    expect(streakOf(['2030-01-10', '2030-01-09'], now)).toBe(2); // today not over yet
    expect(streakOf(['2030-01-11', '2030-01-09'], now)).toBe(1);
    expect(streakOf(['2030-01-09'], now)).toBe(0);
  });
});

describe('preview', () => {
  it('answers, for each rating, the interval and due date that schedule then sets', () => {
    let now = new Date('2030-01-01T08:00:00Z');
    let state = emptyCard(now);
    // a new card, then one reviewed Good twice: previews match schedule at every step
    for (let step = 0; step < 3; step++) {
      const card = fromRecord(state);
      const shown = preview(card, now);
      expect(shown.map((p) => [p.rating, p.label])).toEqual([
        [0, 'Again'],
        [1, 'Hard'],
        [3, 'Good'],
        [5, 'Easy'],
      ]);
      for (const p of shown) {
        const next = schedule(fromRecord(state), p.rating, now);
        expect(p.scheduledDays).toBe(next.scheduledDays);
        expect(p.due.getTime()).toBe(next.due.getTime());
      }
      state = schedule(card, 3, now);
      now = state.due;
    }
    // Easy never schedules sooner than Again
    const last = preview(fromRecord(state), now);
    expect(last[3].due.getTime()).toBeGreaterThan(last[0].due.getTime());
  });
});
