import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { columnNames, exportedRowTypes, snakeRecordReads } from './records';
import { codeOnly, lineAt, walk as walkFiles } from './source-scan';
import { foreignTableUses, tableOwners } from './table-ownership';

const ROOT = join(__dirname, '..', '..');

describe('architecture', () => {
  it('every table has exactly one owning module', () => {
    const owners = tableOwners();
    expect(owners.get('users')).toBe('auth');
    expect(owners.get('topic_nodes')).toBe('graph');
    expect(owners.get('user_mastery')).toBe('assessment');
    expect(owners.get('generation_jobs')).toBe('jobs');
    expect(owners.get('admin_audit')).toBe('audit');
  });

  it("no module's SQL names a table another module owns", () => {
    const lines = foreignTableUses().map((v) => `${v.file}:${v.line} names ${v.table} (owned by ${v.owner})`);
    expect(lines).toEqual([]);
  });

  it('no two classes the OpenAPI document may describe share a name', () => {
    // @nestjs/swagger keys schemas by class name: a second class of the same name silently replaces the
    // first in the document (and in the UIs' generated types).
    const walk = (dir: string): string[] =>
      readdirSync(dir).flatMap((n) => (statSync(join(dir, n)).isDirectory() ? walk(join(dir, n)) : [join(dir, n)]));
    const seen = new Map<string, string[]>();
    for (const file of walk(join(ROOT, 'src')).filter((f) => f.endsWith('.ts') && !f.endsWith('.spec.ts'))) {
      const text = readFileSync(file, 'utf8');
      if (!text.includes("from '@nestjs/swagger'")) continue;
      for (const [, name] of text.matchAll(/^(?:export )?(?:abstract )?class (\w+)/gm))
        seen.set(name, [...(seen.get(name) ?? []), relative(ROOT, file)]);
    }
    const twice = [...seen]
      .filter(([, files]) => files.length > 1)
      .map(([name, files]) => `${name}: ${files.join(', ')}`);
    expect(twice).toEqual([]);
  });

  it('one Nest module per folder, one @Module per *.module.ts', () => {
    const walk = (dir: string): string[] =>
      readdirSync(dir).flatMap((n) => (statSync(join(dir, n)).isDirectory() ? walk(join(dir, n)) : [join(dir, n)]));
    const files = [...walk(join(ROOT, 'src', 'modules')), ...walk(join(ROOT, 'workers'))].filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.spec.ts'),
    );
    const perFolder = new Map<string, string[]>();
    const problems: string[] = [];
    for (const file of files) {
      const count = (readFileSync(file, 'utf8').match(/^@Module\(/gm) ?? []).length;
      if (count === 0) continue;
      const rel = relative(ROOT, file);
      if (!file.endsWith('.module.ts')) problems.push(`${rel} declares a Nest module outside a *.module.ts file`);
      if (count > 1) problems.push(`${rel} declares ${count} Nest modules`);
      perFolder.set(dirname(rel), [...(perFolder.get(dirname(rel)) ?? []), rel]);
    }
    for (const [folder, modules] of perFolder)
      if (modules.length > 1) problems.push(`${folder} holds ${modules.length} Nest modules: ${modules.join(', ')}`);
    expect(problems).toEqual([]);
  });

  it('the jobs room imports no feature module, only the audit trail, which imports none (dependency-cruiser rules)', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS file, read as depcruise reads it
    const config = require(join(ROOT, '.dependency-cruiser.cjs')) as {
      forbidden: { name: string; from: { path: string }; to: { path: string; pathNot?: string } }[];
    };
    const rule = (name: string) => config.forbidden.find((r) => r.name === name);
    expect(rule('jobs-room-imports-no-feature')).toMatchObject({
      from: { path: '^src/modules/jobs/' },
      to: { path: '^src/modules/', pathNot: '^src/modules/(jobs|audit)/' },
    });
    expect(rule('audit-imports-no-feature')).toMatchObject({
      from: { path: '^src/modules/audit/' },
      to: { path: '^src/modules/', pathNot: '^src/modules/audit/' },
    });
  });

  it('SQL runs only in repositories', () => {
    // DESIGN: "raw SQL or query builders live in the module's repository". Found in code only (comments and
    // strings blanked) by the EntityManager calls that send SQL or build it; a query of another shape (the
    // ORM's find or flush) is not looked for, and none is used outside repositories.
    const sends =
      /\.\s*(?:execute|createQueryBuilder|qb|getKnex|getConnection|nativeInsert|nativeUpdate|nativeDelete)\s*[<(]/g;
    const places: string[] = [];
    for (const file of [...walkFiles(join(ROOT, 'src', 'modules')), ...walkFiles(join(ROOT, 'workers'))]) {
      if (!file.endsWith('.ts') || file.endsWith('.repository.ts') || file.endsWith('.spec.ts')) continue;
      const code = codeOnly(readFileSync(file, 'utf8'));
      for (const m of code.matchAll(sends)) places.push(`${relative(ROOT, file)}:${lineAt(code, m.index)}`);
    }
    expect(places).toEqual([]);
  });

  describe('repositories return camelCase records; row types stay private (scans in records.ts, limits there)', () => {
    it('knows the columns the entities declare', () => {
      const columns = columnNames();
      for (const c of ['user_id', 'subject_id', 'summary_html', 'payment_intent_id', 'p_known', 'session_id'])
        expect(columns).toContain(c);
      // a JSON document's own keys (challenge_days.rubric) are not columns
      expect(columns).not.toContain('pass_score');
    });

    it('no repository exports a type with snake_case keys or a *Row type', () => {
      expect(exportedRowTypes().map((v) => `${v.file}:${v.line} ${v.what}`)).toEqual([]);
    });

    it('no file outside a repository reads a column by its snake_case name', () => {
      // Reads of these names off something that is not a row: the spec's request fields, a content pack's
      // fields, a library's objects. Listed per file, so the same name read off a row anywhere else still fails.
      const notRows: Record<string, string[]> = {
        // the content pack's fields (content/README.md), read from its YAML files
        'src/content/content-loader.ts': ['safety_note', 'summary_html', 'lesson_html', 'micro_project'],
        // the content pack's and the legacy REST source's documents, turned into each module's import
        'src/modules/studio/content-migration/content-sources.ts': [
          'safety_note',
          'summary_html',
          'lesson_html',
          'est_seconds',
          'est_minutes',
          'micro_project',
        ],
        // POST /api/checkout/verify {session_id}: the spec's field name (VerifyCheckoutDto)
        'src/modules/catalog/checkout.controller.ts': ['session_id'],
        // PUT /api/studio/nodes/{nodeId} {summary_html, lesson_html, …}: the spec's field names (SaveNodeDraftDto)
        'src/modules/graph/versions/drafts.service.ts': ['summary_html', 'lesson_html'],
        // ts-fsrs's Card, which names its fields so
        'src/modules/practice/practice-schedule.ts': [
          'elapsed_days',
          'scheduled_days',
          'learning_steps',
          'last_review',
        ],
      };
      const files = [...walkFiles(join(ROOT, 'src')), ...walkFiles(join(ROOT, 'workers'))];
      const reads = snakeRecordReads(files, columnNames(), notRows).map((v) => `${v.file}:${v.line} ${v.what}`);
      expect(reads).toEqual([]);
    });
  });

  it('only src/config/ reads process.env', () => {
    // Settings are validated once, at boot, in src/config/config.ts (DESIGN: "nothing else reads process.env"): a
    // module reading a variable itself skips that check, falls back silently on a typo, and is configured where
    // nobody looks. Spec files included: a test passes its settings to loadConfig or the code under test.
    // Reads are found in code only (comments and strings are blanked): `process.env`, `process['env']` and
    // `{ env } = process`; an alias (`const p = process; p.env`) is not followed.
    const files = [...walkFiles(join(ROOT, 'src')), ...walkFiles(join(ROOT, 'workers'))].filter(
      (f) => f.endsWith('.ts') && !relative(ROOT, f).startsWith(join('src', 'config') + '/'),
    );
    const reads: string[] = [];
    for (const file of files) {
      const source = readFileSync(file, 'utf8');
      const code = codeOnly(source);
      const found = [
        ...code.matchAll(/\bprocess\s*\??\.\s*env\b|\{[^{}]*\benv\b[^{}]*\}\s*=\s*process\b/g),
        // process['env']: the key is a string, blanked in `code`, so it is read from the source
        ...[...code.matchAll(/\bprocess\s*\??\.?\[\s*/g)].filter((m) =>
          /^['"`]env['"`]/.test(source.slice(m.index + m[0].length)),
        ),
      ];
      for (const m of found) reads.push(`${relative(ROOT, file)}:${lineAt(code, m.index)}`);
    }
    expect(reads).toEqual([]);
  });

  it("graph's seams are the only way in from other modules (a dependency-cruiser rule)", () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS file, read as depcruise reads it
    const config = require(join(ROOT, '.dependency-cruiser.cjs')) as {
      forbidden: { name: string; from: { path: string; pathNot?: string }; to: { path: string; pathNot?: string } }[];
    };
    expect(config.forbidden.find((r) => r.name === 'graph-only-through-its-seams')).toMatchObject({
      from: { path: '^(src|workers)/' },
      to: { path: '^src/modules/graph/', pathNot: '^src/modules/graph/(structure|content)/' },
    });
  });

  describe('dependency-cruiser over src and workers', () => {
    let cruise: { violations: string[]; modules: { source: string; dependencies: { resolved: string }[] }[] };
    beforeAll(() => {
      const bin = join(ROOT, 'node_modules', '.bin', 'depcruise');
      const res = spawnSync(bin, ['--config', '.dependency-cruiser.cjs', '--output-type', 'json', 'src', 'workers'], {
        cwd: ROOT,
        encoding: 'utf8',
        maxBuffer: 256 << 20,
      });
      if (res.status !== 0 && !res.stdout) throw new Error(`depcruise failed: ${res.stderr}`);
      const out = JSON.parse(res.stdout) as {
        summary: { violations: { rule: { name: string }; from: string; to: string }[] };
        modules: { source: string; dependencies: { resolved: string }[] }[];
      };
      cruise = {
        violations: out.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`),
        modules: out.modules,
      };
    }, 60_000);

    it("finds no violation: no module imports another's repository or entity, no file cycle, the rooms and seams hold", () => {
      expect(cruise.violations).toEqual([]);
    });

    it('finds no import cycle between modules, Nest module imports included', () => {
      // A file-level cycle check misses two modules that need each other through different files (media/admin →
      // graph/versions → media was one). A module here is the first folder under src/modules; graph's seams
      // (structure, content) count as modules of their own, since others depend on them while the graph depends
      // on those others (graph → catalog → graph/structure is the design, not a cycle).
      const unitOf = (path: string) => {
        const m = /^src\/modules\/([^/]+)\/(?:(structure|content)\/)?/.exec(path);
        return m ? (m[1] === 'graph' && m[2] ? `graph/${m[2]}` : m[1]) : null;
      };
      const edges = new Map<string, Set<string>>();
      for (const mod of cruise.modules) {
        const from = unitOf(mod.source);
        for (const dep of mod.dependencies) {
          const to = unitOf(dep.resolved);
          if (from && to && from !== to) edges.set(from, (edges.get(from) ?? new Set()).add(to));
        }
      }
      const cycles: string[] = [];
      const visit = (start: string, at: string, path: string[]) => {
        for (const next of edges.get(at) ?? []) {
          if (next === start) cycles.push([...path, next].join(' → '));
          // each cycle once, from its smallest member
          else if (next > start && !path.includes(next)) visit(start, next, [...path, next]);
        }
      };
      for (const unit of edges.keys()) visit(unit, unit, [unit]);
      expect(cycles).toEqual([]);
    });
  });
});
