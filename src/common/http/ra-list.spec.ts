import { BadRequestException } from '@nestjs/common';
import { contentRange, parseRaListQuery, type RaListSpec } from './ra-list';

const spec = {
  resource: 'things',
  sortFields: ['id', 'title'],
  defaultSort: { field: 'title', order: 'ASC' },
  filters: { published: 'boolean', q: 'string', id: 'ids' },
  maxPageSize: 50,
} satisfies RaListSpec<'id' | 'title', { published: 'boolean'; q: 'string'; id: 'ids' }>;

function refusal(params: Parameters<typeof parseRaListQuery>[1]): string {
  try {
    parseRaListQuery(spec, params);
  } catch (error) {
    expect(error).toBeInstanceOf(BadRequestException);
    return (error as BadRequestException).message;
  }
  throw new Error('expected a 400');
}

describe('parseRaListQuery', () => {
  it('reads what ra-data-simple-rest sends for getList', () => {
    expect(
      parseRaListQuery(spec, { sort: '["id","DESC"]', range: '[10,19]', filter: '{"published":true,"q":"ai"}' }),
    ).toEqual({
      sort: { field: 'id', order: 'DESC' },
      range: { start: 10, end: 19, limit: 10 },
      filter: { published: true, q: 'ai' },
    });
  });

  it('falls back to the default sort, the first full page and no filter', () => {
    expect(parseRaListQuery(spec, {})).toEqual({
      sort: { field: 'title', order: 'ASC' },
      range: { start: 0, end: 49, limit: 50 },
      filter: {},
    });
  });

  it('reads getMany (a list of ids) and getManyReference (one id) alike', () => {
    expect(parseRaListQuery(spec, { filter: '{"id":["a","b"]}' }).filter).toEqual({ id: ['a', 'b'] });
    expect(parseRaListQuery(spec, { filter: '{"id":"a"}' }).filter).toEqual({ id: ['a'] });
  });

  it('refuses text that is not JSON, naming the parameter', () => {
    expect(refusal({ sort: '[id,ASC' })).toMatch(/^sort must be a JSON array/);
    expect(refusal({ range: 'zero' })).toMatch(/^range must be a JSON array/);
    expect(refusal({ filter: '{' })).toBe('filter must be a JSON object');
  });

  it('refuses unknown sort fields and orders', () => {
    expect(refusal({ sort: '["password","ASC"]' })).toBe('sort field must be one of: id, title');
    expect(refusal({ sort: '["id","UP"]' })).toBe('sort order must be ASC or DESC');
    expect(refusal({ sort: '["id"]' })).toMatch(/^sort must be/);
    expect(refusal({ sort: '{"field":"id"}' })).toMatch(/^sort must be/);
  });

  it('refuses negative, fractional, reversed and oversized ranges', () => {
    expect(refusal({ range: '[-1,4]' })).toBe('range bounds must be whole numbers of 0 or more');
    expect(refusal({ range: '[0.5,4]' })).toBe('range bounds must be whole numbers of 0 or more');
    expect(refusal({ range: '["0","4"]' })).toBe('range bounds must be whole numbers of 0 or more');
    expect(refusal({ range: '[5,4]' })).toBe('range end must not be before its start');
    expect(refusal({ range: '[0,50]' })).toBe('range may span at most 50 records');
    expect(refusal({ range: '[0,1,2]' })).toMatch(/^range must be/);
    expect(parseRaListQuery(spec, { range: '[0,49]' }).range.limit).toBe(50);
    expect(parseRaListQuery(spec, { range: '[7,7]' }).range).toEqual({ start: 7, end: 7, limit: 1 });
  });

  it('refuses filters that are not objects, unknown keys and values of the wrong type', () => {
    expect(refusal({ filter: '[]' })).toBe('filter must be a JSON object');
    expect(refusal({ filter: 'null' })).toBe('filter must be a JSON object');
    expect(refusal({ filter: '{"owner":"me"}' })).toBe('filter.owner is not a known filter (known: published, q, id)');
    expect(refusal({ filter: '{"published":"yes"}' })).toBe('filter.published must be true or false');
    expect(refusal({ filter: '{"q":3}' })).toMatch(/^filter.q must be a string/);
    expect(refusal({ filter: `{"q":"${'x'.repeat(201)}"}` })).toMatch(/^filter.q must be a string/);
    expect(refusal({ filter: '{"id":[1]}' })).toMatch(/^filter.id must be/);
    expect(refusal({ filter: JSON.stringify({ id: Array.from({ length: 51 }, (_, i) => `s${i}`) }) })).toMatch(
      /^filter.id must be/,
    );
  });

  it('does not treat inherited object keys as filters', () => {
    expect(refusal({ filter: '{"__proto__":{"published":true}}' })).toMatch(/^filter.__proto__ is not a known filter/);
    expect(refusal({ filter: '{"toString":"x"}' })).toMatch(/^filter.toString is not a known filter/);
  });
});

describe('contentRange', () => {
  it('names the resource, the page bounds and the total', () => {
    expect(contentRange('courses', 0, 5, 5)).toBe('courses 0-4/5');
    expect(contentRange('courses', 10, 3, 13)).toBe('courses 10-12/13');
  });

  it('writes a star for an empty page', () => {
    expect(contentRange('courses', 0, 0, 0)).toBe('courses */0');
    expect(contentRange('courses', 20, 0, 13)).toBe('courses */13');
  });
});
