import { spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import ffmpeg from 'fluent-ffmpeg';
import { abortError } from './speech-provider';
import { MediaTimeLimits, timeLimitSignal } from './time-limit';
import { readWavInfo, type WavFormat } from './wav';

/** mp3 for speech: mono, 22.05 kHz, 64 kbit/s (about 0.5 MB a minute). */
const MP3 = { codec: 'libmp3lame', bitrate: '64k', sampleRate: 22050 } as const;
/** Rates kept as they are (MPEG-2 layer III); anything else is resampled to MP3.sampleRate. */
const KEPT_RATES = new Set([16000, 22050, 24000]);

const keptRate = (rate: number) => (KEPT_RATES.has(rate) ? rate : MP3.sampleRate);

/** The mp3's rate for WAV input: its own when kept, else the default (also for a file that is no WAV). */
async function mp3Rate(wavPath: string): Promise<number> {
  try {
    return keptRate(readWavInfo(await readFile(wavPath)).sampleRate);
  } catch {
    return MP3.sampleRate;
  }
}

/** An mp3 encoder fed raw PCM in order while the rest is still being made (see `Ffmpeg.pcmToMp3`). */
export interface PcmEncoder {
  /** queues samples (the WAV's data chunk); resolves once taken, so memory stays bounded */
  write(pcm: Buffer): Promise<void>;
  /** ends the input and waits for the mp3 */
  finish(): Promise<void>;
  /** kills ffmpeg and removes the partial mp3 */
  abort(): Promise<void>;
}

export interface AudioAnalysis {
  /** decoded length (ffmpeg's last `time=`), ms */
  durationMs: number;
  /** `volumedetect`, dBFS */
  meanVolumeDb: number;
  maxVolumeDb: number;
}

const DEJAVU = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
const DEJAVU_BOLD = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';

/** Paths that go into a filter graph unescaped. */
function assertPlainPath(path: string) {
  if (!/^[A-Za-z0-9/._-]+$/.test(path)) throw new Error(`not a plain path for an ffmpeg filter: ${path}`);
}

/** Breaks text into lines of at most `width` characters at spaces (a longer word stays whole). */
export function wrapText(text: string, width: number): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.replace(/\s+/g, ' ').trim().split(' ')) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.join('\n');
}

function parseTimemark(mark: string | undefined): number | null {
  const m = /^(\d+):(\d+):(\d+(?:\.\d+)?)$/.exec(mark ?? '');
  return m ? Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) : null;
}

/**
 * The image input's options: its frame rate. The picture is repeated by the `loop` filter rather than
 * `-loop 1`, which decodes the PNG again for every frame (~8 ms a 720p frame, half the render's time).
 */
const stillInputArgs = (fps?: number) => ['-framerate', String(fps ?? 1)];

/**
 * The output options of a still-image render (inputs: 0 the image, 1 the audio), in order, as [flag, value]
 * pairs, so `renderStill` and the benchmark's plain command line are the same command.
 */
function stillVideoArgs(o: { durationMs: number; fps?: number; burnCaptions?: string | null }): [string, string][] {
  const fps = String(o.fps ?? 1);
  if (o.burnCaptions) assertPlainPath(o.burnCaptions);
  // the card converted once, then repeated in memory; captions drawn on each frame
  const filters = ['format=yuv420p', 'loop=loop=-1:size=1:start=0'];
  if (o.burnCaptions) filters.push(`subtitles=${o.burnCaptions}`);
  return [
    ['-vf', filters.join(',')],
    ['-map', '0:v:0'],
    ['-map', '1:a:0'],
    ['-t', (o.durationMs / 1000).toFixed(3)],
    ['-c:v', 'libx264'],
    ['-tune', 'stillimage'],
    ['-preset', 'veryfast'],
    ['-pix_fmt', 'yuv420p'],
    ['-r', fps],
    ['-g', String(Number(fps) * 10)],
    ['-c:a', 'aac'],
    ['-b:a', '96k'],
    ['-movflags', '+faststart'],
    ['-f', 'mp4'],
  ];
}

/** The time limit of a run whose work has no length of its own to go by (probing, analysing, converting a clip). */
const DEFAULT_LIMIT_MS = 10 * 60_000;

/** The length of a WAV file's audio from its header; 0 when it is no WAV. */
async function wavMs(path: string): Promise<number> {
  try {
    return readWavInfo(await readFile(path)).durationMs;
  } catch {
    return 0;
  }
}

