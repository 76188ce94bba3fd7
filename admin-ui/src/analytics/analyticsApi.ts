import { ADMIN_API_URL, httpClient } from '../providers/dataProvider';

export const ANALYTICS_URL = `${ADMIN_API_URL}/analytics`;

export interface ChallengeCount {
  challengeId: string;
  count: number;
}

/** `GET /api/admin/analytics`: every challenge, in content order, count 0 included. */
export interface ChallengeAnalytics {
  enrollments: ChallengeCount[];
  certificates: ChallengeCount[];
}

const counts = (value: unknown): ChallengeCount[] =>
  Array.isArray(value)
    ? value
        .filter((c): c is { challengeId: unknown; count: unknown } => typeof c === 'object' && c !== null)
        .map((c) => ({ challengeId: String(c.challengeId), count: typeof c.count === 'number' ? c.count : 0 }))
    : [];

export async function fetchAnalytics(): Promise<ChallengeAnalytics> {
  const { json } = await httpClient(ANALYTICS_URL);
  const body = (json ?? {}) as { enrollments?: unknown; certificates?: unknown };
  return { enrollments: counts(body.enrollments), certificates: counts(body.certificates) };
}
