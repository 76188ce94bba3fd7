import { contentProblem, etagOf, findCycle, ifMatches, resolveDraft, slugId } from './draft-rules';

const variants = { beginner: '', advanced: '', practical: '', theoretical: '' };
const item = (choices: string[], correct: string) => ({ choices: choices.map((id) => ({ id })), correct });

describe('findCycle', () => {
  const graph: Record<string, string[]> = { b: ['c'], c: ['a'], d: [] };
  const buildsOn = (id: string) => graph[id] ?? [];

  it('answers the path back to the topic', () => {
    expect(findCycle('a', ['b'], buildsOn)).toEqual(['a', 'b', 'c', 'a']);
    expect(findCycle('c', ['a'], (id) => (id === 'a' ? ['c'] : []))).toEqual(['c', 'a', 'c']);
  });

  it('answers null without a cycle, and ignores the topic itself (refused on its own)', () => {
    expect(findCycle('a', ['d'], buildsOn)).toBeNull();
    expect(findCycle('a', ['a'], buildsOn)).toBeNull();
    expect(findCycle('x', ['b', 'd'], buildsOn)).toBeNull();
  });

  it('ends on graphs that already hold a cycle elsewhere', () => {
    const loop: Record<string, string[]> = { p: ['q'], q: ['p'] };
    expect(findCycle('a', ['p'], (id) => loop[id] ?? [])).toBeNull();
  });
});

describe('contentProblem', () => {
  const base = { summaryHtml: '<p>ok</p>', lessonHtml: '<p>ok</p>', variants, quiz: [item(['a', 'b'], 'a')] };

  it('accepts html the sanitiser keeps and well-formed items', () => {
    expect(contentProblem(base)).toBeNull();
  });

  it('names the html field and what would be dropped', () => {
    expect(contentProblem({ ...base, lessonHtml: '<p onclick="x()">a</p><img src="/a.png">' })).toEqual({
      field: 'lesson_html',
      message: 'lesson_html: would be removed when shown to learners: the onclick attribute of <p>, the <img> tag',
    });
    expect(contentProblem({ ...base, variants: { ...variants, practical: '<a href="javascript:x">a</a>' } })).toEqual({
      field: 'variants.practical',
      message: 'variants.practical: would be removed when shown to learners: the javascript: link',
    });
  });

  it('names the quiz item and its field', () => {
    const quiz = (q: ReturnType<typeof item>) => contentProblem({ ...base, quiz: [item(['a', 'b'], 'a'), q] });
    expect(quiz(item(['a', 'b', 'c'], 'd'))).toEqual({
      field: 'quiz[1].correct',
      message: 'quiz[1].correct: "d" is not one of its choices (a, b, c)',
    });
    expect(quiz(item(['a', 'a'], 'a'))?.message).toBe('quiz[1].choices: choice ids must be unique');
    expect(quiz(item(['a'], 'a'))?.message).toBe('quiz[1].choices: at least 2 choices');
    expect(quiz(item(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'], 'a'))?.message).toBe(
      'quiz[1].choices: at most 8 choices',
    );
  });
});

describe('helpers', () => {
  it('slugs titles into free ids', () => {
    expect(slugId('Heart Rate & HRV!', () => false)).toBe('heart-rate-hrv');
    expect(slugId('Café', () => false)).toBe('cafe');
    expect(slugId('***', () => false)).toBe('topic');
    const taken = new Set(['intro', 'intro-2']);
    expect(slugId('Intro', (id) => taken.has(id))).toBe('intro-3');
  });

  it('compares If-Match with an ETag', () => {
    const etag = etagOf({ a: 1 });
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(ifMatches(etag, etag)).toBe(true);
    expect(ifMatches(`W/${etag}, "other"`, etag)).toBe(true);
    expect(ifMatches('*', etag)).toBe(true);
    expect(ifMatches('"other"', etag)).toBe(false);
  });

  it('fills a draft from the published topic where an older draft has no value', () => {
    const published = {
      id: 'n',
      subjectId: 's',
      title: 'T',
      summaryHtml: 's',
      lessonHtml: 'l',
      variants: { beginner: 'b' },
      sources: [],
      video: null,
      moduleId: 'm',
      position: 4,
      retired: false,
      prerequisites: ['p'],
      studioEdited: false,
    };
    expect(resolveDraft(published, { title: 'New', summaryHtml: 'x', variants, sources: [] })).toMatchObject({
      title: 'New',
      summaryHtml: 'x',
      lessonHtml: 'l',
      moduleId: 'm',
      position: 4,
      prerequisites: ['p'],
      retired: false,
      video: null,
    });
  });
});
