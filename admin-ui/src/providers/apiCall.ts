import type { ApiPath, OkResponse, paths, QueryParams, RequestBody } from '@lp/api-types';

import { httpClient } from './httpClient';

/**
 * One call the API's OpenAPI document declares, typed by it (@lp/api-types): the path is the document's
 * template (`/api/admin/users/{id}/roles`), its parameters, query and JSON body are the operation's, and
 * the answer is the JSON it declares for its 2xx. A DTO change the Studio does not follow fails its type
 * check. The data provider's custom methods are made of these.
 */
export type HttpMethod = 'get' | 'put' | 'post' | 'delete';

/** The methods the document declares for a path. */
export type MethodOf<P extends ApiPath> = {
  [M in HttpMethod]-?: [NonNullable<paths[P][M]>] extends [never] ? never : M;
}[HttpMethod];

type Operation<P extends ApiPath, M extends HttpMethod> = NonNullable<paths[P][M]>;

type PathParams<P extends ApiPath, M extends HttpMethod> =
  Operation<P, M> extends { parameters: { path: infer Path } } ? Path : never;

/** Request headers the operation declares (`If-Match` of the authoring routes). */
type HeaderParams<P extends ApiPath, M extends HttpMethod> =
  Operation<P, M> extends { parameters: { header?: infer Header } }
    ? [NonNullable<Header>] extends [never]
      ? never
      : NonNullable<Header>
    : never;

/** An option the operation has: required when it has required fields, absent when the operation has none. */
type Option<Key extends string, Value> = [Value] extends [never]
  ? { [K in Key]?: undefined }
  : object extends Value
    ? { [K in Key]?: Value }
    : { [K in Key]: Value };

export type CallOptions<P extends ApiPath, M extends HttpMethod> = Option<'path', PathParams<P, M>> &
  Option<'query', QueryParams<P, M>> &
  Option<'header', HeaderParams<P, M>> &
  Option<'body', RequestBody<P, M>>;

/** The operation's answer, as the document declares it. */
export type Answer<P extends ApiPath, M extends HttpMethod> = OkResponse<P, M>;

const fillPath = (template: string, params: Record<string, string | number> = {}) =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params[name])));

const queryString = (query: Record<string, unknown> = {}) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.append(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
};

export async function callApi<P extends ApiPath, M extends MethodOf<P>>(
  method: M,
  path: P,
  ...[options]: object extends CallOptions<P, M> ? [CallOptions<P, M>?] : [CallOptions<P, M>]
): Promise<Answer<P, M>> {
  const {
    path: params,
    query,
    header,
    body,
  } = (options ?? {}) as {
    path?: Record<string, string | number>;
    query?: Record<string, unknown>;
    header?: Record<string, string>;
    body?: unknown;
  };
  return sendJson<Answer<P, M>>(method, fillPath(path, params) + queryString(query), { header, body });
}

const sendJson = async <T>(
  method: HttpMethod,
  url: string,
  { header, body }: { header?: Record<string, string>; body?: unknown },
): Promise<T> => {
  const { json } = await httpClient(url, {
    method: method.toUpperCase(),
    headers: header ? new Headers({ Accept: 'application/json', ...header }) : undefined,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return json as T;
};
