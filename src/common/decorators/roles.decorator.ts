import { SetMetadata } from '@nestjs/common';

export const ROLES = ['learner', 'studio', 'admin', 'clinician'] as const;
export type Role = (typeof ROLES)[number];

export const ROLES_KEY = 'roles';
/** The caller needs at least one of these roles: `@Roles('studio')`. */
export const Roles = (...roles: Role[]) => SetMetadata(ROLES_KEY, roles);
