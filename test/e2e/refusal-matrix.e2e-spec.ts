import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, MetadataScanner, ModulesContainer, Reflector } from '@nestjs/core';
import { IS_PUBLIC } from '../../src/common/decorators/public.decorator';
import { ROLES_KEY, type Role } from '../../src/common/decorators/roles.decorator';
import { QUEUE_BOARD_PATH } from '../../src/queues/queue-board';
import { readFileSync } from 'node:fs';
import { join as joinPath } from 'node:path';
import { Harness, type Method } from '../support/harness';

/**
 * Every operation of the OpenAPI document the app serves (and every route the document leaves out),
 * checked against docs/route-access.md: a reviewed table, one line per route, of who may call it.
 * The table is the truth, not the routes' own metadata: a route annotated with the wrong roles fails
 * twice, once where its @Public()/@Roles() disagree with its line and once where a real request is
 * refused or let through against it. Callers: no token, a learner, a studio user, an admin holding
 * every role, and a user holding only the admin role (so studio-only routes are checked against
 * admins without studio, and admin-only routes against studio staff).
 *
 * Guards run before pipes and handlers, so the placeholder path values and empty bodies below can
 * never turn a refusal into a 400 or 404; if they do, the guard is missing. A caller the table lets
 * through must get neither 401 nor the roles guard's 403 (the handler may still answer 400, 404 or
 * an entitlement's 403 with its own message).
 */

interface Route {
  method: Method;
  /** OpenAPI style: /api/notes/{id} */
  path: string;
  isPublic: boolean;
  roles: Role[] | undefined;
}

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: { type?: string; format?: string; enum?: unknown[]; example?: unknown };
  example?: unknown;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: unknown;
}
interface OpenApi {
  paths: Record<string, Partial<Record<Lowercase<Method>, Operation>>>;
}

const METHODS: Partial<Record<RequestMethod, Method>> = {
  [RequestMethod.GET]: 'GET',
  [RequestMethod.POST]: 'POST',
  [RequestMethod.PUT]: 'PUT',
  [RequestMethod.DELETE]: 'DELETE',
  [RequestMethod.PATCH]: 'PATCH',
};

const METHODS_LIST = Object.values(METHODS);

const join = (...parts: string[]) => ('/' + parts.join('/')).replace(/\/+/g, '/').replace(/(.)\/$/, '$1');
const asList = (p: unknown): string[] => (Array.isArray(p) ? (p as string[]) : [typeof p === 'string' ? p : '']);

