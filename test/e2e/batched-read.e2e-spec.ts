import { MikroORM } from '@mikro-orm/postgresql';
import type { EntityManager } from '@mikro-orm/postgresql';
import { type BatchedRead, readTogether } from '../../src/common/database/batched-read';
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

  it('fails as a whole when one statement fails, and the connection stays usable', async () => {
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

  it("answers a topic's items in authored order without answers, and the caller's level of that topic only", async () => {
    const user = await h.newUser('batched-level');
    await h.sql(
      `insert into quiz_items (subject_id, id, node_id, position, stem, choices, correct, explanation, difficulty)
       values (?, 'bq-2', 'bq-topic', 2, 'Second.', '[{"id":"a","text":"A"},{"id":"b","text":"B"}]', 'b', 'Because.', 1),
              (?, 'bq-1', 'bq-topic', 1, 'First.', '[{"id":"a","text":"A"}]', 'a', 'Because.', 1)`,
      [subject, subject],
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
        { id: 'bq-1', nodeId: 'bq-topic', stem: 'First.', choices: [{ id: 'a', text: 'A' }] },
        {
          id: 'bq-2',
          nodeId: 'bq-topic',
          stem: 'Second.',
          choices: [
            { id: 'a', text: 'A' },
            { id: 'b', text: 'B' },
          ],
        },
      ],
      level: 0.625,
    });
    expect(JSON.stringify(page)).not.toMatch(/correct|explanation|Because/);
    // another learner has no evidence on the topic: the same items, no level
    const other = await h.newUser('batched-none');
    const [fresh] = await readTogether(em, quizItems().topicPageRead(subject, 'bq-topic', other.id));
    expect(fresh.level).toBeNull();
    expect(fresh.items.map((i) => i.id)).toEqual(['bq-1', 'bq-2']);
  });

  it('answers no items and the level for a topic without quiz items', async () => {
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
    expect(withLevel).toEqual({ items: [], level: 0.25 });
    expect(without).toEqual({ items: [], level: null });
  });
});
