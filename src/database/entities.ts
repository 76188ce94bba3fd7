import { ASSESSMENT_ENTITIES } from '../modules/assessment/entities';
import { AUDIT_ENTITIES } from '../modules/audit/entities';
import { AUTH_ENTITIES } from '../modules/auth/entities';
import { CATALOG_ENTITIES } from '../modules/catalog/entities';
import { CHALLENGE_ENTITIES } from '../modules/challenges/entities';
import { GRAPH_ENTITIES } from '../modules/graph/entities';
import { JOBS_ENTITIES } from '../modules/jobs/entities';
import { MEDIA_ENTITIES } from '../modules/media/entities';
import { PRACTICE_ENTITIES } from '../modules/practice/entities';

/** Every entity of every module, for the ORM and the migration CLI. */
export const ENTITIES = [
  ...AUTH_ENTITIES,
  ...CATALOG_ENTITIES,
  ...GRAPH_ENTITIES,
  ...ASSESSMENT_ENTITIES,
  ...MEDIA_ENTITIES,
  ...CHALLENGE_ENTITIES,
  ...PRACTICE_ENTITIES,
  ...JOBS_ENTITIES,
  ...AUDIT_ENTITIES,
];