/** Every route of every controller in the app, with its guard metadata. */
function routesOf(h: Harness): Route[] {
  const discovery = new DiscoveryService(h.app.get(ModulesContainer));
  const scanner = new MetadataScanner();
  const reflector = new Reflector();
  const routes: Route[] = [];
  for (const wrapper of discovery.getControllers()) {
    const controller = wrapper.metatype as (new (...args: never[]) => object) | undefined;
    if (!controller?.prototype) continue;
    const prototype = controller.prototype as Record<string, unknown>;
    for (const name of scanner.getAllMethodNames(prototype)) {
      const handler = prototype[name] as (...args: unknown[]) => unknown;
      const methodPath: unknown = Reflect.getMetadata(PATH_METADATA, handler);
      if (methodPath === undefined) continue;
      const method = METHODS[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
      if (!method) continue;
      const isPublic = reflector.getAllAndOverride<boolean | undefined>(IS_PUBLIC, [handler, controller]) === true;
      const roles = reflector.getAllAndOverride<Role[] | undefined>(ROLES_KEY, [handler, controller]);
      for (const base of asList(Reflect.getMetadata(PATH_METADATA, controller))) {
        for (const sub of asList(methodPath)) {
          const path = join(base, sub).replace(/:(\w+)/g, '{$1}');
          routes.push({ method, path, isPublic, roles });
        }
      }
    }
  }
  return routes;
}

/** The app's route behind an OpenAPI operation: its path with or without the global /api prefix. */
function routeFor(routes: Route[], method: Method, openApiPath: string): Route | undefined {
  return routes.find((r) => r.method === method && (join('api', r.path) === openApiPath || r.path === openApiPath));
}

const PLACEHOLDERS: Record<string, string> = {
  subject: 'vagus-nerve',
  subjectId: 'vagus-nerve',
  nodeId: 'vn-anatomy',
  kind: 'q_diag',
};
/** What an `{id}` is, by where it stands. */
const IDS: [RegExp, string][] = [
  [/\/checkout\/dev\/\{id\}/, 'cs_dev_0123456789'],
  [/\/nodes\/\{id\}/, 'vn-anatomy'],
  [/\/courses\/\{id\}/, 'vagus-nerve'],
];

/** A value the route's own validation would accept, or near enough: the guards answer first anyway. */
function placeholder(p: Parameter, path = ''): string {
  const example = p.example ?? p.schema?.example ?? p.schema?.enum?.[0];
  if (example !== undefined) return encodeURIComponent(String(example));
  if (PLACEHOLDERS[p.name]) return PLACEHOLDERS[p.name];
  if (p.name === 'id') return IDS.find(([re]) => re.test(path))?.[1] ?? '00000000-0000-4000-8000-000000000000';
  if (p.schema?.type === 'integer' || p.schema?.type === 'number') return '1';
  return 'x1';
}

interface Case {
  name: string;
  /** "METHOD /api/path/{param}": the route's line in docs/route-access.md */
  key: string;
  method: Method;
  url: string;
  body?: unknown;
  route: Route;
}

let h: Harness;
let cases: Case[];
let unmatched: string[];
let callers: Caller[];
let results: Result[];

beforeAll(async () => {
  h = await Harness.boot();
  const doc = (await h.get<OpenApi>('/api/docs/json')).body;
  // The queue board's session route is Fastify's, not a Nest controller's: its scope's own hook lets
  // admins only (queue-board.ts), which this matrix checks like any @Roles('admin') route.
  const routes = [
    ...routesOf(h),
    { method: 'POST' as const, path: `${QUEUE_BOARD_PATH}/session`, isPublic: false, roles: ['admin' as const] },
  ];
  cases = [];
  unmatched = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [verb, op] of Object.entries(operations) as [Lowercase<Method>, Operation][]) {
      const method = verb.toUpperCase() as Method;
      if (!METHODS_LIST.includes(method)) continue;
      const name = `${method} ${path}`;
      const route = routeFor(routes, method, path);
      if (!route) {
        unmatched.push(name);
        continue;
      }
      const params = op.parameters ?? [];
      let url = path.replace(/\{(\w+)\}/g, (_, p: string) =>
        placeholder(params.find((x) => x.in === 'path' && x.name === p) ?? { name: p, in: 'path' }, path),
      );
      const query = params
        .filter((p) => p.in === 'query' && p.required)
        .map((p) => `${encodeURIComponent(p.name)}=${placeholder(p)}`);
      if (query.length) url += `?${query.join('&')}`;
      cases.push({ name, key: name, method, url, body: op.requestBody ? {} : undefined, route });
    }
  }
  // Routes the document leaves out are routes all the same: refused just as well.
  for (const route of routes) {
    if (cases.some((c) => c.route === route)) continue;
    const url = join('api', route.path).replace(/\{(\w+)\}/g, (_, p: string) =>
      placeholder({ name: p, in: 'path' }, route.path),
    );
    cases.push({
      name: `${route.method} ${route.path} (not in the OpenAPI document)`,
      key: `${route.method} ${route.path.startsWith('/api/') ? route.path : join('api', route.path)}`,
      method: route.method,
      url,
      body: route.method === 'GET' ? undefined : {},
      route,
    });
  }
  callers = await signInCallers(h);
  results = await callEveryRoute(h, cases, callers);
});
afterAll(() => h.close());

