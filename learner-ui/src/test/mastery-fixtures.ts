import type { MasteryDetail, ReadyTopic, SkillMastery } from '../api';

/*
 * GET /api/users/me/mastery answers, typed from the OpenAPI document: the map and the skill rows
 * come from the same rows on the server, so a fixture builds both from one list.
 */

export function skill(
  subjectId: string,
  name: string,
  kind: SkillMastery['kind'],
  score: number,
  attempts = 0,
  correct = 0,
): SkillMastery {
  return {
    subjectId,
    skillId: `${subjectId}:${name}`,
    name,
    kind,
    score,
    attempts,
    correct,
    updatedAt: '2026-03-01T00:00:00.000Z',
  };
}

/** The caller's mastery from its skill rows (`mastery` maps each row's name to its score). */
export function masteryAnswer(skills: SkillMastery[] = [], readyToLearn?: ReadyTopic[]): MasteryDetail {
  return {
    mastery: Object.fromEntries(skills.map((s) => [s.name, s.score])),
    skills,
    ...(readyToLearn ? { readyToLearn } : {}),
  };
}

/** Topics of one subject with their scores, as skill rows. */
export function topicSkills(subjectId: string, scores: Record<string, number>): SkillMastery[] {
  return Object.entries(scores).map(([name, score]) => skill(subjectId, name, 'topic', score));
}

export function readyTopic(id: string, title: string, level: number): ReadyTopic {
  return { id, title, moduleId: 'foundations', moduleTitle: 'Anatomy & Foundations', level };
}