/** ms of 16-bit PCM of `format` in `bytes` */
const pcmMs = (bytes: number, f: WavFormat) => (bytes / (f.channels * 2) / f.sampleRate) * 1000;

/**
 * The one place that drives ffmpeg (through fluent-ffmpeg, whose upstream is archived: swapping it means
 * changing this file only). Every run is a child process, so encoding never blocks the event loop, and
 * every run has a time limit (`limits`, from the length of its audio): past it ffmpeg gets SIGKILL (it
 * ignores SIGTERM while evaluating an expression) and the call rejects with a TimeLimitError.
 */
export class Ffmpeg {
  constructor(
    readonly binary: string,
    readonly limits: MediaTimeLimits = new MediaTimeLimits(),
  ) {}

  private static found = new Map<string, string>();

  /** `FFMPEG_PATH`, else `ffmpeg` on PATH (Debian's), else the binary inside `@ffmpeg-installer/ffmpeg`. */
  static locate(configured?: string, limits?: MediaTimeLimits): Ffmpeg {
    const key = configured ?? '';
    let binary = Ffmpeg.found.get(key);
    if (!binary) {
      if (configured) {
        if (!runs(configured)) throw new Error(`FFMPEG_PATH ${configured} does not run (ffmpeg -version failed)`);
        binary = configured;
      } else if (runs('ffmpeg')) {
        binary = 'ffmpeg';
      } else {
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        binary = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
      }
      Ffmpeg.found.set(key, binary);
    }
    return new Ffmpeg(binary, limits);
  }

  /**
   * Joins WAV files end to end (any sample rates; resampled to the first one's when it is 16, 22.05
   * or 24 kHz, else to 22.05 kHz) into one mp3. On abort or failure
   * the child is killed and the partial mp3 removed.
   */
  async wavsToMp3(inputs: string[], output: string, signal?: AbortSignal): Promise<void> {
    if (!inputs.length) throw new Error('nothing to encode');
    const cmd = this.command();
    for (const input of inputs) cmd.input(input);
    const joined = inputs.map((_, i) => `[${i}:a]`).join('');
    const rate = await mp3Rate(inputs[0]);
    const audioMs = (await Promise.all(inputs.map(wavMs))).reduce((a, b) => a + b, 0);
    cmd
      .complexFilter(`${joined}concat=n=${inputs.length}:v=0:a=1,aresample=${rate},aformat=channel_layouts=mono[out]`, [
        'out',
      ])
      .audioCodec(MP3.codec)
      .audioBitrate(MP3.bitrate)
      .audioChannels(1)
      .audioFrequency(rate)
      .format('mp3')
      .output(output);
    try {
      await this.run(cmd, signal, this.limits.encode(audioMs), 'ffmpeg (joining speech into an mp3)');
    } catch (err) {
      await rm(output, { force: true });
      throw err;
    }
  }

  /**
   * Starts an mp3 encoder reading 16-bit PCM of `format` on its stdin, so a section's encoding overlaps
   * the synthesis of its later sentences instead of following it. Speech at 16, 22.05 or 24 kHz keeps
   * its rate (no pointless upsampling); other rates become 22.05 kHz. Failure or abort removes the mp3.
   * The encoder's clock runs while it owes us work (a write waits for it to take samples, `finish` for the
   * mp3), with a limit from the audio owed; not while it waits for samples the speech engines still make.
   */
  pcmToMp3(format: WavFormat, output: string, signal?: AbortSignal): PcmEncoder {
    if (format.bitsPerSample !== 16) throw new Error(`pcmToMp3 takes 16-bit PCM, not ${format.bitsPerSample}-bit`);
    const input = new PassThrough({ highWaterMark: 1 << 20 });
    const rate = keptRate(format.sampleRate);
    const killer = new AbortController();
    const onAbort = () => killer.abort(abortError(signal));
    signal?.addEventListener('abort', onAbort, { once: true });
    const clock = timeLimitSignal(this.limits.encode(0), 'ffmpeg (mp3 encoder)', killer.signal);
    clock.pause();
    let fedMs = 0;
    const cmd = this.command()
      .input(input)
      .inputFormat('s16le')
      .inputOptions(['-ar', String(format.sampleRate), '-ac', String(format.channels)])
      .audioFilters(`aresample=${rate},aformat=channel_layouts=mono`)
      .audioCodec(MP3.codec)
      .audioBitrate(MP3.bitrate)
      .audioChannels(1)
      .audioFrequency(rate)
      .format('mp3')
      .output(output);
    const ran = this.run(cmd, clock.signal, null).finally(() => {
      clock.clear();
      signal?.removeEventListener('abort', onAbort);
    });
    // an early failure is reported by write/finish; never an unhandled rejection
    ran.catch(() => {});
    const clean = async () => {
      input.destroy();
      await rm(output, { force: true });
    };
    return {
      write: async (pcm) => {
        if (clock.signal.aborted) throw abortError(clock.signal);
        fedMs += pcmMs(pcm.length, format);
        if (!input.write(pcm)) {
          clock.resume(this.limits.encode(pcmMs(input.writableLength, format)));
          try {
            await Promise.race([once(input, 'drain'), ran]);
          } finally {
            clock.pause();
          }
        }
      },
      finish: async () => {
        input.end();
        clock.resume(this.limits.encode(fedMs));
        try {
          await ran;
        } catch (err) {
          await clean();
          throw err;
        }
      },
      abort: async () => {
        killer.abort(abortError(signal));
        await ran.catch(() => {});
        await clean();
      },
    };
  }