it('has an entry for every operation of the OpenAPI document', () => {
  expect(unmatched).toEqual([]);
  // A matrix that found nothing to test would pass vacuously.
  expect(cases.filter((c) => !c.route.isPublic).length).toBeGreaterThan(20);
  expect(cases.filter((c) => c.route.roles?.length).length).toBeGreaterThan(5);
  // Sign-in and the Stripe webhook are public by their metadata, not by a list in this file.
  expect(cases.find((c) => c.name === 'POST /api/auth/login')?.route.isPublic).toBe(true);
  expect(cases.find((c) => c.name === 'POST /api/webhooks/stripe')?.route.isPublic).toBe(true);
});

// ---- the reviewed table ------------------------------------------------------------------------

type Who = 'public' | 'signed-in' | 'studio' | 'admin' | 'studio or admin';
const WHO: Record<Who, Role[] | 'anyone' | 'signed-in'> = {
  public: 'anyone',
  'signed-in': 'signed-in',
  studio: ['studio'],
  admin: ['admin'],
  'studio or admin': ['studio', 'admin'],
};

/** docs/route-access.md's rows: "METHOD /api/path" → who. Duplicate or malformed rows fail here. */
function readTable(): Map<string, Who> {
  const text = readFileSync(joinPath(__dirname, '..', '..', 'docs', 'route-access.md'), 'utf8');
  const table = new Map<string, Who>();
  for (const line of text.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    if (cells.length < 5 || !/^(GET|POST|PUT|PATCH|DELETE)$/.test(cells[1])) continue;
    const key = `${cells[1]} ${cells[2].replace(/`/g, '')}`;
    const who = cells[3] as Who;
    if (!(who in WHO))
      throw new Error(`docs/route-access.md: "${who}" on ${key} is not one of ${Object.keys(WHO).join(', ')}`);
    if (table.has(key)) throw new Error(`docs/route-access.md: ${key} has two lines`);
    table.set(key, who);
  }
  return table;
}

/** What the route's own metadata says, in the table's words. */
function whoByMetadata(route: Route): Who {
  if (route.isPublic) return 'public';
  const roles = [...(route.roles ?? [])].sort();
  if (!roles.length || roles.includes('learner')) return 'signed-in';
  return (Object.entries(WHO).find(([, r]) => Array.isArray(r) && [...r].sort().join() === roles.join())?.[0] ??
    roles.join(' or ')) as Who;
}

// ---- callers and their answers -----------------------------------------------------------------

interface Caller {
  name: string;
  token?: string;
  roles: Role[];
}

interface Result {
  key: string;
  caller: string;
  status: number;
  message: string;
}

async function signInCallers(h: Harness): Promise<Caller[]> {
  const admin = await h.demoToken('admin');
  // A user holding only the admin role: people and money, but no content.
  const adminOnly = await h.newUser('admin-only');
  const set = await h.put(`/api/admin/users/${adminOnly.id}/roles`, { roles: ['admin'] }, { token: admin });
  if (set.status !== 200) throw new Error(`roles: ${set.status} ${JSON.stringify(set.body)}`);
  const login = await h.post<{ accessToken: string; user: { roles: Role[] } }>('/api/auth/login', {
    email: adminOnly.email,
    password: 'a-long-enough-secret',
  });
  if (login.status !== 200 || login.body.user.roles.join() !== 'admin') {
    throw new Error(`admin-only login: ${login.status} ${JSON.stringify(login.body)}`);
  }
  return [
    { name: 'no token', roles: [] },
    { name: 'learner', token: await h.demoToken('learner'), roles: ['learner'] },
    { name: 'studio', token: await h.demoToken('studio'), roles: ['learner', 'studio'] },
    { name: 'admin only', token: login.body.accessToken, roles: ['admin'] },
    { name: 'admin', token: admin, roles: ['learner', 'studio', 'admin'] },
  ];
}

/**
 * Every route as every caller, refusals first. Routes a caller may call are called too, with the
 * placeholder values and an empty body: a wrong id or body answers 400 or 404, never anything that
 * matters to the others (the last caller's calls come after every refusal was recorded).
 */
async function callEveryRoute(h: Harness, cases: Case[], callers: Caller[]): Promise<Result[]> {
  const out: Result[] = [];
  for (const caller of callers) {
    for (const c of cases) {
      // Logging out or refreshing would end the caller's session for the rest of the matrix.
      if (c.route.isPublic && caller.token) continue;
      const res = await h.request<{ message?: unknown }>(c.method, c.url, { body: c.body, token: caller.token });
      const message = typeof res.body === 'object' && res.body ? String(res.body.message ?? '') : '';
      out.push({ key: c.key, caller: caller.name, status: res.status, message });
    }
  }
  return out;
}

function allowed(who: Who, caller: Caller): boolean {
  const rule = WHO[who];
  if (rule === 'anyone') return true;
  if (!caller.token) return false;
  return rule === 'signed-in' || rule.some((r) => caller.roles.includes(r));
}

/** The roles guard's own refusal (Nest's ForbiddenException default), not an entitlement's or an owner check's. */
const GUARD_403 = 'Forbidden resource';

describe('docs/route-access.md', () => {
  it('has exactly one line for every route, and no line without a route', () => {
    const table = readTable();
    const keys = new Set(cases.map((c) => c.key));
    expect([...keys].filter((k) => !table.has(k)).map((k) => `${k}: missing from docs/route-access.md`)).toEqual([]);
    expect([...table.keys()].filter((k) => !keys.has(k)).map((k) => `${k}: no such route`)).toEqual([]);
    expect(table.size).toBeGreaterThan(100);
  });

  it("agrees with every route's @Public() and @Roles()", () => {
    const table = readTable();
    const disagreements = cases
      .filter((c) => table.has(c.key) && table.get(c.key) !== whoByMetadata(c.route))
      .map((c) => `${c.key}: the table says ${table.get(c.key)}, the code says ${whoByMetadata(c.route)}`);
    expect(disagreements).toEqual([]);
  });

  it('answers 401 without a token on every route the table does not make public', () => {
    const table = readTable();
    const seen = results.filter((r) => r.caller === 'no token' && table.get(r.key) !== 'public');
    expect(seen.length).toBeGreaterThan(20);
    expect(seen.map((r) => `${r.key} → ${r.status}`)).toEqual(seen.map((r) => `${r.key} → 401`));
  });

  it.each(['learner', 'studio', 'admin only', 'admin'])(
    'answers 403 to %s on every route the table keeps from them, and lets them through the rest',
    (name) => {
      const table = readTable();
      const caller = callers.find((c) => c.name === name)!;
      const mine = results.filter((r) => r.caller === name);
      const refused = mine.filter((r) => !allowed(table.get(r.key)!, caller));
      const through = mine.filter((r) => allowed(table.get(r.key)!, caller));
      expect(refused.map((r) => `${r.key} → ${r.status}`)).toEqual(refused.map((r) => `${r.key} → 403`));
      const wronglyRefused = through.filter((r) => r.status === 401 || (r.status === 403 && r.message === GUARD_403));
      expect(wronglyRefused.map((r) => `${r.key} → ${r.status} ${r.message}`)).toEqual([]);
      // Every caller but the admin holding every role is refused somewhere: the matrix tests something.
      if (name !== 'admin') expect(refused.length).toBeGreaterThan(0);
      expect(through.length).toBeGreaterThan(0);
    },
  );

  it('keeps admin-only routes from studio staff, and studio-only routes from admins without the studio role', () => {
    const table = readTable();
    const status = (key: string, caller: string) => results.find((r) => r.key === key && r.caller === caller)?.status;
    const adminRoutes = [...table].filter(([, who]) => who === 'admin').map(([k]) => k);
    const studioRoutes = [...table].filter(([, who]) => who === 'studio').map(([k]) => k);
    expect(adminRoutes.length).toBeGreaterThan(10);
    expect(studioRoutes.length).toBeGreaterThan(20);
    expect(adminRoutes.filter((k) => status(k, 'studio') !== 403)).toEqual([]);
    expect(studioRoutes.filter((k) => status(k, 'admin only') !== 403)).toEqual([]);
  });
});
