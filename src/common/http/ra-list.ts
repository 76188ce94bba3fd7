import { BadRequestException } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';

/**
 * The list dialect of react-admin's `ra-data-simple-rest`, shared by every Studio list
 * (`GET /api/admin/<resource>?sort=["title","ASC"]&range=[0,24]&filter={"q":"ai"}`, answered with
 * `Content-Range: <resource> 0-24/319`). The three parameters arrive as JSON text; this module turns
 * them into a typed query or a 400 that says which part is wrong, never a 500.
 */

export type SortOrder = 'ASC' | 'DESC';

/** How one filter key is read: a boolean, a string (e.g. the `q` search box), or a list of ids (`getMany`). */
export type RaFilterKind = 'boolean' | 'string' | 'ids';

type FilterValue<K extends RaFilterKind> = K extends 'boolean' ? boolean : K extends 'string' ? string : string[];

export type RaFilter<F extends Record<string, RaFilterKind>> = { [P in keyof F]?: FilterValue<F[P]> };

export interface RaListSpec<S extends string, F extends Record<string, RaFilterKind>> {
  /** The resource name, the first word of the Content-Range header. */
  resource: string;
  sortFields: readonly S[];
  defaultSort: { field: S; order: SortOrder };
  filters: F;
  /** The largest page one request may ask for; also the page when `range` is absent. Default 100. */
  maxPageSize?: number;
}

export interface RaListQuery<S extends string, F extends Record<string, RaFilterKind>> {
  sort: { field: S; order: SortOrder };
  /** Inclusive bounds as sent; `limit` = end - start + 1, ready for `offset … limit …`. */
  range: { start: number; end: number; limit: number };
  filter: RaFilter<F>;
}

const DEFAULT_MAX_PAGE_SIZE = 100;

/** The raw query string parameters, as the ValidationPipe leaves them. */
export interface RaListParams {
  sort?: string;
  range?: string;
  filter?: string;
}

/**
 * The query DTO of one list route: `sort`, `range` and `filter` as bounded strings (parsed by
 * {@link parseRaListQuery}), documented in the OpenAPI document with what this resource accepts.
 */
export function raListQueryDto(docs: {
  sortFields: readonly string[];
  sortExample: string;
  filter: string;
  filterExample: string;
  maxPageSize?: number;
}) {
  class RaListQueryDto implements RaListParams {
    @ApiPropertyOptional({
      description: `JSON array [field, "ASC" | "DESC"]; field one of: ${docs.sortFields.join(', ')}`,
      example: docs.sortExample,
    })
    @IsOptional()
    @IsString({ message: 'sort must be a JSON array' })
    @MaxLength(200, { message: 'sort is too long' })
    sort?: string;

    @ApiPropertyOptional({
      description: `JSON array [start, end], both inclusive, at most ${docs.maxPageSize ?? DEFAULT_MAX_PAGE_SIZE} records`,
      example: '[0,24]',
    })
    @IsOptional()
    @IsString({ message: 'range must be a JSON array' })
    @MaxLength(100, { message: 'range is too long' })
    range?: string;

    @ApiPropertyOptional({ description: `JSON object: ${docs.filter}`, example: docs.filterExample })
    @IsOptional()
    @IsString({ message: 'filter must be a JSON object' })
    @MaxLength(10_000, { message: 'filter is too long' })
    filter?: string;
  }
  return RaListQueryDto;
}

const MAX_FILTER_STRING = 200;

function parseJson(name: string, text: string, shape: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new BadRequestException(`${name} must be ${shape}`);
  }
}

function parseSort<S extends string>(text: string | undefined, spec: RaListSpec<S, any>): RaListQuery<S, any>['sort'] {
  if (text === undefined) return { ...spec.defaultSort };
  const shape = 'a JSON array [field, "ASC" | "DESC"]';
  const value = parseJson('sort', text, shape);
  if (!Array.isArray(value) || value.length !== 2) throw new BadRequestException(`sort must be ${shape}`);
  const [field, order] = value as unknown[];
  if (typeof field !== 'string' || !(spec.sortFields as readonly string[]).includes(field)) {
    throw new BadRequestException(`sort field must be one of: ${spec.sortFields.join(', ')}`);
  }
  if (order !== 'ASC' && order !== 'DESC') throw new BadRequestException('sort order must be ASC or DESC');
  return { field: field as S, order };
}

