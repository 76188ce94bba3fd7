import type { RaRecord, SortPayload } from 'react-admin';

import { ADMIN_API_URL, httpClient } from '../providers/dataProvider';

/** The react-admin resource of accounts: `/api/admin/users` (admin role). */
export const USERS = 'users';
/** The audit trail of admins' changes: `/api/admin/audit` (admin role). */
export const AUDIT = 'audit';

export const ADMIN_ROLE = 'admin';

/** Every role, in the order the Edit Roles dialog shows them. */
export const ROLES = ['learner', 'studio', 'admin', 'clinician'] as const;
export type Role = (typeof ROLES)[number];

/** The spec's default subject for the unlock selector. */
export const DEFAULT_UNLOCK_SUBJECT = 'metabolic';

export const NEWEST_FIRST: SortPayload = { field: 'createdAt', order: 'DESC' };
export const USERS_PER_PAGE = 25;
/** How many of a user's audit entries the access panel shows. */
export const RECENT_CHANGES = 10;

/** A row of `GET /api/admin/users`. */
export interface User extends RaRecord<string> {
  email: string;
  verified: boolean;
  roles: string[];
  createdAt: string;
}

export interface UserTag {
  tag: string;
  createdAt: string;
}

export interface UserUnlock {
  subjectId: string;
  moduleId: string;
  createdAt: string;
}

export type AuditAction = 'roles.set' | 'tag.add' | 'tag.remove' | 'unlock.add' | 'unlock.remove';

/** A row of `GET /api/admin/audit`. */
export interface AuditEntry extends RaRecord<string> {
  actorId: string;
  actorEmail: string | null;
  targetUserId: string;
  targetEmail: string | null;
  action: AuditAction | string;
  details: Record<string, unknown>;
  createdAt: string;
}

const userUrl = (userId: string) => `${ADMIN_API_URL}/${USERS}/${encodeURIComponent(userId)}`;

/** `PUT /api/admin/users/:id/roles {roles}`: the user's whole new set of roles. */
export const saveRoles = async (userId: string, roles: string[]): Promise<User> => {
  const { json } = await httpClient(`${userUrl(userId)}/roles`, { method: 'PUT', body: JSON.stringify({ roles }) });
  return json as User;
};

export const fetchTags = async (userId: string): Promise<UserTag[]> => {
  const { json } = await httpClient(`${userUrl(userId)}/tags`);
  return Array.isArray(json) ? (json as UserTag[]) : [];
};

export const addTag = async (userId: string, tag: string): Promise<UserTag> => {
  const { json } = await httpClient(`${userUrl(userId)}/tags`, { method: 'POST', body: JSON.stringify({ tag }) });
  return json as UserTag;
};

export const removeTag = async (userId: string, tag: string): Promise<void> => {
  await httpClient(`${userUrl(userId)}/tags`, { method: 'DELETE', body: JSON.stringify({ tag }) });
};

/** `GET /api/admin/users/:id/unlocks?subjectId=`: the user's unlocked modules of one subject. */
export const fetchUnlocks = async (userId: string, subjectId: string): Promise<UserUnlock[]> => {
  const { json } = await httpClient(`${userUrl(userId)}/unlocks?subjectId=${encodeURIComponent(subjectId)}`);
  return Array.isArray(json) ? (json as UserUnlock[]) : [];
};

export const addUnlock = async (userId: string, subjectId: string, moduleId: string): Promise<UserUnlock> => {
  const { json } = await httpClient(`${userUrl(userId)}/unlocks`, {
    method: 'POST',
    body: JSON.stringify({ subjectId, moduleId }),
  });
  return json as UserUnlock;
};

export const removeUnlock = async (userId: string, subjectId: string, moduleId: string): Promise<void> => {
  await httpClient(`${userUrl(userId)}/unlocks`, { method: 'DELETE', body: JSON.stringify({ subjectId, moduleId }) });
};

/** react-query keys of a user's access panel. */
export const accessKeys = {
  tags: (userId: string) => [USERS, userId, 'tags'] as const,
  unlocks: (userId: string, subjectId: string) => [USERS, userId, 'unlocks', subjectId] as const,
};

/** "3/4/26, 9:05 AM": the spec's US short date with hour and minute. */
export const formatWhen = (iso: string): string => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleString('en-US', { dateStyle: 'short', timeStyle: 'short' });
};

const list = (value: unknown): string => (Array.isArray(value) && value.length ? value.join(', ') : 'none');

/** One audit entry in words: "Roles: learner → learner, clinician", "Added tag vip", … */
export const describeChange = (entry: Pick<AuditEntry, 'action' | 'details'>): string => {
  const d = entry.details ?? {};
  switch (entry.action) {
    case 'roles.set':
      return `Roles: ${list(d.before)} → ${list(d.after)}`;
    case 'tag.add':
      return `Added tag ${String(d.tag)}`;
    case 'tag.remove':
      return `Removed tag ${String(d.tag)}`;
    case 'unlock.add':
      return `Unlocked ${String(d.moduleId)} (${String(d.subjectId)})`;
    case 'unlock.remove':
      return `Removed unlock ${String(d.moduleId)} (${String(d.subjectId)})`;
    default:
      return entry.action;
  }
};
