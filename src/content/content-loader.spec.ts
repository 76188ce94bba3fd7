import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';
import { findAppRoot } from '../config/config';
import { type ContentProblem } from './content.schema';
import { expectedFieldRuleProblems, loadContentDir, validateContent } from './content-loader';

const CONTENT = join(findAppRoot(), 'content');
const NODES = 'vagus-nerve/nodes';
const ANATOMY = `${NODES}/02-vn-anatomy.yaml`;
const AFFERENT = `${NODES}/03-vn-afferent-efferent.yaml`;
const CHALLENGE = 'challenges/vagus-breath-7.yaml';

type Doc = Record<string, any>;

/** A temp content folder holding one valid subject (and one challenge) to break. */
function fixture(): string {
  const dir = mkdtempSync(join(tmpdir(), 'content-check-'));
  cpSync(join(CONTENT, 'vagus-nerve'), join(dir, 'vagus-nerve'), { recursive: true });
  mkdirSync(join(dir, 'challenges'));
  cpSync(join(CONTENT, CHALLENGE), join(dir, CHALLENGE));
  dirs.push(dir);
  return dir;
}

function edit(dir: string, file: string, change: (doc: Doc) => void) {
  const doc = parse(readFileSync(join(dir, file), 'utf8')) as Doc;
  change(doc);
  writeFileSync(join(dir, file), stringify(doc));
}

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const problem = (file: string, id: string | undefined, message: string | RegExp): Partial<ContentProblem> =>
  expect.objectContaining({ file, ...(id ? { id } : {}), message: typeof message === 'string' ? message : expect.stringMatching(message) });

describe('loadContentDir on the real content', () => {
  it('loads every subject and challenge with zero problems', async () => {
    const { subjects, challenges, problems } = await loadContentDir(CONTENT);
    expect(problems).toEqual([]);
    expect(subjects.map((s) => s.id).sort()).toEqual(['ai-for-ceos', 'ai-for-founders', 'ai-user', 'metabolic', 'vagus-nerve']);
    for (const s of subjects) {
      expect(s.nodes.length).toBeGreaterThanOrEqual(12);
      expect(s.lectures?.sections).toHaveLength(s.nodes.length);
    }
    expect(challenges.length).toBeGreaterThan(0);
  });
});

