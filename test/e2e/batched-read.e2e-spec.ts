import { MikroORM } from '@mikro-orm/postgresql';
import type { EntityManager } from '@mikro-orm/postgresql';
import { type BatchedRead, batchedRead, readTogether } from '../../src/common/database/batched-read';
import { QuizItemsService } from '../../src/modules/assessment/quiz-items.service';
import { Harness } from '../support/harness';

let h: Harness;
let em: EntityManager;

beforeAll(async () => {
  h = await Harness.boot();
  em = h.app.get(MikroORM).em.fork() as EntityManager;
});
afterAll(() => h.close());

const values = (sql: string, params: unknown[]): BatchedRead<unknown[]> => ({
  sql,
  params,
  map: (rows) => rows.map((r) => r.v),
});

describe('readTogether (several statements in one round trip)', () => {
  it("answers each statement's rows, mapped, in order, whatever their counts", async () => {
    const [none, one, three] = await readTogether(
      em,
      values('select 1 as v where false', []),
      values('select ?::int + 1 as v', [41]),
      values('select x as v from generate_series(1, ?::int) x order by x', [3]),
    );
    expect(none).toEqual([]);
    expect(one).toEqual([42]);
    expect(three).toEqual([1, 2, 3]);
  });

  it('answers a single statement as a batch of one', async () => {
    const [rows] = await readTogether(em, values('select ?::text as v', ['alone']));
    expect(rows).toEqual(['alone']);
  });

  it("escapes each statement's values on their own: quotes, semicolons and placeholders stay data", async () => {
    const hostile = [
      "'; drop table users; --",
      'what? and ?? and \\?',
      '$1 $2',
      'back\\slash',
      'O\'Reilly "quoted"',
      'ünïcödé ✓',
    ];
    const reads = hostile.map((v) => values('select ?::text as v', [v]));
    const answers = await readTogether(em, ...reads);
    expect(answers).toEqual(hostile.map((v) => [v]));
    // the statement after a hostile value still ran as written, and users is still there
    const [[count]] = await readTogether(em, values('select count(*)::int as v from users', []));
    expect(count).toBeGreaterThan(0);
  });

  it('a trailing semicolon in a statement does not make an empty one', async () => {
    const [a, b] = await readTogether(em, values('select 1 as v;', []), values('select 2 as v ;\n', []));
    expect([a, b]).toEqual([[1], [2]]);
  });

  it('puts non-string values in as their SQL literals', async () => {
    const when = new Date('2026-11-26T12:34:56.789Z');
    const [[n], [b], [d], [j], [nul]] = await readTogether(
      em,
      values('select ?::int * 2 as v', [21]),
      values('select not ?::boolean as v', [false]),
      values("select to_char(?::timestamptz at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS') as v", [when]),
      values("select (?::jsonb)->>'quote' as v", [{ quote: "it's; -- not SQL" }]),
      values('select ?::text is null as v', [null]),
    );
    expect([n, b, d, j, nul]).toEqual([42, true, '2026-11-26 12:34:56.789', "it's; -- not SQL", true]);
  });

  it('keeps statements apart when one ends in a line comment', async () => {
    const [a, b] = await readTogether(em, values('select 1 as v -- the first', []), values('select 2 as v', []));
    expect([a, b]).toEqual([[1], [2]]);
  });

  it('refuses a read that holds more than one statement, before sending anything', async () => {
    await expect(readTogether(em, values('select 1 as v; select 2 as v', []))).rejects.toThrow(/one statement/);
  });

  it("runs inside the caller's transaction and sees its uncommitted writes", async () => {
    const id = `bq-tx-${Date.now()}`;
    const subjectTitle = values('select title as v from subjects where id = ?', [id]);
    await expect(
      em.transactional(async (tx) => {
        await tx.execute(
          `insert into subjects (id, name, title, description, content_hash) values (?, ?, 'Uncommitted', '', 'x')`,
          [id, id],
        );
        const [seen] = await readTogether(tx as EntityManager, subjectTitle);
        expect(seen).toEqual(['Uncommitted']);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const [after] = await readTogether(em, subjectTitle);
    expect(after).toEqual([]);
  });

  it('a read is frozen: the module that carries it cannot change its SQL or values', () => {
    const read = batchedRead(values('select ?::text as v', ['mine']));
    expect(() => {
      (read as { sql: string }).sql = 'select secret from elsewhere';
    }).toThrow(TypeError);
    expect(() => {
      (read.params as unknown[])[0] = 'theirs';
    }).toThrow(TypeError);
    expect(read.params).toEqual(['mine']);
  });

  it('fails as a whole when one statement fails, and later batches still run', async () => {
    await expect(
      readTogether(em, values('select 1 as v', []), values('select * from no_such_table', [])),
    ).rejects.toThrow(/no_such_table/);
    const [[v]] = await readTogether(em, values('select 7 as v', []));
    expect(v).toBe(7);
  });
});

describe("the topic page's assessment statement (QuizItemsService.topicPageRead)", () => {
  const subject = 'bq-subject';
  const quizItems = () => h.app.get(QuizItemsService);

  beforeAll(async () => {
    await h.sql(
      `insert into subjects (id, name, title, description, content_hash) values (?, 'BQ', 'BQ', 'test', 'x')`,
      [subject],
    );
    await h.sql(
      `insert into subject_modules (subject_id, id, title, description, position) values (?, 'm', 'M', '', 0)`,
      [subject],
    );
    await h.sql(
      `insert into topic_nodes (subject_id, id, title, module_id, position, summary_html, lesson_html, variants, sources, content_hash)
       values (?, 'bq-topic', 'BQ topic', 'm', 0, '', '', '{}', '[]', 'x')`,
      [subject],
    );
  });

  it("answers a topic's check items in authored order, a key only for the caller's first answers, and the caller's level of that topic only", async () => {
    const user = await h.newUser('batched-level');
    await h.sql(
      `insert into quiz_items (subject_id, id, node_id, position, stem, choices, correct, explanation, difficulty, use)
       values (?, 'bq-1', 'bq-topic', 2, 'Second.', '[{"id":"a","text":"A"},{"id":"b","text":"B"}]', 'b', 'Because one.', 1, 'check'),
              (?, 'bq-2', 'bq-topic', 1, 'First.', '[{"id":"a","text":"A"}]', 'a', 'Because two.', 1, 'check'),
              (?, 'bq-3', 'bq-topic', 0, 'Assessed.', '[{"id":"a","text":"A"}]', 'a', 'Never shown.', 1, 'assessment')`,
      [subject, subject, subject],
    );
    // the caller answered bq-1 wrong, then right: the first answer is the one shown (and counted by the check)
    await h.sql(
      `insert into learning_answers (id, user_id, subject_id, node_id, item_id, source, answer, correct, counted, answered_at)
       values (gen_random_uuid(), ?, ?, 'bq-topic', 'bq-1', 'check', 'a', false, true, now() - interval '1 minute'),
              (gen_random_uuid(), ?, ?, 'bq-topic', 'bq-1', 'check', 'b', true, false, now())`,
      [user.id, subject, user.id, subject],
    );
    await h.sql(
      `insert into user_mastery (user_id, subject_id, skill_id, skill_name, kind, p_known)
       values (?, ?, 'bq-topic', 'BQ', 'topic', 0.625), (?, ?, 'bq-other', 'Other', 'topic', 0.9),
              (?, ?, 'module:m', 'M', 'category', 0.1)`,
      [user.id, subject, user.id, subject, user.id, subject],
    );
    const [page] = await readTogether(em, quizItems().topicPageRead(subject, 'bq-topic', user.id));
    expect(page).toEqual({
      items: [
        { id: 'bq-2', nodeId: 'bq-topic', stem: 'First.', choices: [{ id: 'a', text: 'A' }], answered: null },
        {
          id: 'bq-1',
          nodeId: 'bq-topic',
          stem: 'Second.',
          choices: [
            { id: 'a', text: 'A' },
            { id: 'b', text: 'B' },
          ],
          answered: { answer: 'a', correct: false, correctAnswer: 'b', explanation: 'Because one.' },
        },
      ],
      level: 0.625,
      check: { total: 2, answered: 1, correct: 0, passed: false },
      complete: false,
    });
    // never an assessment item, nor its key; no key of an item not answered
    expect(JSON.stringify(page)).not.toMatch(/bq-3|Assessed|Never shown|Because two/);
    // another learner has no evidence on the topic: the same items, no level, no key at all
    const other = await h.newUser('batched-none');
    const [fresh] = await readTogether(em, quizItems().topicPageRead(subject, 'bq-topic', other.id));
    expect(fresh.level).toBeNull();
    expect(JSON.stringify(fresh)).not.toMatch(/correctAnswer|explanation|Because/);
    // authored order (position), not id order
    expect(fresh.items.map((i) => i.id)).toEqual(['bq-2', 'bq-1']);
  });

  it('answers no items and the level for a topic without check items', async () => {
    const user = await h.newUser('batched-empty');
    await h.sql(
      `insert into user_mastery (user_id, subject_id, skill_id, skill_name, kind, p_known) values (?, ?, 'bq-empty', 'E', 'topic', 0.25)`,
      [user.id, subject],
    );
    const [withLevel, without] = await readTogether(
      em,
      quizItems().topicPageRead(subject, 'bq-empty', user.id),
      quizItems().topicPageRead(subject, 'bq-empty-too', user.id),
    );
    const none = { total: 0, answered: 0, correct: 0, passed: false };
    expect(withLevel).toEqual({ items: [], level: 0.25, check: none, complete: false });
    expect(without).toEqual({ items: [], level: null, check: none, complete: false });
  });
});
