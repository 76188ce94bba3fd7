/**
 * The built-in assessment of a micro project, used when no LLM provider is configured (and whenever the
 * LLM fails). It checks what a careful first reader would: every expected field answered with plausible
 * content (not blank, not placeholder junk, a number in the field's plausible range, words about what the
 * field asks: one of its keywords from the content pack), each field its own answer (not the text of another
 * field, nor a paragraph already sent on another day of the challenge), and each rubric criterion against the
 * answers (the fields it names answered, or its key words present). The score is the share of checks passed;
 * a pass needs every field answered plausibly and the score at the rubric's pass mark. The feedback says what
 * is missing in its own words: it never quotes the rubric (which would tell a learner what to paste) nor the
 * keywords. A failed assessment is no verdict: the submission stays in the review queue.
 */

/** What the content pack says a field's answer looks like (content/README.md): keywords, or a number range. */
export interface FieldRule {
  /** words or short phrases, one of which a real answer mentions (compared by word stems) */
  keywords?: string[];
  /** [min, max] of the first number in the answer; with keywords too, an answer without a number may name one */
  range?: [number, number];
}

export interface AssessmentInput {
  expectedFields: string[];
  criteria: string[];
  passScore: number;
  answers: Record<string, string>;
  /** per field name; fields without one get the generic checks (and a number rule from the name) only */
  rules?: Record<string, FieldRule>;
  /** the answers the learner sent for the challenge's other days: a paragraph is not an answer twice */
  earlierAnswers?: string[];
}

export interface Assessment {
  passed: boolean;
  /** 0..1, rounded to 3 decimals */
  score: number;
  feedback: string;
}

/** Answers people type to get past a form without answering it. */
const PLACEHOLDERS = new Set([
  'a',
  'abc',
  'asd',
  'asdf',
  'asdfg',
  'asdfgh',
  'asdfghjkl',
  'bar',
  'baz',
  'blah',
  'blah blah',
  'dunno',
  'dummy',
  'foo',
  'foobar',
  'hello',
  'idk',
  'jkl',
  'lorem',
  'lorem ipsum',
  'n a',
  'na',
  'nil',
  'null',
  'nothing to say',
  'placeholder',
  'qwe',
  'qwer',
  'qwerty',
  'sdf',
  'something',
  'stuff',
  'tbd',
  'test',
  'testing',
  'tba',
  'todo',
  'undefined',
  'whatever',
  'x',
  'xx',
  'xxx',
  'xyz',
  'zxc',
  'zxcv',
]);

const NUMBER_WORDS: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  ninety: 90,
};

interface NumericRule {
  min: number;
  max: number;
  /** how the feedback asks for it */
  ask: string;
}

/**
 * The number a field's name asks for, if any: `*_1_to_10` ratings, `*_bpm` heart rates, `*_per_minute`
 * rates, minutes, seconds and hours. A name with `_or_` (`hrv_ms_or_score`) also takes words.
 */
export function numericRule(field: string): NumericRule | null {
  const f = field.toLowerCase();
  const range = /(?:^|_)(\d+)_to_(\d+)$/.exec(f);
  if (range) {
    const [min, max] = [Number(range[1]), Number(range[2])];
    return { min, max, ask: `a number from ${min} to ${max}` };
  }
  if (f.includes('_or_')) return null;
  if (/(^|_)bpm$/.test(f)) return { min: 25, max: 250, ask: 'a heart rate in beats per minute' };
  if (/(^|_)per_minute(_|$)/.test(f)) return { min: 1, max: 60, ask: 'a number per minute' };
  if (/(^|_)minutes(_|$)/.test(f)) return { min: 1, max: 600, ask: 'the number of minutes' };
  if (/(^|_)seconds(_|$)/.test(f)) return { min: 1, max: 3600, ask: 'the number of seconds' };
  if (/(^|_)hours(_|$)/.test(f)) return { min: 0, max: 24, ask: 'the number of hours' };
  return null;
}

/** The first number in a text: digits ("12", "5.5", "1,5") or a number word ("ten"). */
export function firstNumber(text: string): number | null {
  const m = /(\d+(?:[.,]\d+)?)|\b([a-z]+)\b/gi;
  for (const hit of text.matchAll(m)) {
    if (hit[1]) return Number(hit[1].replace(',', '.'));
    const word = NUMBER_WORDS[hit[2].toLowerCase()];
    if (word !== undefined) return word;
  }
  return null;
}

