import { mediaPath, parseMediaReference } from './media-library.service';
import { signedMediaPath } from './media-signing';

describe('media references', () => {
  it('a path names its subject and file name', () => {
    const path = mediaPath({ subjectId: 'vagus-nerve', fileName: 'upload/0a1b2c3d-lecture.mp4' });
    expect(path).toBe('/media/vagus-nerve/upload/0a1b2c3d-lecture.mp4');
    expect(parseMediaReference(path)).toEqual({ subjectId: 'vagus-nerve', fileName: 'upload/0a1b2c3d-lecture.mp4' });
  });

  it('a signed URL names the same file (its query is ignored)', () => {
    const signed = signedMediaPath('s'.repeat(40), {
      subjectId: 'vagus-nerve',
      fileName: 'video/vn-anatomy-1a2b3c4d.mp4',
      userId: null,
      exp: 1,
    });
    expect(parseMediaReference(signed)).toEqual({
      subjectId: 'vagus-nerve',
      fileName: 'video/vn-anatomy-1a2b3c4d.mp4',
    });
  });

  it.each([
    ['an external URL', 'https://example.org/media/vagus-nerve/a.mp4'],
    ['a relative path', 'media/vagus-nerve/a.mp4'],
    ['no file name', '/media/vagus-nerve/'],
    ['a step out of the folder', '/media/vagus-nerve/../a.mp4'],
    ['an encoded step out', '/api/media/file/vagus-nerve/..%2Fa.mp4'],
    ['a malformed escape', '/api/media/file/vagus-nerve/%E0%A4%A'],
    ['a signed URL with a slash in the file', '/api/media/file/vagus-nerve/video/a.mp4'],
    ['characters the library never stores', '/media/vagus-nerve/a b.mp4'],
  ])('%s names nothing', (_what, ref) => expect(parseMediaReference(ref)).toBeNull());
});
