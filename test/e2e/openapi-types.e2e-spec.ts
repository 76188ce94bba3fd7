import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Harness } from '../support/harness';

const ROOT = join(__dirname, '..', '..');
const SCHEMA_FILE = join(ROOT, 'learner-ui', 'src', 'api', 'schema.d.ts');

/**
 * The learner site's API types (learner-ui/src/api/schema.d.ts) are generated from the OpenAPI
 * document and committed. They are generated here again, by the same function as
 * `npm run api:types` (scripts/api-types.mjs), from the document the real app serves, so a DTO
 * change without regenerating fails the test run instead of drifting from the UI unseen.
 */
describe('learner UI API types', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await Harness.boot({ worker: false });
  });

  afterAll(async () => {
    await h.close();
  });

  it('match the OpenAPI document the app serves', async () => {
    const res = await h.get('/api/docs/json');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.paths).length).toBeGreaterThan(0);

    const generated = execFileSync(
      process.execPath,
      [join(ROOT, 'scripts', 'api-types.mjs'), '--document', '-', '--print'],
      {
        cwd: ROOT,
        input: JSON.stringify(res.body),
        encoding: 'utf8',
      },
    );
    const committed = readFileSync(SCHEMA_FILE, 'utf8');

    if (generated !== committed) {
      throw new Error('learner-ui/src/api/schema.d.ts does not match the OpenAPI document: run npm run api:types');
    }
  });
});