  /** Any audio file (mp3 from an API, say) to 16-bit mono WAV at its own sample rate. */
  async toWav(input: string, output: string, signal?: AbortSignal): Promise<void> {
    const cmd = this.command().input(input).audioCodec('pcm_s16le').audioChannels(1).format('wav').output(output);
    try {
      await this.run(cmd, signal, DEFAULT_LIMIT_MS, 'ffmpeg (converting audio to WAV)');
    } catch (err) {
      await rm(output, { force: true });
      throw err;
    }
  }

  /**
   * A still title card as PNG: a flat `color` (`0xRRGGBB`) with `title` and `subtitle` centred, drawn by
   * `drawtext` from text files (no escaping of the texts in the filter) in DejaVu Sans when installed, else
   * fontconfig's default sans. `workDir` holds the text files; its path must be plain (`[A-Za-z0-9/._-]`).
   * The texts are drawn as they are (`expansion=none`): `%{…}` in a title is text, never an expression
   * ffmpeg evaluates (`%{e:while(1,1)}` would spin forever), and a lone `%` does not blank the line.
   */
  async titleCard(
    o: {
      width: number;
      height: number;
      color: string;
      title: string;
      subtitle: string;
      workDir: string;
      output: string;
    },
    signal?: AbortSignal,
  ): Promise<void> {
    assertPlainPath(o.workDir);
    assertPlainPath(o.output);
    if (!/^0x[0-9a-fA-F]{6}$/.test(o.color)) throw new Error(`title card colour ${o.color}: 0xRRGGBB`);
    const titleSize = Math.round(o.height / 13);
    const subtitleSize = Math.round(o.height / 26);
    const font = (bold: boolean) => {
      const file = bold ? DEJAVU_BOLD : DEJAVU;
      return existsSync(file) ? `fontfile=${file}` : `font=Sans`;
    };
    // drawtext neither wraps nor (before ffmpeg 6) centres lines: one drawtext per line, each centred
    const filters: string[] = [];
    const block = async (name: string, text: string, size: number, bold: boolean, centreY: number, alpha: string) => {
      const lines = wrapText(text, Math.max(10, Math.floor((o.width * 0.85) / (size * 0.58)))).split('\n');
      const lineHeight = Math.round(size * 1.3);
      const top = Math.round(centreY - (lines.length * lineHeight) / 2);
      for (const [i, line] of lines.entries()) {
        const file = join(o.workDir, `card-${name}-${i}.txt`);
        await writeFile(file, line);
        filters.push(
          `drawtext=${font(bold)}:textfile=${file}:expansion=none:fontsize=${size}:fontcolor=white@${alpha}:` +
            `x=(w-text_w)/2:y=${top + i * lineHeight}`,
        );
      }
    };
    await block('title', o.title, titleSize, true, o.height * 0.42, '1');
    await block('subtitle', o.subtitle, subtitleSize, false, o.height * 0.7, '0.85');
    const cmd = this.command()
      .input(`color=c=${o.color}:s=${o.width}x${o.height}:r=1`)
      .inputFormat('lavfi')
      .videoFilters(filters)
      .outputOptions(['-frames:v', '1'])
      .output(o.output);
    try {
      await this.run(cmd, signal, this.limits.titleCard(), 'ffmpeg (title card)');
    } catch (err) {
      await rm(o.output, { force: true });
      throw err;
    }
  }

