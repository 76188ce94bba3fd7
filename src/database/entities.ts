import { AUTH_ENTITIES } from '../modules/auth/entities';

/** Every entity of every module, for the ORM and the migration CLI. */
export const ENTITIES = [...AUTH_ENTITIES];
