import { setFlagsFromString } from 'node:v8';

/** The old generation may grow to twice its live size between full collections (V8's default allows four times). */
export const HEAP_GROWING_PERCENT = 100;

/**
 * Keeps the API's heap close to what it holds. Under load V8 lets the old generation grow to about four
 * times its live size before a full collection; the API holds about 60 MB live and its garbage is
 * requests that outlived two scavenges, so RSS stood at 300–360 MB after the graph benchmark's load.
 * At twice the live size it stays near 230 MB, with throughput and p99 unchanged within the
 * benchmark's noise (bench/README.md). V8 reads the factor at every collection, so setting it at
 * start-up, before the app is built, is enough.
 */
export function limitHeapGrowth(percent = HEAP_GROWING_PERCENT): void {
  setFlagsFromString(`--heap-growing-percent=${percent}`);
}