  /**
   * A lecture video: the still `image` repeated at `fps` for `durationMs` (`-t`, not `-shortest`, which
   * overshoots with a looped image; the last frame still ends up to 1/fps late) over `audio`, H.264 (`-tune stillimage`) + AAC, `+faststart`.
   * `burnCaptions` draws a WebVTT file into the picture (`subtitles` filter). `onProgress` hears the
   * share done (0..1) from ffmpeg's progress reports. Abort or failure kills ffmpeg and removes the mp4.
   */
  async renderStill(
    o: {
      image: string;
      audio: string;
      durationMs: number;
      output: string;
      fps?: number;
      burnCaptions?: string | null;
      onProgress?: (share: number) => void;
    },
    signal?: AbortSignal,
  ): Promise<void> {
    const cmd = this.command().input(o.image).inputOptions(stillInputArgs(o.fps)).input(o.audio);
    for (const [k, v] of stillVideoArgs(o)) cmd.addOption(k, v);
    cmd.output(o.output);
    const seconds = o.durationMs / 1000;
    if (o.onProgress)
      cmd.on('progress', (p: { timemark?: string }) => {
        const t = parseTimemark(p.timemark);
        if (t !== null && seconds > 0) o.onProgress!(Math.min(1, t / seconds));
      });
    try {
      await this.run(cmd, signal, this.limits.render(o.durationMs), 'ffmpeg (video render)');
    } catch (err) {
      await rm(o.output, { force: true });
      throw err;
    }
  }

  /** The same render as `renderStill`, as the argument list of a plain `ffmpeg` command line (the benchmark's baseline). */
  stillArgs(o: {
    image: string;
    audio: string;
    durationMs: number;
    output: string;
    fps?: number;
    burnCaptions?: string | null;
  }): string[] {
    return [
      '-nostdin',
      '-hide_banner',
      '-y',
      ...stillInputArgs(o.fps),
      '-i',
      o.image,
      '-i',
      o.audio,
      ...stillVideoArgs(o).flat(),
      o.output,
    ];
  }

  /** Decodes the whole file: its real length and loudness (tests and checks; no ffprobe needed). */
  async analyze(input: string, signal?: AbortSignal): Promise<AudioAnalysis> {
    const cmd = this.command().input(input).audioFilters('volumedetect').format('null').output('-');
    const stderr = await this.run(cmd, signal, DEFAULT_LIMIT_MS, 'ffmpeg (analysing audio)');
    const time = [...stderr.matchAll(/time=(\d+):(\d+):(\d+(?:\.\d+)?)/g)].at(-1);
    const mean = /mean_volume:\s*(-?[\d.]+|-inf) dB/.exec(stderr);
    const max = /max_volume:\s*(-?[\d.]+|-inf) dB/.exec(stderr);
    if (!time || !mean || !max) throw new Error(`ffmpeg could not analyse ${input}`);
    const db = (v: string) => (v === '-inf' ? -Infinity : Number(v));
    return {
      durationMs: Math.round((Number(time[1]) * 3600 + Number(time[2]) * 60 + Number(time[3])) * 1000),
      meanVolumeDb: db(mean[1]),
      maxVolumeDb: db(max[1]),
    };
  }

  private command() {
    return ffmpeg({ stdoutLines: 0 }).setFfmpegPath(this.binary).addOption('-nostdin').addOption('-hide_banner');
  }

