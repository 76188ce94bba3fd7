/** PCM format of a WAV file: what its duration and a concatenation depend on. */
export interface WavFormat {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
}

export interface WavInfo extends WavFormat {
  /** where the sample data starts in the file */
  dataOffset: number;
  /** bytes of sample data */
  dataBytes: number;
  durationMs: number;
}

/**
 * Reads a RIFF/WAVE header. The duration is data bytes / byte rate, exact to the sample, so sentence
 * timings need no ffprobe. Engines that stream (size fields 0 or 0xFFFFFFFF) get the bytes that are there.
 */
export function readWavInfo(buf: Buffer): WavInfo {
  if (buf.length < 12 || buf.toString('ascii', 0, 4) !== 'RIFF' || buf.toString('ascii', 8, 12) !== 'WAVE')
    throw new Error('not a WAV file');
  let format: WavFormat | undefined;
  let offset = 12;
  while (offset + 8 <= buf.length) {
    const id = buf.toString('ascii', offset, offset + 4);
    const size = buf.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') {
      format = {
        channels: buf.readUInt16LE(body + 2),
        sampleRate: buf.readUInt32LE(body + 4),
        bitsPerSample: buf.readUInt16LE(body + 14),
      };
    } else if (id === 'data') {
      if (!format) throw new Error('WAV data before its format');
      const available = buf.length - body;
      const dataBytes = size === 0 || size > available ? available : size;
      const byteRate = format.sampleRate * format.channels * (format.bitsPerSample / 8);
      if (!byteRate) throw new Error('WAV with a zero byte rate');
      return { ...format, dataOffset: body, dataBytes, durationMs: (dataBytes / byteRate) * 1000 };
    }
    offset = body + size + (size % 2);
  }
  throw new Error('WAV without a data chunk');
}

/** A canonical 44-byte WAV header in front of raw little-endian PCM. */
export function pcmToWav(pcm: Buffer, format: WavFormat): Buffer {
  const header = Buffer.alloc(44);
  const blockAlign = format.channels * (format.bitsPerSample / 8);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + pcm.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // integer PCM
  header.writeUInt16LE(format.channels, 22);
  header.writeUInt32LE(format.sampleRate, 24);
  header.writeUInt32LE(format.sampleRate * blockAlign, 28);
  header.writeUInt16LE(blockAlign, 32);
  header.writeUInt16LE(format.bitsPerSample, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(pcm.length, 40);
  return Buffer.concat([header, pcm]);
}
