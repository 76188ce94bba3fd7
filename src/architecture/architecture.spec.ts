import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { foreignTableUses, tableOwners } from './table-ownership';

const ROOT = join(__dirname, '..', '..');

describe('architecture', () => {
  it('every table has exactly one owning module', () => {
    const owners = tableOwners();
    expect(owners.get('users')).toBe('auth');
    expect(owners.get('topic_nodes')).toBe('graph');
    expect(owners.get('user_mastery')).toBe('assessment');
  });

  it("no module's SQL names a table another module owns", () => {
    const lines = foreignTableUses().map((v) => `${v.file}:${v.line} names ${v.table} (owned by ${v.owner})`);
    expect(lines).toEqual([]);
  });

  it("no module imports another module's repository or entity, and no cycles (dependency-cruiser)", () => {
    const bin = join(ROOT, 'node_modules', '.bin', 'depcruise');
    const res = spawnSync(bin, ['--config', '.dependency-cruiser.cjs', '--output-type', 'err', 'src', 'workers'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(`${res.stdout}${res.stderr}`.trim()).toMatch(/no dependency violations found/i);
    expect(res.status).toBe(0);
  }, 60_000);
});