  /**
   * Runs a prepared command; resolves with its stderr. An abort, or `limitMs` passing, kills the child with
   * SIGKILL (even one still starting); the limit rejects with a TimeLimitError naming `what`. `limitMs` null:
   * the caller's `signal` carries a limit of its own.
   */
  private run(
    cmd: ffmpeg.FfmpegCommand,
    outer: AbortSignal | undefined,
    limitMs: number | null = DEFAULT_LIMIT_MS,
    what = 'ffmpeg',
  ): Promise<string> {
    const clock = limitMs === null ? undefined : timeLimitSignal(limitMs, what, outer);
    const signal = clock?.signal ?? outer;
    return new Promise<string>((resolve, reject) => {
      if (signal?.aborted) return reject(abortError(signal));
      let started = false;
      let aborted = false;
      const onAbort = () => {
        aborted = true;
        if (started) cmd.kill('SIGKILL');
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      const done = () => signal?.removeEventListener('abort', onAbort);
      cmd
        .on('start', () => {
          started = true;
          if (aborted) cmd.kill('SIGKILL');
        })
        .on('error', (err: Error, _stdout: string | null, stderr: string | null) => {
          done();
          if (aborted) return reject(abortError(signal));
          const tail = (stderr ?? '').trim().split('\n').slice(-3).join(' | ');
          reject(new Error(`ffmpeg failed: ${err.message}${tail ? ` (${tail})` : ''}`));
        })
        .on('end', (_stdout: string | null, stderr: string | null) => {
          done();
          if (aborted) return reject(abortError(signal));
          resolve(stderr ?? '');
        })
        .run();
    }).finally(() => clock?.clear());
  }

  /**
   * What a media file holds, read from `ffmpeg -i` (no ffprobe needed), for checking uploads: the first
   * video stream's size, whether a frame of it decodes, and the length the container declares (a WebM
   * recorded by a browser declares none: then the video stream is read through, copied, not decoded).
   * `durationMs` is null when neither tells. Throws when ffmpeg cannot read the file at all.
   */
  async probe(
    input: string,
    signal?: AbortSignal,
  ): Promise<{ durationMs: number | null; hasVideo: boolean; width: number | null; height: number | null }> {
    // one video frame decoded proves the stream is readable; the audio (mapped so an audio-only file still
    // has an output stream) is cut after a second
    const cmd = this.command()
      .input(input)
      .outputOptions(['-map', '0:v:0?', '-map', '0:a:0?', '-frames:v', '1', '-t', '1'])
      .format('null')
      .output('-');
    const stderr = await this.run(cmd, signal);
    // the input's description ends where the output's begins (whose streams are ffmpeg's own)
    const inputPart = stderr.split(/\n(?:Stream mapping:|Output #0)/)[0];
    const videoLine = [...inputPart.matchAll(/Stream #\d+:\d+[^\n]*?: Video: ([^\n]*)/g)]
      .map((m) => m[1])
      .find((line) => !line.includes('(attached pic)'));
    const size = videoLine ? /\b(\d{2,5})x(\d{2,5})\b/.exec(videoLine) : null;
    const frames = [...stderr.matchAll(/frame=\s*(\d+)/g)].at(-1);
    const hasVideo = !!videoLine && !!frames && Number(frames[1]) > 0;
    const seconds = (m: RegExpExecArray | RegExpMatchArray | null | undefined) =>
      m ? Math.round((Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3])) * 1000) : null;
    let durationMs = seconds(/Duration: (\d+):(\d+):(\d+(?:\.\d+)?)/.exec(inputPart));
    if (durationMs === null && hasVideo) {
      const copy = this.command()
        .input(input)
        .outputOptions(['-map', '0:v:0', '-c', 'copy'])
        .format('null')
        .output('-');
      const copied = await this.run(copy, signal);
      durationMs = seconds([...copied.matchAll(/time=(\d+):(\d+):(\d+(?:\.\d+)?)/g)].at(-1));
    }
    return {
      durationMs,
      hasVideo,
      width: size ? Number(size[1]) : null,
      height: size ? Number(size[2]) : null,
    };
  }

  // --- measured stream length (uploads): its own block, independent of the rest of the class ---

  /**
   * How long the file's streams really last, in ms: its first video and audio streams demuxed to null with
   * stream copy (no decoding, so fast even for a long file) and the last `time=` ffmpeg reports. The
   * container's declared length (mvhd, `Duration:`) is a claim an uploader writes; this is not. Null when
   * ffmpeg reports no time. Throws when ffmpeg cannot read the file.
   */
  async measureDurationMs(input: string, signal?: AbortSignal): Promise<number | null> {
    const cmd = this.command()
      .input(input)
      .outputOptions(['-map', '0:v:0?', '-map', '0:a:0?', '-c', 'copy'])
      .format('null')
      .output('-');
    const stderr = await this.run(cmd, signal);
    const last = [...stderr.matchAll(/time=(-?)(\d+):(\d+):(\d+(?:\.\d+)?)/g)].at(-1);
    if (!last || last[1] === '-') return null;
    return Math.round((Number(last[2]) * 3600 + Number(last[3]) * 60 + Number(last[4])) * 1000);
  }
}

function runs(binary: string): boolean {
  const res = spawnSync(binary, ['-version'], { stdio: 'ignore', timeout: 10_000 });
  return !res.error && res.status === 0;
}
