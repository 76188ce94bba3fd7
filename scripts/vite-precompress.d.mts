import type { Plugin } from 'vite';

/** Writes `<file>.br` and `<file>.gz` next to each compressible file of at least 1 KiB under `dir`. */
export function precompressDir(dir: string): Promise<number>;
/** Vite plugin: precompresses the build output once it is written. */
export function precompress(): Plugin;
