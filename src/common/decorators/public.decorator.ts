import { applyDecorators, SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'isPublic';
/** Marks a handler or controller as reachable without a bearer token. */
export const Public = () => SetMetadata(IS_PUBLIC, true);

export const OPTIONAL_USER = 'optionalUser';
/**
 * Public, but a bearer token, when one is sent, is checked like anywhere else and its user is put on
 * the request (`@CurrentUser()`; undefined when signed out). A bad or expired token is a 401, not a
 * silent downgrade to anonymous, so the client refreshes it.
 */
export const PublicWithOptionalUser = () => applyDecorators(Public(), SetMetadata(OPTIONAL_USER, true));
