import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { assessProject, firstNumber, implausible, numericRule } from './bot-assessor';

interface YamlDay {
  day: number;
  micro_project: { expected_fields: string[] };
  rubric: { pass_score: number; criteria: string[] };
}

const CONTENT = join(__dirname, '..', '..', '..', 'content', 'challenges');
const challenges = new Map(
  readdirSync(CONTENT)
    .filter((f) => f.endsWith('.yaml'))
    .map((f) => {
      const c = parse(readFileSync(join(CONTENT, f), 'utf8')) as { id: string; days: YamlDay[] };
      return [c.id, c.days] as const;
    }),
);

function dayOf(challenge: string, day: number) {
  const d = challenges.get(challenge)!.find((x) => x.day === day)!;
  return {
    expectedFields: d.micro_project.expected_fields,
    criteria: d.rubric.criteria,
    passScore: d.rubric.pass_score,
  };
}

describe('assessProject on the real content', () => {
  it('passes honest answers to vagus-breath-7 day 1', () => {
    const result = assessProject({
      ...dayOf('vagus-breath-7', 1),
      answers: {
        baseline_breaths_per_minute: '16 breaths, counted over a full minute while sitting',
        minutes_practised: '5',
        position_used: 'Lying on my back with knees bent',
        belly_vs_chest_movement:
          'The belly hand rose more than the chest hand after a minute; hard to keep the chest still at first',
        how_you_felt: 'Calmer and a little sleepy, no dizziness or discomfort',
      },
    });
    expect(result.passed).toBe(true);
    expect(result.score).toBeGreaterThanOrEqual(0.6);
    expect(result.feedback).toMatch(/^Every field answered; \d of 4 rubric points covered\./);
  });

  it('passes honest answers to vagus-breath-7 day 2 and day 3', () => {
    expect(
      assessProject({
        ...dayOf('vagus-breath-7', 2),
        answers: {
          minutes_practised: '5 minutes',
          inhale_seconds: '4',
          exhale_seconds: 'six, later eight',
          side_effects_noticed: 'Slight tingling in my fingers once, so I made the breaths smaller and it settled',
          calm_rating_1_to_10: '7',
        },
      }).passed,
    ).toBe(true);
    expect(
      assessProject({
        ...dayOf('vagus-breath-7', 3),
        answers: {
          breaths_per_minute: '6 per minute, 5 seconds in and 5 out',
          minutes_practised: '10',
          pacer_used: 'A free breathing pacer app with a rising and falling bar',
          comfort_rating_1_to_10: '8',
          observations: 'Warm hands, heart rate on my watch went up on the in-breath and down on the out-breath',
        },
      }).passed,
    ).toBe(true);
  });

  it('fails junk with feedback that names what is missing or not plausible', () => {
    const result = assessProject({
      ...dayOf('vagus-breath-7', 1),
      answers: {
        baseline_breaths_per_minute: 'asdf',
        minutes_practised: 'aaaa',
        position_used: 'n/a',
        belly_vs_chest_movement: '   ',
      },
    });
    expect(result.passed).toBe(false);
    expect(result.score).toBeLessThan(0.6);
    expect(result.feedback).toContain('Missing: belly vs chest movement, how you felt.');
    expect(result.feedback).toContain('Baseline breaths per minute: a placeholder, not an answer.');
    expect(result.feedback).toContain('Minutes practised: repeated characters, not an answer.');
    expect(result.feedback).toContain('Position used: a placeholder, not an answer.');
    expect(result.feedback).toContain('Not covered yet: Records a plausible baseline breathing rate');
    expect(result.feedback).toContain('A reviewer will also look at your submission.');
  });

  it('fails numbers outside a sensible range, and says what to give', () => {
    const result = assessProject({
      ...dayOf('vagus-breath-7', 2),
      answers: {
        minutes_practised: '5',
        inhale_seconds: '4',
        exhale_seconds: '6',
        side_effects_noticed: 'none',
        calm_rating_1_to_10: '42',
      },
    });
    expect(result.passed).toBe(false);
    expect(result.feedback).toContain('Calm rating 1 to 10: 42 is not plausible (give a number from 1 to 10).');
  });

  it('fails a submission with one good field among missing ones, although most rubric words appear', () => {
    const result = assessProject({
      ...dayOf('vagus-breath-7', 1),
      answers: {
        how_you_felt:
          'baseline breathing rate full minute practice time position belly chest difficulty felt discomfort',
      },
    });
    expect(result.passed).toBe(false);
    expect(result.feedback).toContain(
      'Missing: baseline breaths per minute, minutes practised, position used, belly vs chest movement.',
    );
  });

  it('fails an empty or all-junk submission on every day of every challenge', () => {
    let days = 0;
    for (const [id, list] of challenges) {
      for (const d of list) {
        const base = dayOf(id, d.day);
        expect(assessProject({ ...base, answers: {} })).toMatchObject({ passed: false, score: 0 });
        const junk = Object.fromEntries(base.expectedFields.map((f) => [f, 'xxxx']));
        const result = assessProject({ ...base, answers: junk });
        expect(result.passed).toBe(false);
        expect(result.score).toBe(0);
        days++;
      }
    }
    expect(days).toBe(31);
  });
});

describe('field checks', () => {
  it.each([
    ['how_you_felt', 'fine', null],
    ['side_effects_noticed', 'none', null],
    ['holds_comfortable', 'no', null],
    ['how_you_felt', 'qwerty', 'a placeholder, not an answer'],
    ['how_you_felt', 'TBD!', 'a placeholder, not an answer'],
    ['how_you_felt', 'sdfsdfsdf', 'repeated characters, not an answer'],
    ['how_you_felt', '!!!', 'no words or numbers'],
    ['how_you_felt', 'sdfghjk', 'not readable words'],
    ['how_you_felt', 'k', 'too short to be an answer'],
    ['how_you_felt', 'Ruhig und entspannt', null],
    ['how_you_felt', 'спокойно', null],
    ['minutes_practised', 'about ten', null],
    ['minutes_practised', '0', '0 is not plausible (give the number of minutes)'],
    ['minutes_practised', 'a while', 'no number (give the number of minutes)'],
    ['resting_heart_rate_bpm', '62 bpm by 60-second pulse count', null],
    ['resting_heart_rate_bpm', '900', '900 is not plausible (give a heart rate in beats per minute)'],
    ['baseline_breaths_per_minute', '14', null],
    ['baseline_breaths_per_minute', '140', '140 is not plausible (give a number per minute)'],
    ['expectation_0_to_10', '0', null],
    ['sleep_hours_last_night', '7.5', null],
    ['sleep_hours_last_night', '30', '30 is not plausible (give the number of hours)'],
    ['hrv_ms_or_score', 'no device, resting heart rate instead', null],
  ])('%s = %j → %j', (field, answer, expected) => {
    expect(implausible(field, answer)).toBe(expected);
  });

  it('reads the number a field name asks for', () => {
    expect(numericRule('fullness_after_20_min_1_to_10')).toMatchObject({ min: 1, max: 10 });
    expect(numericRule('breaths_per_minute_today')).toMatchObject({ min: 1, max: 60 });
    expect(numericRule('meal_duration_minutes')).toMatchObject({ min: 1, max: 600 });
    expect(numericRule('minutes')).toMatchObject({ min: 1, max: 600 });
    expect(numericRule('position_used')).toBeNull();
    expect(numericRule('hrv_ms_or_score')).toBeNull();
    expect(firstNumber('about 5,5 per minute')).toBe(5.5);
    expect(firstNumber('twelve or so')).toBe(12);
    expect(firstNumber('no idea')).toBeNull();
  });
});
