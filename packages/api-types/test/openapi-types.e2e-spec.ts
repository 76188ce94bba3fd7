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

interface SchemaObject {
  $ref?: string;
  type?: string;
  properties?: Record<string, SchemaObject>;
  additionalProperties?: boolean | SchemaObject;
  items?: SchemaObject;
  oneOf?: SchemaObject[];
  anyOf?: SchemaObject[];
  allOf?: SchemaObject[];
}

interface ResponseObject {
  content?: Record<string, { schema?: SchemaObject }>;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<string, { responses?: Record<string, ResponseObject>; parameters?: { in: string; name: string }[] }>
  >;
  components?: { schemas?: Record<string, SchemaObject> };
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];
/** Answers that have no body by definition. */
const BODILESS = new Set(['204', '304']);
/** A redirect is an answer of its own (a Location, no body to describe); 304 is not one. */
const REDIRECTS = new Set(['301', '302', '303', '307', '308']);

function operationsOf(doc: OpenApiDocument): { name: string; responses: Record<string, ResponseObject> }[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((m) => ({
      name: `${m.toUpperCase()} ${path}`,
      responses: item[m].responses ?? {},
    })),
  );
}

/** `{name}` segments of a path that its operation does not declare as a path parameter. */
function undeclaredPathParameters(doc: OpenApiDocument): string[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).flatMap((m) => {
      const declared = new Set((item[m].parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name));
      return [...path.matchAll(/\{(\w+)\}/g)]
        .map(([, name]) => name)
        .filter((name) => !declared.has(name))
        .map((name) => `${m.toUpperCase()} ${path}: {${name}}`);
    }),
  );
}

/** Operations that declare no success, or a 2xx with a body but no schema for it. */
function undeclaredAnswers(doc: OpenApiDocument): string[] {
  const offenders: string[] = [];
  for (const { name, responses } of operationsOf(doc)) {
    const statuses = Object.keys(responses);
    if (!statuses.some((s) => /^2\d\d$/.test(s) || REDIRECTS.has(s))) {
      offenders.push(`${name}: no 2xx or redirect (declares ${statuses.join(', ') || 'nothing'})`);
      continue;
    }
    for (const status of statuses.filter((s) => /^2\d\d$/.test(s) && !BODILESS.has(s))) {
      const typed = Object.entries(responses[status].content ?? {}).filter(([, media]) => media.schema);
      if (typed.length === 0) offenders.push(`${name}: ${status} has no content type with a schema`);
    }
  }
  return offenders;
}

/**
 * Places in the JSON answers (NDJSON lines included) typed as an object with nothing declared about it,
 * which generated types read as `Record<string, never>`: a free-form object must say it is a map
 * (`additionalProperties`). References are followed, each component once.
 */
function opaqueObjects(doc: OpenApiDocument): string[] {
  const found = new Set<string>();
  const seen = new Set<string>();
  const walk = (schema: SchemaObject | undefined, where: string): void => {
    if (!schema) return;
    if (schema.$ref) {
      const name = schema.$ref.replace('#/components/schemas/', '');
      if (seen.has(name)) return;
      seen.add(name);
      walk(doc.components?.schemas?.[name], name);
      return;
    }
    const composed = [...(schema.oneOf ?? []), ...(schema.anyOf ?? []), ...(schema.allOf ?? [])];
    const declared =
      Object.keys(schema.properties ?? {}).length > 0 ||
      schema.additionalProperties !== undefined ||
      composed.length > 0;
    if (schema.type === 'object' && !declared) found.add(where);
    for (const [key, property] of Object.entries(schema.properties ?? {})) walk(property, `${where}.${key}`);
    if (typeof schema.additionalProperties === 'object') walk(schema.additionalProperties, `${where}{}`);
    walk(schema.items, `${where}[]`);
    composed.forEach((s, i) => walk(s, `${where}|${i}`));
  };
  for (const { name, responses } of operationsOf(doc)) {
    for (const [status, response] of Object.entries(responses)) {
      if (!/^2\d\d$/.test(status)) continue;
      for (const [type, media] of Object.entries(response.content ?? {})) {
        if (/json/.test(type)) walk(media.schema, `${name} ${status} ${type}`);
      }
    }
  }
  return [...found];
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

  it('come from a document where every operation declares its answer', async () => {
    const res = await h.get<OpenApiDocument>('/api/docs/json');
    expect(res.status).toBe(200);

    const undeclared = undeclaredAnswers(res.body);
    if (undeclared.length > 0) {
      throw new Error(
        `${undeclared.length} operation(s) declare no typed success answer (add @ApiOkResponse({ type }) or ` +
          `@ApiCreatedResponse / @ApiNoContentResponse, content types for bytes):\n  ${undeclared.join('\n  ')}`,
      );
    }
    // A @Param() DTO without @ApiProperty leaves the parameter out, and the generated types then have no
    // way to fill the path.
    const parameters = undeclaredPathParameters(res.body);
    if (parameters.length > 0) {
      throw new Error(
        `${parameters.length} path parameter(s) are not declared (@ApiProperty on the @Param() DTO's field):\n  ` +
          parameters.join('\n  '),
      );
    }
    const opaque = opaqueObjects(res.body);
    if (opaque.length > 0) {
      throw new Error(
        `${opaque.length} JSON answer schema(s) are objects with no properties (declare the fields, or a map with ` +
          `additionalProperties):\n  ${opaque.join('\n  ')}`,
      );
    }
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