/** Lower case, letters and digits only, single spaces. */
function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Why an answer is not plausible content, or null when it is. */
export function implausible(field: string, raw: string | undefined, fieldRule?: FieldRule): string | null {
  const text = (raw ?? '').trim();
  if (!text) return 'missing';
  const norm = normalise(text);
  if (!norm) return 'no words or numbers';
  if (PLACEHOLDERS.has(norm)) return 'a placeholder, not an answer';
  const compact = norm.replace(/ /g, '');
  // "aaaa", "!!!!", "abab", "sdfsdf": one short pattern over and over.
  if (compact.length >= 3 && /^(.{1,3})\1+$/u.test(compact)) return 'repeated characters, not an answer';
  // Keyboard mashing has no vowels ("sdfghjk"); only judged for Latin letters.
  const latinWords = norm.split(' ').filter((w) => /^[a-z]{6,}$/.test(w));
  if (latinWords.length > 0 && latinWords.every((w) => !/[aeiouy]/.test(w))) return 'not readable words';
  const rule = fieldRule?.range ? rangeRule(fieldRule.range) : numericRule(field);
  if (rule) {
    const n = firstNumber(text);
    // A field with a range and keywords ("HRV in ms, or none") also takes words instead of a number.
    if (n === null && fieldRule?.keywords?.length && mentionsAny(text, fieldRule.keywords)) return null;
    if (n === null) return `no number (give ${rule.ask})`;
    if (n < rule.min || n > rule.max) return `${n} is not plausible (give ${rule.ask})`;
    return null;
  }
  // A one-character answer says nothing, unless it is a number.
  if (compact.length < 2 && !/^\d$/.test(compact)) return 'too short to be an answer';
  if (fieldRule?.keywords?.length && !mentionsAny(text, fieldRule.keywords))
    return `this does not describe ${human(field)} yet: say what you did or noticed, in your own words`;
  return null;
}

function rangeRule([min, max]: [number, number]): NumericRule {
  return { min, max, ask: `a number from ${min} to ${max}` };
}

/** Whether the text mentions one of the keywords: every word of a keyword phrase, by stem. */
export function mentionsAny(text: string, keywords: string[]): boolean {
  const words = new Set(normalise(text).split(' ').filter(Boolean).map(stem));
  return keywords.some((k) => {
    const parts = normalise(k).split(' ').filter(Boolean).map(stem);
    return parts.length > 0 && parts.every((p) => words.has(p));
  });
}

/** The words of a text that carry meaning (no stop words), for comparing two answers. */
function wordSet(text: string): Set<string> {
  return new Set(
    normalise(text)
      .split(' ')
      .filter((w) => w.length > 1 && !STOP_WORDS.has(w) && !/^\d+$/.test(w))
      .map(stem),
  );
}

/**
 * Whether two answers are the same text: equal once normalised (when they have words at all: "5" twice is two
 * numbers), or, for answers of several words, sharing at least 70% of their words (a filler paragraph with the
 * field's name swapped in is still the same paragraph).
 */
export function sameText(a: string, b: string): boolean {
  const na = normalise(a);
  const nb = normalise(b);
  if (!/\p{L}/u.test(na) || !/\p{L}/u.test(nb)) return false;
  if (na === nb) return true;
  const wa = wordSet(a);
  const wb = wordSet(b);
  if (wa.size < 4 || wb.size < 4) return false;
  let shared = 0;
  for (const w of wa) if (wb.has(w)) shared++;
  return shared / (wa.size + wb.size - shared) >= 0.7;
}

/** A paragraph, not a word or two: short answers ("calmer", "lying down") may well recur from day to day. */
function isParagraph(text: string): boolean {
  return wordSet(text).size >= 4;
}

/** Words that say how a rubric is phrased, not what it asks about. */
const STOP_WORDS = new Set(
  (
    'a about after also an and any are as at be been being both but by can could day did do does doing each ' +
    'either for from gives had has have how if in includes including into is it its least more most no nor not ' +
    'of on one or other over per rather records reports says shows so some states such than that the their them ' +
    'then there these they this those to too under up was way were what when where whether which while who why ' +
    'will with within without would you your describes notes mentions names explains gives uses used actually ' +
    'honestly clearly specific concrete example examples e g'
  ).split(' '),
);

