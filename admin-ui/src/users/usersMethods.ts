import type { Schema } from '@lp/api-types';

import { callApi } from '../providers/apiCall';

/** A row of the `users` resource (`GET /api/admin/users`). */
export type User = Schema<'UserResponse'>;
export type Role = User['roles'][number];
/** A row of the `audit` resource (`GET /api/admin/audit`): an admin's change to a user's access. */
export type AuditEntry = Schema<'AuditEntryResponse'>;
export type Unlock = Schema<'UnlockDto'>;

const user = (userId: string) => ({ path: { id: userId } });

/** The Users screen's calls beyond its `users` and `audit` resources (admin role): roles, tags, unlocks. */
export const usersMethods = {
  /** `PUT /api/admin/users/{id}/roles`: the user's whole new set of roles; answers the user. */
  setRoles: (userId: string, roles: Role[]) =>
    callApi('put', '/api/admin/users/{id}/roles', { ...user(userId), body: { roles } }),

  /** `GET /api/admin/users/{id}/tags`, oldest first. */
  tags: (userId: string) => callApi('get', '/api/admin/users/{id}/tags', user(userId)),

  addTag: (userId: string, tag: string) =>
    callApi('post', '/api/admin/users/{id}/tags', { ...user(userId), body: { tag } }),

  /** `PUT /api/admin/users/{id}/tags`: shows the tag to the learner (`GET /api/me/tags`) or hides it. */
  setTagVisibility: (userId: string, tag: string, learnerVisible: boolean) =>
    callApi('put', '/api/admin/users/{id}/tags', { ...user(userId), body: { tag, learnerVisible } }),

  removeTag: (userId: string, tag: string) =>
    callApi('delete', '/api/admin/users/{id}/tags', { ...user(userId), body: { tag } }),

  /** `GET /api/admin/users/{id}/unlocks?subjectId=`: the user's unlocked modules of one subject. */
  unlocks: (userId: string, subjectId: string) =>
    callApi('get', '/api/admin/users/{id}/unlocks', { ...user(userId), query: { subjectId } }),

  addUnlock: (userId: string, unlock: Unlock) =>
    callApi('post', '/api/admin/users/{id}/unlocks', { ...user(userId), body: unlock }),

  removeUnlock: (userId: string, unlock: Unlock) =>
    callApi('delete', '/api/admin/users/{id}/unlocks', { ...user(userId), body: unlock }),
};
