import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import {
  assessProject,
  type FieldRule,
  firstNumber,
  implausible,
  mentionsAny,
  numericRule,
  sameText,
} from './bot-assessor';

type YamlField = string | ({ name: string } & FieldRule);
interface YamlDay {
  day: number;
  micro_project: { expected_fields: YamlField[] };
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
  const fields = d.micro_project.expected_fields.map((f) => (typeof f === 'string' ? { name: f } : f));
  return {
    expectedFields: fields.map((f) => f.name),
    rules: Object.fromEntries(fields.map(({ name, ...rule }) => [name, rule])) as Record<string, FieldRule>,
    criteria: d.rubric.criteria,
    passScore: d.rubric.pass_score,
  };
}

const DAY1_HONEST = {
  baseline_breaths_per_minute: '16 breaths, counted over a full minute while sitting',
  minutes_practised: '5',
  position_used: 'Lying on my back with knees bent',
  belly_vs_chest_movement:
    'The belly hand rose more than the chest hand after a minute; hard to keep the chest still at first',
  how_you_felt: 'Calmer and a little sleepy, no dizziness or discomfort',
};

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
    expect(result.feedback).toMatch(/\d of 4 points a reviewer looks for (is|are) not covered yet/);
    expect(result.feedback).not.toContain('Records a plausible baseline breathing rate');
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

  it("fails a number outside the field's range from the content pack, and says the range", () => {
    const result = assessProject({
      ...dayOf('vagus-breath-7', 1),
      answers: { ...DAY1_HONEST, baseline_breaths_per_minute: '55 breaths, counted for a minute' },
    });
    expect(result.passed).toBe(false);
    expect(result.feedback).toContain('Baseline breaths per minute: 55 is not plausible (give a number from 4 to 40).');
    // The name alone would have allowed up to 60 a minute: the pack's range decides.
    expect(implausible('baseline_breaths_per_minute', '55')).toBeNull();
  });

  it("fails the same filler text in every field, though it names every field's topic and plausible numbers", () => {
    const filler = '16 breaths a minute; 5 minutes lying on my back, the belly hand rose, I felt calm and relaxed';
    const day1 = dayOf('vagus-breath-7', 1);
    const result = assessProject({ ...day1, answers: Object.fromEntries(day1.expectedFields.map((f) => [f, filler])) });
    expect(result.passed).toBe(false);
    expect(result.feedback).toContain(
      'Position used: the same text as baseline breaths per minute: each field needs its own answer.',
    );
    expect(result.feedback).toContain('How you felt: the same text as baseline breaths per minute');
    // The same filler with each field's name swapped in is still the same text.
    const named = Object.fromEntries(day1.expectedFields.map((f) => [f, `${f.replace(/_/g, ' ')}: ${filler}`]));
    expect(assessProject({ ...day1, answers: named }).passed).toBe(false);
    // Two numeric fields may hold the same number.
    expect(sameText('5', '5')).toBe(false);
    expect(sameText('Calmer', 'calmer!')).toBe(true);
  });

  it('fails a paragraph the learner already sent on another day of the challenge', () => {
    const day2 = {
      minutes_practised: '5 minutes',
      inhale_seconds: '4',
      exhale_seconds: '6',
      side_effects_noticed: 'Slight tingling in my fingers once, so I made the breaths smaller and it settled',
      calm_rating_1_to_10: '7',
    };
    expect(assessProject({ ...dayOf('vagus-breath-7', 2), answers: day2 }).passed).toBe(true);
    const again = assessProject({
      ...dayOf('vagus-breath-7', 2),
      answers: day2,
      earlierAnswers: ['5', 'Slight tingling in my fingers once, so I made the breaths smaller and it settled down'],
    });
    expect(again.passed).toBe(false);
    expect(again.feedback).toContain(
      'Side effects noticed: the same text as an answer of another day: tell what happened today.',
    );
    // Short answers ("5 minutes", "Calmer") may recur from day to day.
    expect(
      assessProject({ ...dayOf('vagus-breath-7', 2), answers: day2, earlierAnswers: ['5 minutes', '7'] }).passed,
    ).toBe(true);
  });

  it("fails an answer that mentions none of the field's keywords, without quoting them", () => {
    const result = assessProject({
      ...dayOf('vagus-breath-7', 1),
      answers: { ...DAY1_HONEST, position_used: 'I did it after lunch today, it went well' },
    });
    expect(result.passed).toBe(false);
    expect(result.feedback).toContain(
      'Position used: this does not describe position used yet: say what you did or noticed, in your own words.',
    );
    expect(result.feedback).not.toMatch(/sitting|upright|reclin/);
  });

  it('never quotes a rubric criterion in its feedback, on any day of any challenge', () => {
    for (const [id, list] of challenges) {
      for (const d of list) {
        const base = dayOf(id, d.day);
        const answers = Object.fromEntries(base.expectedFields.map((f, i) => [f, i === 0 ? 'blah blah' : '']));
        for (const result of [assessProject({ ...base, answers }), assessProject({ ...base, answers: {} })]) {
          for (const criterion of base.criteria) expect(result.feedback).not.toContain(criterion.slice(0, 25));
        }
      }
    }
  });

  it('gives every field of every day a rule: keywords or a range', () => {
    for (const [, list] of challenges)
      for (const d of list)
        for (const f of d.micro_project.expected_fields) {
          expect(typeof f).toBe('object');
          const rule = f as FieldRule;
          expect(Boolean(rule.keywords?.length) || Boolean(rule.range)).toBe(true);
        }
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

  const hrv: FieldRule = { range: [1, 300], keywords: ['none', 'no device'] };
  const position: FieldRule = { keywords: ['lying', 'sitting', 'lay down'] };
  it.each([
    ['hrv_ms_or_score', '45 ms RMSSD', hrv, null],
    ['hrv_ms_or_score', 'no device yet', hrv, null],
    ['hrv_ms_or_score', 'I forgot', hrv, 'no number (give a number from 1 to 300)'],
    ['hrv_ms_or_score', '900', hrv, '900 is not plausible (give a number from 1 to 300)'],
    ['position_used', 'Sitting upright on a chair', position, null],
    ['position_used', 'I lay down on the sofa', position, null],
    ['position_used', 'down', position, expect.stringContaining('does not describe position used yet')],
    ['position_used', 'qwerty', position, 'a placeholder, not an answer'],
  ])('with the rule from the pack, %s = %j', (field, answer, rule, expected) => {
    expect(implausible(field, answer, rule)).toEqual(expected);
  });

  it('matches keywords by word stems, and every word of a phrase', () => {
    expect(mentionsAny('I was breathing slowly', ['breath'])).toBe(true);
    expect(mentionsAny('Calmer than usual', ['calmer'])).toBe(true);
    expect(mentionsAny('I lay on the floor', ['lay down'])).toBe(false);
    expect(mentionsAny('I lay down on the floor', ['lay down'])).toBe(true);
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
