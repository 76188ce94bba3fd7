import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Harness } from '../../../test/support/harness';

const ROOT = join(__dirname, '..', '..', '..');
const SCHEMA_FILE = join(ROOT, 'packages', 'api-types', 'src', 'schema.d.ts');

/** `node packages/api-types/generate.mjs --document - --print`: the script's own function, fed the served document. */
function apiTypesFrom(document: unknown): Promise<string> {
  return new Promise((resolve, reject) => {
    // Asynchronous, so the app's Redis connections keep being served while the types are generated.
    const child = execFile(
      process.execPath,
      [join(ROOT, 'packages', 'api-types', 'generate.mjs'), '--document', '-', '--print'],
      { cwd: ROOT, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
      (err, stdout) => (err ? reject(err) : resolve(stdout)),
    );
    child.stdin?.end(JSON.stringify(document));
  });
}

/**
 * The UIs' API types (packages/api-types/src/schema.d.ts, imported as @lp/api-types) are generated from the OpenAPI
 * document and committed. They are generated here again, by the same function as
 * `npm run api:types` (packages/api-types/generate.mjs), from the document the real app serves, so a DTO
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
    const res = await h.get<{ paths: Record<string, unknown> }>('/api/docs/json');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.paths).length).toBeGreaterThan(0);

    const generated = await apiTypesFrom(res.body);
    const committed = readFileSync(SCHEMA_FILE, 'utf8');

    if (generated !== committed) {
      throw new Error('packages/api-types/src/schema.d.ts does not match the OpenAPI document: run npm run api:types');
    }
  });
});
