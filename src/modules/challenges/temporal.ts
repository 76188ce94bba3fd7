import type { Temporal as TemporalApi } from 'temporal-polyfill' with { 'resolution-mode': 'import' };

/**
 * The Temporal API (temporal-polyfill), loaded in this one place. The package ships ES modules only:
 * Node (>= 20.19, our engines) loads them through require(), but TypeScript's `module: node16` refuses
 * a static import of one from CommonJS code. So the types come from a type-only import and the value
 * from require(). (Jest transforms the package to CommonJS: see jest.config.js.)
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const Temporal = (require('temporal-polyfill') as { Temporal: typeof TemporalApi }).Temporal;
export type ZonedDateTime = TemporalApi.ZonedDateTime;
export type PlainDate = TemporalApi.PlainDate;
