/**
 * Malformed requests for every operation of the OpenAPI document: wrong types, missing and extra
 * fields, huge, deep, empty and non-JSON bodies, odd path parameters and queries. Deterministic
 * for a seed, so a failure can be replayed. No generated value is a URL to another host: the only
 * URLs are loopback ones on a closed port, so a route that fetches (crawl, legacy migration) never
 * sends traffic off this machine.
 */

export interface FuzzCase {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  url: string;
  /** a JSON value, or a raw string sent as is (with `rawType`) */
  body?: unknown;
  rawType?: string;
  route: string;
  what: string;
}

interface Operation {
  parameters?: { name: string; in: 'path' | 'query' | 'header'; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

interface Schema {
  $ref?: string;
  type?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  enum?: unknown[];
  allOf?: Schema[];
}

export interface OpenApiDoc {
  paths: Record<string, Partial<Record<'get' | 'post' | 'put' | 'delete' | 'patch', Operation>>>;
  components?: { schemas?: Record<string, Schema> };
}

/** A small seeded PRNG (mulberry32). */
export function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DEEP = (n: number) => {
  let v: unknown = 'x';
  for (let i = 0; i < n; i++) v = { a: v };
  return v;
};

/** Values of every kind a field should not accept (and a few it should). */
const ODD_VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  1e308,
  -1e308,
  3.14159,
  Number.MAX_SAFE_INTEGER + 2,
  '',
  ' ',
  'x'.repeat(5000),
  'a\ud800b',
  'a\u0000b',
  '😀'.repeat(50),
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '../../etc/passwd',
  '%00',
  '{"$gt":""}',
  'http://127.0.0.1:9/never',
  'NaN',
  '-0',
  '1e999',
  '2026-02-30T25:61:00Z',
  'Europe/Nowhere',
  [],
  ['a', 'b'],
  [null],
  {},
  { nested: { deeper: [1, 2, 3] } },
  DEEP(40),
  Array.from({ length: 2000 }, (_, i) => i),
];

const ODD_PATH = [
  'x',
  '0',
  '-1',
  '00000000-0000-0000-0000-000000000000',
  'not-a-uuid',
  'a'.repeat(600),
  '%F0%9F%98%80',
  '%00',
  '%ED%A0%80', // a lone surrogate in UTF-8
  '..%2F..%2Fetc',
  '%27%20or%201%3D1',
  '%20',
];

const ODD_QUERY = [
  'x',
  '',
  '-1',
  '999999999999999999999',
  'a'.repeat(3000),
  '%00',
  '%ED%A0%80',
  '%F0%9F%98%80',
  '[]',
  '{}',
  '%27%22',
];

function deref(doc: OpenApiDoc, s: Schema | undefined): Schema | undefined {
  let cur = s;
  for (let i = 0; cur?.$ref && i < 10; i++) cur = doc.components?.schemas?.[cur.$ref.split('/').pop()!];
  if (cur?.allOf)
    return { type: 'object', properties: Object.assign({}, ...cur.allOf.map((x) => deref(doc, x)?.properties ?? {})) };
  return cur;
}

/** A plausible value for a schema (so one bad field at a time gets past the others). */
function plausible(doc: OpenApiDoc, s: Schema | undefined, depth = 0): unknown {
  const t = deref(doc, s);
  if (!t || depth > 4) return 'x';
  if (t.enum?.length) return t.enum[0];
  switch (t.type) {
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return [plausible(doc, t.items, depth + 1)];
    case 'object':
      return Object.fromEntries(Object.entries(t.properties ?? {}).map(([k, v]) => [k, plausible(doc, v, depth + 1)]));
    default:
      return 'vagus-nerve';
  }
}

/** Every case for every operation; `perOperation` bounds how many of each operation's cases are kept. */
export function fuzzCases(doc: OpenApiDoc, seed: number, perOperation = Infinity): FuzzCase[] {
  const rnd = prng(seed);
  const out: FuzzCase[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [m, op] of Object.entries(ops) as [string, Operation][]) {
      const method = m.toUpperCase() as FuzzCase['method'];
      const route = `${method} ${path}`;
      const params = op.parameters ?? [];
      const pathParams = params.filter((p) => p.in === 'path');
      const queryParams = params.filter((p) => p.in === 'query');
      const fill = (overrides: Record<string, string> = {}) =>
        path.replace(
          /\{(\w+)\}/g,
          (_, name: string) =>
            overrides[name] ??
            encodeURIComponent(String(plausible(doc, pathParams.find((p) => p.name === name)?.schema))),
        );
      const plainQuery = queryParams
        .map((q) => `${q.name}=${encodeURIComponent(String(plausible(doc, q.schema)))}`)
        .join('&');
      const url = (p: string, q = plainQuery) => (q ? `${p}?${q}` : p);
      const bodySchema = deref(doc, op.requestBody?.content?.['application/json']?.schema);
      const goodBody = bodySchema ? plausible(doc, bodySchema) : undefined;
      const cases: FuzzCase[] = [];

      for (const p of pathParams)
        for (const v of ODD_PATH)
          cases.push({
            method,
            url: url(fill({ [p.name]: v })),
            body: goodBody,
            route,
            what: `path ${p.name}=${v.slice(0, 30)}`,
          });
      for (const q of queryParams) {
        for (const v of ODD_QUERY) {
          const query = queryParams
            .map((x) =>
              x.name === q.name
                ? `${x.name}=${v}`
                : `${x.name}=${encodeURIComponent(String(plausible(doc, x.schema)))}`,
            )
            .join('&');
          cases.push({
            method,
            url: url(fill(), query),
            body: goodBody,
            route,
            what: `query ${q.name}=${v.slice(0, 30)}`,
          });
        }
        cases.push({
          method,
          url: url(fill(), `${q.name}=a&${q.name}=b`),
          body: goodBody,
          route,
          what: `query ${q.name} twice`,
        });
      }
      cases.push({
        method,
        url: url(fill(), `${plainQuery}&unknown=1`),
        body: goodBody,
        route,
        what: 'unknown query parameter',
      });
      if (method !== 'GET' && method !== 'DELETE') {
        const props = Object.keys((bodySchema?.properties as Record<string, Schema>) ?? {});
        for (const prop of props)
          for (const v of ODD_VALUES)
            cases.push({
              method,
              url: url(fill()),
              body: { ...(goodBody as object), [prop]: v },
              route,
              what: `body ${prop}=${JSON.stringify(v)?.slice(0, 40)}`,
            });
        for (const v of [null, [], 'text', 42, DEEP(100), { ...(goodBody as object), extra: 1 }])
          cases.push({ method, url: url(fill()), body: v, route, what: `body ${JSON.stringify(v)?.slice(0, 40)}` });
        cases.push({
          method,
          url: url(fill()),
          body: '{"unterminated": ',
          rawType: 'application/json',
          route,
          what: 'broken JSON',
        });
        cases.push({
          method,
          url: url(fill()),
          body: '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[',
          rawType: 'application/json',
          route,
          what: 'unbalanced JSON',
        });
        cases.push({
          method,
          url: url(fill()),
          body: 'a=1&b=2',
          rawType: 'application/x-www-form-urlencoded',
          route,
          what: 'form body',
        });
        cases.push({
          method,
          url: url(fill()),
          body: '\u0000\u0001binary',
          rawType: 'application/octet-stream',
          route,
          what: 'binary body',
        });
        cases.push({
          method,
          url: url(fill()),
          body: JSON.stringify({ s: 'x'.repeat(80 * 1024) }),
          rawType: 'application/json',
          route,
          what: '80 KiB body',
        });
      }
      // shuffle, then keep the bound
      for (let i = cases.length - 1; i > 0; i--) {
        const j = Math.floor(rnd() * (i + 1));
        [cases[i], cases[j]] = [cases[j], cases[i]];
      }
      out.push(...cases.slice(0, perOperation));
      if (cases.length === 0) out.push({ method, url: url(fill()), route, what: 'plain' });
    }
  }
  return out;
}

