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

describe('splitSentences: boundaries and cuts', () => {
  it('folds runs of spaces and tabs to one space, and ends a sentence at ? or ! whatever follows', () => {
    expect(splitSentences('Two  spaces\tand a tab. Really? yes, really! and then')).toEqual([
      'Two spaces and a tab.',
      'Really?',
      'yes, really!',
      'and then',
    ]);
  });

  it('cuts an over-long sentence at ; or : before a comma, at the comma nearest the middle, else at a space', () => {
    const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i % 10}`).join(' ');
    // 29 + 2 + 299 characters: the semicolon wins over the commas, though it is far from the middle
    const head = words(10);
    const tail = `${words(30)}, ${words(30)}, ${words(30)}`;
    expect(splitSentences(`${head}; ${tail}`)).toEqual([`${head};`, tail]);
    // commas only: the one nearest the middle
    const a = words(40);
    const b = words(45);
    const c = words(20);
    expect(splitSentences(`${a}, ${b}, ${c}`)).toEqual([`${a},`, `${b}, ${c}`]);
    // no clause mark: the space nearest the middle
    const plain = words(110);
    const parts = splitSentences(plain);
    expect(parts).toEqual([words(55), plain.slice(words(55).length + 1)]);
    // no space at all: the middle
    const word = 'x'.repeat(401);
    expect(splitSentences(word)).toEqual(['x'.repeat(200), 'x'.repeat(201)]);
  });

  it('does not cut within 20 characters of either end, even at a semicolon', () => {
    const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i % 10}`).join(' ');
    const body = words(110);
    const text = `w1 w2; ${body}`;
    const parts = splitSentences(text);
    expect(parts.length).toBe(2);
    expect(parts[0].includes(';')).toBe(true);
    expect(parts[0].length).toBeGreaterThan(100);
  });
});

describe('WebVTT', () => {
  it('keeps a caption of 42 characters, or of one long word, on one line, and breaks a tie at the first space', () => {
    const exact = `${'a'.repeat(20)} ${'b'.repeat(21)}`;
    expect(exact).toHaveLength(42);
    const word = 'x'.repeat(50);
    const tie = `${'a'.repeat(20)} ${'b'.repeat(3)} ${'c'.repeat(19)}`; // spaces 2 either side of the middle
    const vtt = buildVtt([
      { text: exact, startMs: 0, endMs: 1 },
      { text: word, startMs: 1, endMs: 2 },
      { text: tie, startMs: 2, endMs: 3 },
    ]);
    expect(vtt.split('\n\n').slice(1)).toEqual([
      `1\n00:00:00.000 --> 00:00:00.001\n${exact}`,
      `2\n00:00:00.001 --> 00:00:00.002\n${word}`,
      `3\n00:00:00.002 --> 00:00:00.003\n${'a'.repeat(20)}\n${'b'.repeat(3)} ${'c'.repeat(19)}\n`,
    ]);
  });

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
