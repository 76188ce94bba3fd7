import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

/**
 * A real, short mp4 (ffmpeg-made: 2 s of a 64x48 test picture and a tone) whose movie header (`mvhd`) is
 * patched to claim `claimedHours`: the container says one length, the streams another. What an uploader
 * who wants a long-lived signed URL, or an integer overflow in the duration column, would send.
 */
export function writeLyingMp4(ffmpegBinary: string, out: string, claimedHours: number, seconds = 2): void {
  execFileSync(ffmpegBinary, [
    ...['-v', 'error', '-nostdin', '-y'],
    ...['-f', 'lavfi', '-i', `testsrc=size=64x48:rate=5:duration=${seconds}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
    ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', '-f', 'mp4'],
    out,
  ]);
  const bytes = readFileSync(out);
  const at = bytes.indexOf(Buffer.from('mvhd'));
  if (at < 0) throw new Error('no mvhd box in the ffmpeg-made mp4');
  // after the type: version (1 byte) and flags (3); version 0 has 32-bit times, version 1 64-bit ones
  const version = bytes[at + 4];
  const timescaleAt = at + 8 + (version === 1 ? 16 : 8);
  const timescale = bytes.readUInt32BE(timescaleAt);
  const claimed = Math.round(claimedHours * 3600 * timescale);
  if (version === 1) bytes.writeBigUInt64BE(BigInt(claimed), timescaleAt + 4);
  else {
    if (claimed > 0xffffffff)
      throw new Error(`${claimedHours} h does not fit a version-0 mvhd at timescale ${timescale}`);
    bytes.writeUInt32BE(claimed, timescaleAt + 4);
  }
  writeFileSync(out, bytes);
}
