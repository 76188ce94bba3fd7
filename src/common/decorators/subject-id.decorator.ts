import { createParamDecorator, type ExecutionContext, type Type } from '@nestjs/common';
import { ApiBody, ApiQuery } from '@nestjs/swagger';
import { validateDto } from '../http/validation';

/** Where the rest of the request is, when the handler needs nothing of it but the subject. */
export interface SubjectSource {
  /** validate (and document) the query string as this DTO */
  query?: Type<object>;
  /** validate (and document) the body as this DTO */
  body?: Type<object>;
}

interface SubjectRequest {
  subjectId?: string;
  query?: unknown;
  body?: unknown;
}

// @nestjs/swagger's metadata keys of @ApiProperty (its constants are not exported)
const MODEL_PROPERTIES = 'swagger/apiModelProperties';
const MODEL_PROPERTIES_ARRAY = 'swagger/apiModelPropertiesArray';

const resolvedSubject = createParamDecorator((source: SubjectSource | undefined, ctx: ExecutionContext): string => {
  const req = ctx.switchToHttp().getRequest<SubjectRequest>();
  if (source?.query) validateDto(source.query, req.query);
  if (source?.body) validateDto(source.body, req.body);
  if (typeof req.subjectId !== 'string') {
    // a programming error, not a client's: the route lacks @RequiresEntitlement
    throw new Error('@SubjectId() needs the entitlement guard (@RequiresEntitlement) on the route');
  }
  return req.subjectId;
});

/** Documents each property of a query DTO as a query parameter (a custom decorator is invisible to Swagger). */
function documentQuery(dto: Type<object>, target: object, key: string | symbol) {
  const descriptor = Object.getOwnPropertyDescriptor(target, key)!;
  const names: string[] = Reflect.getMetadata(MODEL_PROPERTIES_ARRAY, dto.prototype) ?? [];
  for (const name of names.map((n) => n.replace(/^:/, ''))) {
    const meta = Reflect.getMetadata(MODEL_PROPERTIES, dto.prototype, name) ?? {};
    ApiQuery({ ...meta, name, required: meta.required !== false })(target, key, descriptor);
  }
}

/**
 * The subject id the entitlement guard resolved (the client may have named the subject by id,
 * name or title). With `{ query: Dto }` or `{ body: Dto }`, the rest of that part of the request
 * is validated and documented as the DTO, as `@Query()` / `@Body()` would.
 */
export function SubjectId(source?: SubjectSource): ParameterDecorator {
  return (target, key, index) => {
    resolvedSubject(source)(target, key, index);
    if (key === undefined) return;
    if (source?.query) documentQuery(source.query, target, key);
    if (source?.body) ApiBody({ type: source.body })(target, key, Object.getOwnPropertyDescriptor(target, key)!);
  };
}
