import { api } from './client';
import type { OkResponse, QueryParams, Schema } from '@lp/api-types';

/**
 * GET /api/users/me/mastery: the caller's mastery by skill title, the per-skill rows and, for one
 * subject, the topics ready to learn.
 */
export type MasteryDetail = OkResponse<'/api/users/me/mastery', 'get'>;

/** Skill (topic or module) title → mastery 0..1. */
export type MasteryMap = MasteryDetail['mastery'];

export type SkillMastery = Schema<'SkillMasteryResponse'>;

/** A topic on the outer fringe of the learner's knowledge: prerequisites mastered, itself not yet. */
export type ReadyTopic = Schema<'ReadyTopicResponse'>;

export const masteryApi = {
  /** GET /api/users/me/mastery?subjectId= (signed in; the caller's own data, `readyToLearn` only with a subject). */
  get: (subjectId?: string | null) =>
    api.get<MasteryDetail>('/api/users/me/mastery', {
      query: { subjectId: subjectId || undefined } satisfies QueryParams<'/api/users/me/mastery', 'get'>,
    }),
  /** The mastery map alone, over every subject. */
  me: async (): Promise<MasteryMap> => (await masteryApi.get()).mastery,
};