describe('loadContentDir on broken content', () => {
  it('the untouched fixture is valid, so every failure below comes from the one thing broken', async () => {
    const { subjects, challenges, problems } = await loadContentDir(fixture());
    expect(problems).toEqual([]);
    expect(subjects).toHaveLength(1);
    expect(subjects[0].nodes).toHaveLength(16);
    expect(challenges[0].days[0].est_minutes).toBe(15);
  });

  it('reports a missing required field with its path', async () => {
    const dir = fixture();
    edit(dir, ANATOMY, (d) => {
      delete d.title;
      delete d.quiz[1].stem;
    });
    const { problems } = await loadContentDir(dir);
    expect(problems).toEqual(
      expect.arrayContaining([
        problem(ANATOMY, 'vn-anatomy', 'missing required field "title"'),
        problem(ANATOMY, 'vn-anatomy-q2', 'missing required field "quiz[1].stem"'),
      ]),
    );
  });

  it('reports wrong types and unknown fields', async () => {
    const dir = fixture();
    edit(dir, ANATOMY, (d) => {
      d.preview = 'yes';
      d.quiz[0].difficulty = 4;
      d.sources[0].url = 'ftp://example.org/x';
      d.summry_html = '<p>typo</p>';
    });
    const { problems } = await loadContentDir(dir);
    expect(problems).toEqual(
      expect.arrayContaining([
        problem(ANATOMY, 'vn-anatomy', 'preview: Expected boolean, received string'),
        problem(ANATOMY, 'vn-anatomy-q1', 'quiz[0].difficulty: difficulty must be 1, 2 or 3'),
        problem(ANATOMY, 'vn-anatomy', 'sources[0].url: must be an absolute http or https URL'),
        problem(ANATOMY, 'vn-anatomy', 'unknown field "summry_html"'),
      ]),
    );
  });

  it('reports a dangling prerequisite', async () => {
    const dir = fixture();
    edit(dir, AFFERENT, (d) => d.prerequisites.push('vn-no-such-node'));
    const { problems } = await loadContentDir(dir);
    expect(problems).toEqual([problem(AFFERENT, 'vn-afferent-efferent', 'prerequisite "vn-no-such-node" is not a node of this subject')]);
  });

  it('reports a prerequisite cycle with its path', async () => {
    const dir = fixture();
    edit(dir, `${NODES}/01-vn-what-is-the-vagus-nerve.yaml`, (d) => (d.prerequisites = ['vn-heart-and-lungs']));
    const { problems } = await loadContentDir(dir);
    expect(problems).toEqual([
      problem(
        `${NODES}/01-vn-what-is-the-vagus-nerve.yaml`,
        'vn-what-is-the-vagus-nerve',
        'prerequisite cycle (each node requires the next): vn-what-is-the-vagus-nerve -> vn-heart-and-lungs -> vn-afferent-efferent -> vn-anatomy -> vn-what-is-the-vagus-nerve',
      ),
    ]);
  });

  it('reports a node that requires itself as a cycle', async () => {
    const dir = fixture();
    edit(dir, AFFERENT, (d) => d.prerequisites.push('vn-afferent-efferent'));
    const { problems } = await loadContentDir(dir);
    expect(problems).toEqual([
      problem(AFFERENT, 'vn-afferent-efferent', 'prerequisite cycle (each node requires the next): vn-afferent-efferent -> vn-afferent-efferent'),
    ]);
  });

  it('reports a duplicate node id within a subject', async () => {
    const dir = fixture();
    const file = `${NODES}/04-vn-heart-and-lungs.yaml`;
    edit(dir, file, (d) => (d.id = 'vn-anatomy'));
    const { problems } = await loadContentDir(dir);
    expect(problems).toEqual(expect.arrayContaining([problem(file, 'vn-anatomy', `duplicate node id: already used by ${ANATOMY}`)]));
  });

  it('reports a node id used by another subject', async () => {
    const dir = fixture();
    // Folders load in name order, so vagus-twin comes after vagus-nerve.
    cpSync(join(dir, 'vagus-nerve'), join(dir, 'vagus-twin'), { recursive: true });
    edit(dir, 'vagus-twin/subject.yaml', (d) => (d.id = 'vagus-twin'));
    edit(dir, 'vagus-twin/lectures.yaml', (d) => (d.subject = 'vagus-twin'));
    const { problems } = await loadContentDir(dir);
    expect(problems).toEqual(
      expect.arrayContaining([problem('vagus-twin/nodes/02-vn-anatomy.yaml', 'vn-anatomy', `duplicate node id: already used by ${ANATOMY}`)]),
    );
    // Reported on the later copy only, so the first subject can still be migrated.
    expect(problems.filter((p) => p.file.startsWith('vagus-nerve/'))).toEqual([]);
  });

  describe('quiz items without exactly one correct answer', () => {
    it('no correct answer at all', async () => {
      const dir = fixture();
      edit(dir, ANATOMY, (d) => delete d.quiz[0].correct);
      const { problems } = await loadContentDir(dir);
      expect(problems).toEqual([
        problem(ANATOMY, 'vn-anatomy-q1', 'missing required field "quiz[0].correct": a quiz item needs exactly one correct answer (correct: <choice id>)'),
      ]);
    });

    it('a list of correct answers', async () => {
      const dir = fixture();
      edit(dir, ANATOMY, (d) => (d.quiz[0].correct = ['a', 'b']));
      const { problems } = await loadContentDir(dir);
      expect(problems).toEqual([
        problem(ANATOMY, 'vn-anatomy-q1', 'quiz[0].correct: a quiz item needs exactly one correct answer: correct must be a single choice id'),
      ]);
    });

    it('a correct id that is not a choice', async () => {
      const dir = fixture();
      edit(dir, ANATOMY, (d) => (d.quiz[2].correct = 'e'));
      const { problems } = await loadContentDir(dir);
      expect(problems).toEqual([problem(ANATOMY, 'vn-anatomy-q3', 'no correct answer: correct "e" is not one of the choice ids (a, b, c, d)')]);
    });

    it('two choices with the same id', async () => {
      const dir = fixture();
      edit(dir, ANATOMY, (d) => (d.quiz[0].choices[3].id = d.quiz[0].choices[0].id));
      const { problems } = await loadContentDir(dir);
      expect(problems).toEqual(expect.arrayContaining([problem(ANATOMY, 'vn-anatomy-q1', /^duplicate choice id a: choices must be a, b, c, d \(missing d\)/)]));
    });

    it('the correct id shared by two choices', async () => {
      const dir = fixture();
      edit(dir, ANATOMY, (d) => {
        d.quiz[0].choices[1].id = 'a';
        d.quiz[0].correct = 'a';
      });
      const { problems } = await loadContentDir(dir);
      expect(problems).toEqual(expect.arrayContaining([problem(ANATOMY, 'vn-anatomy-q1', 'ambiguous correct answer: 2 choices have the id "a"')]));
    });
  });

  it('reports fewer than 3 assessment items and duplicate quiz item ids', async () => {
    const dir = fixture();
    // Keep the check items and two of the assessment items.
    edit(dir, ANATOMY, (d) => (d.quiz = d.quiz.filter((q: Doc, i: number) => q.use === 'check' || i < 2)));
    edit(dir, AFFERENT, (d) => (d.quiz[1].id = d.quiz[0].id));
    const { problems } = await loadContentDir(dir);
    expect(problems).toEqual([
      problem(ANATOMY, 'vn-anatomy', 'a node needs at least 3 assessment items (use: assessment or no use), found 2'),
      problem(AFFERENT, 'vn-afferent-efferent-q1', 'duplicate quiz item id: already used in this node'),
    ]);
  });

  describe('the right answer may not stand out by its length', () => {
    it('reports an item whose correct choice is more than 1.25 times as long as every other choice', async () => {
      const dir = fixture();
      let id = '';
      edit(dir, ANATOMY, (d) => {
        const item = d.quiz[0];
        id = item.id;
        for (const c of item.choices) c.text = c.id === item.correct ? 'x'.repeat(126) : 'y'.repeat(100);
      });
      const { problems } = await loadContentDir(dir);
      expect(problems).toEqual([
        problem(ANATOMY, id, 'the correct choice is much longer than every other choice (126 vs at most 100 characters): its length gives the answer away'),
      ]);
    });

    it('accepts 1.25 times exactly', async () => {
      const dir = fixture();
      edit(dir, ANATOMY, (d) => {
        const item = d.quiz[0];
        for (const c of item.choices) c.text = c.id === item.correct ? 'x'.repeat(125) : 'y'.repeat(100);
      });
      const { problems } = await loadContentDir(dir);
      expect(problems).toEqual([]);
    });

    it('reports a course whose correct choice is the longest in more than 40% of its items', async () => {
      const dir = fixture();
      for (const file of readdirSync(join(dir, NODES))) {
        edit(dir, `${NODES}/${file}`, (d) => {
          for (const item of d.quiz) for (const c of item.choices) c.text = c.id === item.correct ? `${'x'.repeat(40)}!` : 'y'.repeat(40);
        });
      }
      const { problems } = await loadContentDir(dir);
      expect(problems).toEqual([
        problem(NODES, undefined, 'the correct choice is the longest in 96 of 96 quiz items (at most 38): picking the longest choice would pass the tests'),
      ]);
    });
  });

  describe('check items (use: check), which the topic check and practice reveal', () => {
    it('every real node has at least 2 check items and at least 3 assessment items', async () => {
      const { subjects } = await loadContentDir(CONTENT);
      for (const node of subjects.flatMap((s) => s.nodes)) {
        expect({ node: node.id, checks: node.quiz.filter((q) => q.use === 'check').length >= 2 }).toEqual({ node: node.id, checks: true });
        expect({ node: node.id, tests: node.quiz.filter((q) => q.use !== 'check').length >= 3 }).toEqual({ node: node.id, tests: true });
      }
    });

    it('reports a node with only 1 check item', async () => {
      const dir = fixture();
      edit(dir, ANATOMY, (d) => {
        const first = d.quiz.findIndex((q: Doc) => q.use === 'check');
        d.quiz = d.quiz.filter((q: Doc, i: number) => q.use !== 'check' || i === first);
      });
      const { problems } = await loadContentDir(dir);
      expect(problems).toEqual([problem(ANATOMY, 'vn-anatomy', 'a node needs at least 2 check items (use: check), found 1')]);
    });

    it('an item without use is an assessment item, so dropping use from a check item is reported', async () => {
      const dir = fixture();
      edit(dir, ANATOMY, (d) => d.quiz.filter((q: Doc) => q.use === 'check').forEach((q: Doc) => delete q.use));
      const { problems } = await loadContentDir(dir);
      expect(problems).toEqual([problem(ANATOMY, 'vn-anatomy', 'a node needs at least 2 check items (use: check), found 0')]);
    });

    it('reports a use that is neither check nor assessment', async () => {
      const dir = fixture();
      edit(dir, ANATOMY, (d) => (d.quiz[0].use = 'practice'));
      const { problems } = await loadContentDir(dir);
      expect(problems).toEqual(expect.arrayContaining([problem(ANATOMY, undefined, /use must be check or assessment/)]));
    });

    it('reports a check stem that is close to an assessment stem of the same node (it would give the test away)', async () => {
      const dir = fixture();
      let checkId = '';
      let testId = '';
      edit(dir, ANATOMY, (d) => {
        const check = d.quiz.find((q: Doc) => q.use === 'check');
        const test = d.quiz.find((q: Doc) => q.use !== 'check');
        check.stem = `${test.stem} Explain briefly.`;
        checkId = check.id;
        testId = test.id;
      });
      const { problems } = await loadContentDir(dir);
      expect(problems).toEqual([problem(ANATOMY, checkId, `check item ${checkId} is too close to assessment item ${testId}: revealing it would give the test away`)]);
    });
  });

  it.each([
    ['an unclosed tag', 'summary_html', '<p>One <strong>two</strong>', /^summary_html: broken html at line 1, column 1: <p> is never closed$/],
    ['mis-nested tags', 'lesson_html', '<p><em><strong>x</em></strong></p>', /^lesson_html: broken html at line 1, column \d+: <\/em> closes <em> while <strong> .* mis-nested$/],
    ['a script tag', 'variants.beginner', '<p>x</p>\n<script>alert(1)</script>', /^variants\.beginner: broken html at line 2, column 1: <script> is not allowed$/],
    ['an onclick attribute', 'variants.advanced', '<p onclick="steal()">x</p>', /^variants\.advanced: broken html at line 1, column 4: event handler attribute onclick is not allowed$/],
    ['a disallowed tag', 'variants.theoretical', '<p>x</p><img src="https://example.org/a.png">', /^variants\.theoretical: broken html at line 1, column 9: <img> is not an allowed tag/],
    ['a stray <', 'variants.practical', '<p>if a < b</p>', /^variants\.practical: broken html at line 1, column 9: stray '<'/],
  ])('reports broken html: %s', async (_name, field, html, message) => {
    const dir = fixture();
    edit(dir, ANATOMY, (d) => {
      if (field.startsWith('variants.')) d.variants[field.slice('variants.'.length)] = html;
      else d[field] = html;
    });
    const { problems } = await loadContentDir(dir);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems).toEqual(expect.arrayContaining([problem(ANATOMY, 'vn-anatomy', message)]));
    expect(problems.every((p) => p.file === ANATOMY && p.message.startsWith(`${field}: broken html`))).toBe(true);
  });

  it('reports a YAML syntax error for that file and still validates the others', async () => {
    const dir = fixture();
    writeFileSync(join(dir, ANATOMY), 'id: vn-anatomy\ntitle: "unterminated\nmodule: foundations\n');
    edit(dir, `${NODES}/05-vn-gut-brain.yaml`, (d) => d.prerequisites.push('vn-missing'));
    const { subjects, problems } = await loadContentDir(dir);
    expect(problems).toEqual(
      expect.arrayContaining([
        problem(ANATOMY, undefined, /^YAML syntax error: .*line \d+, column \d+/),
        problem(`${NODES}/05-vn-gut-brain.yaml`, 'vn-gut-brain', 'prerequisite "vn-missing" is not a node of this subject'),
      ]),
    );
    // The unreadable node is dropped; the subject and its 15 other nodes are still returned.
    expect(subjects).toHaveLength(1);
    expect(subjects[0].nodes).toHaveLength(15);
    // Its neighbours' references to vn-anatomy are not reported again as dangling.
    expect(problems.some((p) => /vn-anatomy" is not a node/.test(p.message))).toBe(false);
  });

  it('never throws: an unreadable folder is a problem', async () => {
    const missing = join(tmpdir(), 'content-check-does-not-exist');
    await expect(loadContentDir(missing)).resolves.toEqual({
      subjects: [],
      challenges: [],
      problems: [expect.objectContaining({ file: missing, message: expect.stringMatching(/^cannot read folder/) })],
    });
  });

  it('reports a challenge with a gap in its day numbers', async () => {
    const dir = fixture();
    edit(dir, CHALLENGE, (d) => d.days.splice(2, 1));
    const { challenges, problems } = await loadContentDir(dir);
    expect(problems).toEqual([
      problem(CHALLENGE, 'vagus-breath-7', 'days[2].day: days must be numbered 1..N without gaps, in order: expected day 3, found 4'),
    ]);
    expect(challenges).toEqual([]);
  });

  it('reports a challenge with a repeated day number', async () => {
    const dir = fixture();
    edit(dir, CHALLENGE, (d) => (d.days[4].day = 4));
    const { problems } = await loadContentDir(dir);
    expect(problems).toEqual([
      problem(CHALLENGE, 'vagus-breath-7', 'days[4].day: days must be numbered 1..N without gaps, in order: expected day 5, found 4'),
    ]);
  });

  it('reports a challenge quiz answer outside its options', async () => {
    const dir = fixture();
    edit(dir, CHALLENGE, (d) => (d.days[0].quiz[1].answer = d.days[0].quiz[1].options.length));
    const { problems } = await loadContentDir(dir);
    expect(problems).toEqual([
      problem(CHALLENGE, 'vagus-breath-7', /^days\[0\]\.quiz\[1\]\.answer: answer \d+ is not a valid index into options \(0\.\.\d+\)$/),
    ]);
  });

  it('reads plain expected field names (older packs) for the importer, while content:check asks each for a rule', async () => {
    const dir = fixture();
    edit(dir, CHALLENGE, (d) => (d.days[0].micro_project.expected_fields = ['minutes_practised', { name: 'how_you_felt', keywords: ['calm'] }]));
    const { challenges, problems } = await loadContentDir(dir);
    expect(problems).toEqual([]);
    expect(challenges[0].days[0].micro_project.expected_fields).toEqual(['minutes_practised', { name: 'how_you_felt', keywords: ['calm'] }]);
    expect(expectedFieldRuleProblems(challenges)).toEqual([
      problem(CHALLENGE, 'vagus-breath-7 day 1', 'expected field "minutes_practised" needs keywords or a range ({name, keywords: [...]} or {name, range: [min, max]})'),
    ]);
    expect(expectedFieldRuleProblems((await loadContentDir(CONTENT)).challenges)).toEqual([]);
  });

  it.each([
    [{ name: 'minutes_practised' }, /an expected field needs keywords or a range/],
    [{ name: 'minutes_practised', range: [60, 1] }, /range is \[min, max\] with min <= max/],
    [{ name: 'minutes_practised', keywords: [] }, /keywords needs at least one word/],
    [{ name: 'Minutes', keywords: ['x'] }, /field names are snake_case/],
  ])('reports an expected field %j', async (field, message) => {
    const dir = fixture();
    edit(dir, CHALLENGE, (d) => (d.days[0].micro_project.expected_fields[1] = field));
    const { problems } = await loadContentDir(dir);
    expect(problems).toEqual([problem(CHALLENGE, 'vagus-breath-7', message)]);
  });

  it('reports a challenge for a subject that does not exist', async () => {
    const dir = fixture();
    edit(dir, CHALLENGE, (d) => (d.subject = 'no-such-subject'));
    const { problems } = await loadContentDir(dir);
    expect(problems).toEqual([problem(CHALLENGE, 'vagus-breath-7', 'subject "no-such-subject" is not an existing subject')]);
  });

  it('reports subject-level rules: folder name, safety note, module count', async () => {
    const dir = fixture();
    edit(dir, 'vagus-nerve/subject.yaml', (d) => {
      delete d.safety_note;
      d.modules = d.modules.slice(0, 1);
    });
    const { subjects, problems } = await loadContentDir(dir);
    expect(problems).toEqual(
      expect.arrayContaining([
        problem('vagus-nerve/subject.yaml', 'vagus-nerve', 'safety_note is required for a health subject'),
        problem('vagus-nerve/subject.yaml', 'vagus-nerve', 'a subject needs 2 to 4 modules, found 1'),
        problem(`${NODES}/07-vn-vagal-tone.yaml`, 'vn-vagal-tone', /^module "vagal-tone-and-hrv" is not a module of vagus-nerve\/subject.yaml/),
      ]),
    );
    // Still returned, so a caller can report on it and decide to skip it.
    expect(subjects).toHaveLength(1);

    const renamed = fixture();
    edit(renamed, 'vagus-nerve/subject.yaml', (d) => (d.id = 'vagus'));
    expect((await loadContentDir(renamed)).problems).toEqual(
      expect.arrayContaining([problem('vagus-nerve/subject.yaml', 'vagus', 'folder name "vagus-nerve" does not match subject id "vagus"')]),
    );
  });

  it('reports a node count outside 12-16', async () => {
    const dir = fixture();
    for (const n of ['13-vn-lifestyle-habits', '14-vn-implanted-vns', '15-vn-noninvasive-vns', '16-vn-safety-red-flags', '12-vn-diving-reflex-cold']) {
      rmSync(join(dir, NODES, `${n}.yaml`));
    }
    edit(dir, 'vagus-nerve/lectures.yaml', (d) => (d.sections = d.sections.slice(0, 11)));
    const { problems } = await loadContentDir(dir);
    expect(problems).toEqual(expect.arrayContaining([problem(NODES, undefined, 'a subject needs 12 to 16 nodes, found 11')]));
  });

  it('requires exactly the first two nodes of the first module to be previews', async () => {
    const dir = fixture();
    edit(dir, ANATOMY, (d) => (d.preview = false));
    edit(dir, `${NODES}/08-vn-hrv-basics.yaml`, (d) => (d.preview = true));
    const { problems } = await loadContentDir(dir);
    expect(problems).toEqual([
      problem(ANATOMY, 'vn-anatomy', /^preview must be true/),
      problem(`${NODES}/08-vn-hrv-basics.yaml`, 'vn-hrv-basics', /^preview must be false/),
    ]);
  });

  it('reports lecture sections that are not nodes and nodes without a section', async () => {
    const dir = fixture();
    edit(dir, 'vagus-nerve/lectures.yaml', (d) => (d.sections[1].id = 'vn-anatomy-typo'));
    const { problems } = await loadContentDir(dir);
    expect(problems).toEqual([
      problem('vagus-nerve/lectures.yaml', 'vn-anatomy-typo', 'lecture section id is not a node id of this subject'),
      problem('vagus-nerve/lectures.yaml', 'vn-anatomy', 'node vn-anatomy has no lecture section'),
    ]);
  });
});

describe('validateContent', () => {
  it('checks content already in memory', async () => {
    const { subjects, challenges } = await loadContentDir(CONTENT);
    expect(validateContent(subjects, challenges)).toEqual([]);

    const vagus = subjects.find((s) => s.id === 'vagus-nerve')!;
    const broken = { ...vagus, nodes: vagus.nodes.map((n, i) => (i === 2 ? { ...n, prerequisites: ['vn-gone'] } : n)) };
    expect(validateContent([broken], [])).toEqual([
      problem(vagus.nodes[2].file, vagus.nodes[2].id, 'prerequisite "vn-gone" is not a node of this subject'),
    ]);
  });
});
