import { isRequestId, requestIdFrom, requestIdOfJob, runWithRequestContext, withRequestId } from './request-id';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('request ids', () => {
  it.each(['a', 'req-1', 'A.b_c-9', 'x'.repeat(64), '0f1e2d3c-aaaa-4bbb-8ccc-123456789abc'])(
    'keeps the well-formed id %s',
    (id) => {
      expect(requestIdFrom(id)).toBe(id);
      expect(isRequestId(id)).toBe(true);
    },
  );

  it.each([undefined, '', 'x'.repeat(65), 'a b', 'a\nb', 'a/b', 'é', '{"x":1}', 'id;drop'])(
    'replaces %p with a new UUID',
    (header) => {
      const id = requestIdFrom(header);
      expect(id).toMatch(UUID);
      expect(id).not.toBe(header);
    },
  );

  it('takes the first of repeated headers', () => {
    expect(requestIdFrom(['first', 'second'])).toBe('first');
  });

  it('makes a different id each time', () => {
    expect(requestIdFrom(undefined)).not.toBe(requestIdFrom(undefined));
  });

  it('puts the current request id into job data, and only inside a request', async () => {
    expect(withRequestId({ a: 1 })).toEqual({ a: 1 });
    const inside = await runWithRequestContext({ requestId: 'click-42' }, async () => {
      await new Promise((r) => setTimeout(r, 1));
      return withRequestId({ a: 1 });
    });
    expect(inside).toEqual({ a: 1, requestId: 'click-42' });
    expect(requestIdOfJob(inside)).toBe('click-42');
  });

  it('reads no id from job data that carries none or a malformed one', () => {
    expect(requestIdOfJob(undefined)).toBeUndefined();
    expect(requestIdOfJob({ requestId: 'a b' })).toBeUndefined();
    expect(requestIdOfJob({ requestId: 7 })).toBeUndefined();
  });
});
