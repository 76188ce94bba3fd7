import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'isPublic';
/** Marks a handler or controller as reachable without a bearer token. */
export const Public = () => SetMetadata(IS_PUBLIC, true);
