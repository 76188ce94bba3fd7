import { isCompressible } from './compression';

describe('isCompressible', () => {
  it.each([
    'application/json; charset=utf-8',
    'application/problem+json',
    'text/html; charset=utf-8',
    'text/css',
    'application/javascript; charset=UTF-8',
    'image/svg+xml',
  ])('compresses %s', (type) => expect(isCompressible(type)).toBe(true));

  it.each([
    // events must reach the client one by one, not wait in the compressor
    'application/x-ndjson; charset=utf-8',
    'text/event-stream',
    // media: compressed already, and served by byte ranges
    'audio/mpeg',
    'video/mp4',
    'text/vtt; charset=utf-8',
    'image/png',
    'application/octet-stream',
    'application/vc+jwt',
  ])('leaves %s as it is', (type) => expect(isCompressible(type)).toBe(false));
});
