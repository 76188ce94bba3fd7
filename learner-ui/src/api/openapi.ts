import type { components, paths } from './schema';

/**
 * Views on the types generated from the API's OpenAPI document (./schema.d.ts, `npm run api:types`).
 * The calls in this folder check what they send against them, so a DTO change that the site does
 * not follow fails `npm run build`. Responses the document does not describe yet (no
 * `@ApiOkResponse` on the handler) keep their hand-written types next to the call.
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
