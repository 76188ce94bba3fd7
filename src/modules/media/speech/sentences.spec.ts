import { buildVtt, splitSentences, vttTime } from './sentences';
import { pcmToWav, readWavInfo } from './wav';

describe('splitSentences', () => {
  it('keeps abbreviations, initials and numbers inside their sentence', () => {
    expect(
      splitSentences(
        'Dr. Smith met Prof. J. R. Jones at 3.5 p.m. yesterday. They compared results, e.g. the U.S. data, i.e. most of it! ' +
          'Was it enough? See Fig. 2 and No. 7 for details. The answer is no. Approx. five trials failed... Then it worked.',
      ),
    ).toEqual([
      'Dr. Smith met Prof. J. R. Jones at 3.5 p.m. yesterday.',
      'They compared results, e.g. the U.S. data, i.e. most of it!',
      'Was it enough?',
      'See Fig. 2 and No. 7 for details.',
      'The answer is no.',
      'Approx. five trials failed...',
      'Then it worked.',
    ]);
  });

  it('treats line breaks as boundaries, keeps closing quotes, drops empty pieces', () => {
    expect(splitSentences('Heading\n\n  "Quoted sentence." (Aside.) Last one\n- item two\n\n...\n')).toEqual([
      'Heading',
      '"Quoted sentence."',
      '(Aside.)',
      'Last one',
      '- item two ...',
    ]);
    expect(splitSentences(' \n\t ')).toEqual([]);
  });

  it('cuts an over-long sentence at clause boundaries', () => {
    const clause = 'this clause goes on for a while with many words in it';
    const long = `${Array.from({ length: 12 }, () => clause).join(', ')}.`;
    const parts = splitSentences(long);
    expect(parts.length).toBeGreaterThan(1);
    parts.forEach((p) => expect(p.length).toBeLessThanOrEqual(300));
    expect(parts.join(' ')).toBe(long);
  });
});

describe('WebVTT', () => {
  it('formats times and cues, escapes markup, wraps long cues into two lines', () => {
    expect(vttTime(0)).toBe('00:00:00.000');
    expect(vttTime(3_723_456.4)).toBe('01:02:03.456');
    const vtt = buildVtt([
      { text: 'Sentence one.', startMs: 0, endMs: 2345 },
      { text: 'A <b> & that --> arrow, in a sentence long enough to need two lines.', startMs: 2345, endMs: 6000 },
    ]);
    expect(vtt).toBe(
      'WEBVTT\n\n1\n00:00:00.000 --> 00:00:02.345\nSentence one.\n\n' +
        '2\n00:00:02.345 --> 00:00:06.000\nA &lt;b&gt; &amp; that --&gt; arrow, in a\nsentence long enough to need two lines.\n',
    );
  });
});

describe('WAV', () => {
  it('a header over PCM reads back with its exact duration', () => {
    const wav = pcmToWav(Buffer.alloc(22050 * 2 * 3), { sampleRate: 22050, channels: 1, bitsPerSample: 16 });
    expect(readWavInfo(wav)).toEqual({
      sampleRate: 22050,
      channels: 1,
      bitsPerSample: 16,
      dataOffset: 44,
      dataBytes: 132300,
      durationMs: 3000,
    });
    // a streaming writer's unknown size: the bytes that are there
    wav.writeUInt32LE(0xffffffff, 40);
    expect(readWavInfo(wav).durationMs).toBe(3000);
    expect(() => readWavInfo(Buffer.from('not a wav file at all'))).toThrow(/not a WAV/);
  });
});
