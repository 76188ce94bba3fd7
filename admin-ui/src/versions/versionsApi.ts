import { httpClient } from '../providers/dataProvider';

export const STUDIO_API_URL = '/api/studio';
export const VERSIONS_URL = `${STUDIO_API_URL}/versions`;
export const VERSIONS_PUBLISH_URL = `${VERSIONS_URL}/publish`;
export const VERSIONS_RESET_URL = `${VERSIONS_URL}/reset`;

/** The subject the Versions screen and the editor open with when none is given. */
export const DEFAULT_SUBJECT = 'vagus-nerve';

/** A node touched by a version: the server lists node ids (an object with an id is accepted too). */
export interface ChangedNode {
  id: string;
  title?: string;
}

export interface Version {
  id: string;
  version: string;
  published: boolean;
  createdAt: string;
  changedNodes: ChangedNode[];
}

export interface VersionList {
  versions: Version[];
  hasOverlay: boolean;
}

const toChangedNode = (value: unknown): ChangedNode | null => {
  if (typeof value === 'string' && value.trim()) return { id: value };
  const node = value as { id?: unknown; nodeId?: unknown; title?: unknown } | null;
  if (typeof node !== 'object' || node === null) return null;
  const id = typeof node.id === 'string' ? node.id : typeof node.nodeId === 'string' ? node.nodeId : null;
  if (!id) return null;
  return { id, title: typeof node.title === 'string' && node.title.trim() ? node.title : undefined };
};

const toVersion = (value: unknown): Version | null => {
  const v = value as Record<string, unknown> | null;
  if (typeof v !== 'object' || v === null) return null;
  if (typeof v.version !== 'number' && typeof v.version !== 'string') return null;
  return {
    id: String(v.id ?? v.version),
    version: String(v.version),
    published: v.published !== false,
    createdAt: typeof v.createdAt === 'string' ? v.createdAt : '',
    changedNodes: Array.isArray(v.changedNodes)
      ? v.changedNodes.map(toChangedNode).filter((n): n is ChangedNode => n !== null)
      : [],
  };
};

/** `GET /api/studio/versions?subject=`: the versions, newest first, and whether a draft overlay exists. */
export const fetchVersions = async (subjectId: string): Promise<VersionList> => {
  const { json } = await httpClient(`${VERSIONS_URL}?subject=${encodeURIComponent(subjectId)}`);
  const body = json as { versions?: unknown; hasOverlay?: unknown } | undefined;
  if (!body || !Array.isArray(body.versions)) throw new Error('Unexpected answer from the versions endpoint');
  return {
    versions: body.versions.map(toVersion).filter((v): v is Version => v !== null),
    hasOverlay: body.hasOverlay === true,
  };
};

/** `POST /api/studio/versions/publish`: a new version from the overlay; resolves with its number. */
export const publishOverlay = async (subjectId: string): Promise<{ version?: string }> => {
  const { json } = await httpClient(VERSIONS_PUBLISH_URL, {
    method: 'POST',
    body: JSON.stringify({ subjectId }),
  });
  const version = (json as { version?: unknown } | undefined)?.version;
  return { version: typeof version === 'number' || typeof version === 'string' ? String(version) : undefined };
};

/** `POST /api/studio/versions/reset`: discards the overlay. */
export const resetOverlay = async (subjectId: string): Promise<void> => {
  await httpClient(VERSIONS_RESET_URL, {
    method: 'POST',
    body: JSON.stringify({ subjectId }),
  });
};

/** Dates in US short format with hour and minute, e.g. 3/14/26, 2:05 PM. */
export const formatVersionDate = (iso: string): string => {
  const date = new Date(iso);
  if (!iso || Number.isNaN(date.getTime())) return '';
  return date.toLocaleString('en-US', { dateStyle: 'short', timeStyle: 'short' });
};

/** The editor's address for one node of a subject, under the Studio base. */
export const editorPath = (nodeId: string, subjectId: string) =>
  `/editor/${encodeURIComponent(nodeId)}?subject=${encodeURIComponent(subjectId)}`;
