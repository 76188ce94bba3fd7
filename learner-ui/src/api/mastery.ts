import { api } from './client';

/** Skill name → mastery score 0..1. */
export type MasteryMap = Record<string, number>;

/**
 * `{ mastery: { skill: score } }`, a bare map, or rows of `{ skill_name, mastery_score }`.
 * Non-numeric scores are dropped.
 */
export function normalizeMastery(data: unknown): MasteryMap {
  const out: MasteryMap = {};
  if (!data || typeof data !== 'object') return out;
  const inner = (data as Record<string, unknown>).mastery;
  const source: unknown = inner !== undefined ? inner : data;
  if (Array.isArray(source)) {
    for (const row of source) {
      if (!row || typeof row !== 'object') continue;
      const r = row as Record<string, unknown>;
      const skill = r.skill_name ?? r.skill;
      const score = r.mastery_score ?? r.score;
      if (typeof skill === 'string' && typeof score === 'number' && Number.isFinite(score)) out[skill] = score;
    }
    return out;
  }
  if (!source || typeof source !== 'object') return out;
  for (const [skill, score] of Object.entries(source as Record<string, unknown>)) {
    if (typeof score === 'number' && Number.isFinite(score)) out[skill] = score;
  }
  return out;
}

export const masteryApi = {
  /** GET /api/users/me/mastery (signed in). */
  me: async (): Promise<MasteryMap> => normalizeMastery(await api.get<unknown>('/api/users/me/mastery')),
};