/** A crude stem that lets "practice", "practised" and "practising" meet: the first five letters. */
function stem(word: string): string {
  return word.length > 5 ? word.slice(0, 5) : word;
}

function stemsOf(text: string): Set<string> {
  return new Set(
    normalise(text.replace(/_/g, ' '))
      .split(' ')
      .filter((w) => w.length > 1 && !STOP_WORDS.has(w) && !/^\d+$/.test(w))
      .map(stem),
  );
}

const human = (field: string) => field.replace(/_/g, ' ');

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}

/** The built-in rubric assessment: see the file comment. */
export function assessProject(input: AssessmentInput): Assessment {
  const { expectedFields, criteria, passScore, answers } = input;
  const problems = new Map<string, string>();
  for (const field of expectedFields) {
    const why = implausible(field, answers[field], input.rules?.[field]);
    if (why) problems.set(field, why);
  }
  // Each field its own answer: the same text in two fields answers one of them at most.
  expectedFields.forEach((field, i) => {
    if (problems.has(field)) return;
    const text = answers[field] ?? '';
    const twin = expectedFields.slice(0, i).find((other) => sameText(answers[other] ?? '', text));
    if (twin) problems.set(field, `the same text as ${human(twin)}: each field needs its own answer`);
    else if (isParagraph(text) && (input.earlierAnswers ?? []).some((earlier) => sameText(earlier, text)))
      problems.set(field, 'the same text as an answer of another day: tell what happened today');
  });
  const plausible = (f: string) => !problems.has(f);

  const answerStems = new Set<string>();
  for (const f of expectedFields) if (plausible(f)) for (const s of stemsOf(answers[f] ?? '')) answerStems.add(s);
  const fieldStems = new Map(expectedFields.map((f) => [f, stemsOf(f)]));

  const uncovered: string[] = [];
  const thinFields = new Set<string>();
  for (const criterion of criteria) {
    const words = stemsOf(criterion);
    // The fields the criterion is about: those whose names share a word with it.
    const named = expectedFields.filter((f) => [...fieldStems.get(f)!].some((s) => words.has(s)));
    const covered =
      named.length > 0 ? named.every(plausible) || hasKeyWord(words, answerStems) : hasKeyWord(words, answerStems);
    if (!covered) {
      uncovered.push(criterion);
      for (const f of named) thinFields.add(f);
    }
  }

  const checks = expectedFields.length + criteria.length;
  const passedChecks = expectedFields.length - problems.size + criteria.length - uncovered.length;
  const score = checks === 0 ? 0 : round(passedChecks / checks);
  const passed = problems.size === 0 && checks > 0 && score >= passScore;

  const lines: string[] = [];
  const missing = [...problems].filter(([, why]) => why === 'missing').map(([f]) => human(f));
  const weak = [...problems].filter(([, why]) => why !== 'missing');
  if (missing.length) lines.push(`Missing: ${missing.join(', ')}.`);
  for (const [f, why] of weak) lines.push(`${capitalise(human(f))}: ${why}.`);
  if (uncovered.length) {
    // In our own words: the rubric's text would tell the learner what to paste.
    const where = [...thinFields].filter(plausible).map(human);
    lines.push(
      `${uncovered.length} of ${criteria.length} points a reviewer looks for ${uncovered.length === 1 ? 'is' : 'are'} not covered yet${
        where.length ? `: say more about ${where.join(', ')}` : ': describe what you did and noticed in more detail'
      }.`,
    );
  }
  if (passed) {
    lines.unshift(
      `Every field answered; ${criteria.length - uncovered.length} of ${criteria.length} rubric points covered.`,
    );
  } else {
    lines.push(
      `Score ${Math.round(score * 100)}% (pass mark ${Math.round(passScore * 100)}%${
        problems.size ? ', and every field needs a real answer' : ''
      }). A reviewer will also look at your submission.`,
    );
  }
  return { passed, score, feedback: lines.join(' ') };
}

/** Whether the answers use at least one of the criterion's own key words. */
function hasKeyWord(criterionStems: Set<string>, answerStems: Set<string>): boolean {
  for (const s of criterionStems) if (answerStems.has(s)) return true;
  return false;
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