function parseRange(text: string | undefined, maxPageSize: number): RaListQuery<string, any>['range'] {
  if (text === undefined) return { start: 0, end: maxPageSize - 1, limit: maxPageSize };
  const shape = 'a JSON array [start, end] of two whole numbers';
  const value = parseJson('range', text, shape);
  if (!Array.isArray(value) || value.length !== 2) throw new BadRequestException(`range must be ${shape}`);
  const [start, end] = value as unknown[];
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || (start as number) < 0 || (end as number) < 0) {
    throw new BadRequestException('range bounds must be whole numbers of 0 or more');
  }
  if ((end as number) < (start as number)) throw new BadRequestException('range end must not be before its start');
  const limit = (end as number) - (start as number) + 1;
  if (limit > maxPageSize) throw new BadRequestException(`range may span at most ${maxPageSize} records`);
  return { start: start as number, end: end as number, limit };
}

function parseFilterValue(key: string, kind: RaFilterKind, value: unknown, maxPageSize: number) {
  switch (kind) {
    case 'boolean':
      if (typeof value !== 'boolean') throw new BadRequestException(`filter.${key} must be true or false`);
      return value;
    case 'string':
      if (typeof value !== 'string' || value.length > MAX_FILTER_STRING) {
        throw new BadRequestException(`filter.${key} must be a string of at most ${MAX_FILTER_STRING} characters`);
      }
      return value;
    case 'ids': {
      // getManyReference may send one id; getMany sends a list.
      const ids = Array.isArray(value) ? (value as unknown[]) : [value];
      if (ids.length > maxPageSize || !ids.every((id) => typeof id === 'string' && id.length <= MAX_FILTER_STRING)) {
        throw new BadRequestException(`filter.${key} must be a string or a list of at most ${maxPageSize} strings`);
      }
      return ids as string[];
    }
  }
}

function parseFilter<F extends Record<string, RaFilterKind>>(
  text: string | undefined,
  spec: RaListSpec<string, F>,
  maxPageSize: number,
): RaFilter<F> {
  if (text === undefined) return {};
  const value = parseJson('filter', text, 'a JSON object');
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new BadRequestException('filter must be a JSON object');
  const known = Object.keys(spec.filters);
  const filter: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(value)) {
    if (!Object.prototype.hasOwnProperty.call(spec.filters, key)) {
      throw new BadRequestException(
        `filter.${key} is not a known filter${known.length ? ` (known: ${known.join(', ')})` : ''}`,
      );
    }
    filter[key] = parseFilterValue(key, spec.filters[key], raw, maxPageSize);
  }
  return filter as RaFilter<F>;
}

/** Reads `sort`, `range` and `filter` against what the resource supports; throws a 400 on anything else. */
export function parseRaListQuery<S extends string, F extends Record<string, RaFilterKind>>(
  spec: RaListSpec<S, F>,
  params: RaListParams,
): RaListQuery<S, F> {
  const maxPageSize = spec.maxPageSize ?? DEFAULT_MAX_PAGE_SIZE;
  return {
    sort: parseSort(params.sort, spec),
    range: parseRange(params.range, maxPageSize),
    filter: parseFilter(params.filter, spec, maxPageSize),
  };
}

/**
 * `Content-Range: <resource> <first>-<last>/<total>` for a page of `count` records starting at `start`;
 * an empty page has a star in place of first-last, as HTTP's own Content-Range does. ra-data-simple-rest
 * reads only the total.
 */
export function contentRange(resource: string, start: number, count: number, total: number): string {
  return count > 0 ? `${resource} ${start}-${start + count - 1}/${total}` : `${resource} */${total}`;
}