export interface FuzzOutcome {
  sent: number;
  failures: { route: string; what: string; url: string; status: number; body: string }[];
  byStatus: Record<number, number>;
}

type Send = (c: FuzzCase, token: string | undefined) => Promise<{ status: number; body: string }>;

/**
 * Sends each case once, taking turns signed out, as a learner and as a studio user (tokens are
 * fetched again every 40 cases, since a fuzzed logout may end a session). Any 5xx is a failure.
 */
export async function runFuzz(
  cases: FuzzCase[],
  send: Send,
  signIn: (who: 'learner' | 'studio') => Promise<string>,
): Promise<FuzzOutcome> {
  const outcome: FuzzOutcome = { sent: 0, failures: [], byStatus: {} };
  let tokens: (string | undefined)[] = [];
  for (const [i, c] of cases.entries()) {
    if (i % 40 === 0) tokens = [undefined, await signIn('learner'), await signIn('studio')];
    const res = await send(c, tokens[i % 3]);
    outcome.sent += 1;
    outcome.byStatus[res.status] = (outcome.byStatus[res.status] ?? 0) + 1;
    if (res.status >= 500)
      outcome.failures.push({
        route: c.route,
        what: c.what,
        url: c.url.slice(0, 200),
        status: res.status,
        body: res.body.slice(0, 300),
      });
  }
  return outcome;
}
