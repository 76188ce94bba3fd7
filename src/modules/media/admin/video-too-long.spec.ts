import { videoTooLongMessage } from './media-admin.service';

describe('videoTooLongMessage', () => {
  it.each([
    [69_400, 60, 'The video lasts 1:09; the longest upload is 1:00'],
    [4 * 3600_000 + 1000, 4 * 3600, 'The video lasts 4:00:01; the longest upload is 4:00:00'],
    [600 * 3600_000, 14_400, 'The video lasts 600:00:00; the longest upload is 4:00:00'],
  ])('%i ms over %i s: %s', (ms, max, text) => expect(videoTooLongMessage(ms, max)).toBe(text));
});
