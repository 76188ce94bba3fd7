import type { components, paths } from './schema';

export type { components, operations, paths } from './schema';

/**
 * Views on the types generated from the API's OpenAPI document (./schema.d.ts, `npm run api:types`).
 * Both UIs type every call with them, so a DTO change that a UI does not follow fails its type check.
 * Every operation declares its response (a test enforces it), so no UI keeps a hand-written shape.
 */

/** A DTO or response schema the document declares, by name. */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];

export type ApiPath = keyof paths;
type Method = 'get' | 'post' | 'put' | 'delete';
type Operation<P extends ApiPath, M extends Method> = NonNullable<paths[P][M]>;

/** The JSON body an operation takes. */
export type RequestBody<P extends ApiPath, M extends Method> =
  Operation<P, M> extends { requestBody?: { content: { 'application/json': infer Body } } } ? Body : never;

/** The query parameters an operation takes. */
export type QueryParams<P extends ApiPath, M extends Method> =
  Operation<P, M> extends { parameters: { query?: infer Query } } ? NonNullable<Query> : never;

/** The JSON an operation answers with on success, where the document describes it. */
export type OkResponse<P extends ApiPath, M extends Method> =
  Operation<P, M> extends { responses: infer R }
    ? R extends { 200: { content: { 'application/json': infer Ok } } }
      ? Ok
      : R extends { 201: { content: { 'application/json': infer Created } } }
        ? Created
        : never
    : never;
