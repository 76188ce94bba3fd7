import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, MetadataScanner, ModulesContainer, Reflector } from '@nestjs/core';
import { IS_PUBLIC } from '../../src/common/decorators/public.decorator';
import { ROLES_KEY, type Role } from '../../src/common/decorators/roles.decorator';
import { QUEUE_BOARD_PATH } from '../../src/queues/queue-board';
import { Harness, type Method } from '../support/harness';

/**
 * Generated, not hand-listed: every operation of the OpenAPI document the app serves, joined to
 * the route's own metadata (@Public, @Roles) read from the booted app. Every route that is not
 * public answers 401 without a token, and every route whose roles leave out learners answers 403
 * to a signed-in learner. Guards run before pipes and handlers, so the placeholder path values
 * and empty bodies below can never turn a refusal into a 400 or 404; if they do, the guard is missing.
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
  method: Method;
  url: string;
  body?: unknown;
  route: Route;
}

let h: Harness;
let cases: Case[];
let unmatched: string[];
let learner: string;

beforeAll(async () => {
  h = await Harness.boot({ worker: false });
  learner = await h.demoToken('learner');
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
      cases.push({ name, method, url, body: op.requestBody ? {} : undefined, route });
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
      method: route.method,
      url,
      body: route.method === 'GET' ? undefined : {},
      route,
    });
  }
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

it('answers 401 without a token on every route not marked @Public()', async () => {
  const results: string[] = [];
  for (const c of cases.filter((x) => !x.route.isPublic)) {
    const res = await h.request(c.method, c.url, { body: c.body });
    results.push(`${c.name} → ${res.status}`);
  }
  expect(results).toEqual(results.map((r) => r.replace(/→ \d+$/, '→ 401')));
});

it('answers 403 to a signed-in learner on every route whose @Roles() leave learners out', async () => {
  const results: string[] = [];
  for (const c of cases.filter(
    (x) => !x.route.isPublic && x.route.roles?.length && !x.route.roles.includes('learner'),
  )) {
    const res = await h.request(c.method, c.url, { body: c.body, token: learner });
    results.push(`${c.name} → ${res.status}`);
  }
  expect(results.length).toBeGreaterThan(0);
  expect(results).toEqual(results.map((r) => r.replace(/→ \d+$/, '→ 403')));
});
