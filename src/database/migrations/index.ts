import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261121000000Auth } from './Migration20261121000000Auth';

/**
 * Listed explicitly (rather than discovered by file glob) so the same list runs from
 * compiled JavaScript in production and from TypeScript under jest.
 */
export const MIGRATIONS: MigrationObject[] = [
  { name: 'Migration20261121000000Auth', class: Migration20261121000000Auth },
];
