import { fuzzCases, type OpenApiDoc, runFuzz } from '../support/fuzz';
import { Harness } from '../support/harness';

/**
 * A bounded fuzz of every route in the OpenAPI document: malformed bodies, queries and path
 * parameters, signed out, as a learner and as a studio user. No request may answer 5xx.
 * (bench/fuzz runs the same generator over every case, several thousand requests.)
 */
let h: Harness;

beforeAll(async () => {
  // No worker here: a well-formed migrate or crawl request waits for a job nobody runs. It waits 2 s, and
  // its 504 naming the job (which would keep running with a worker) is the documented answer, not a crash.
  process.env.JOB_WAIT_MS = '2000';
  h = await Harness.boot({ worker: false });
});
afterAll(async () => {
  await h.close();
});

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);

it('answers no malformed request with a 5xx', async () => {
  const doc = (await h.get<OpenApiDoc>('/api/docs/json')).body;
  const operations = Object.values(doc.paths).reduce((n, ops) => n + Object.keys(ops).length, 0);
  expect(operations).toBeGreaterThan(30);
  const cases = fuzzCases(doc, SEED, 6);
  expect(cases.length).toBeGreaterThan(200);
  const outcome = await runFuzz(
    cases,
    async (c, token) => {
      const headers: Record<string, string> = c.rawType ? { 'content-type': c.rawType } : {};
      const res = await h.request(c.method, c.url, { token, body: c.body, headers });
      return { status: res.status, body: typeof res.body === 'string' ? res.body : JSON.stringify(res.body ?? '') };
    },
    (who) => h.demoToken(who),
  );
  const failures = outcome.failures.filter((f) => !(f.status === 504 && /is still running \(job /.test(f.body)));
  if (failures.length) console.error(`fuzz seed ${SEED}:`, failures);
  expect(failures).toEqual([]);
  // the run really exercised validation, not just the front door
  expect(outcome.byStatus[400] ?? 0).toBeGreaterThan(cases.length / 4);
}, 240_000);
