import { ApiProperty } from '@nestjs/swagger';
import type { Achievement, AchievementKind } from '../../auth/user-data/achievements';

// Keyed by the type, so a kind added to it without being added here fails to compile.
const ACHIEVEMENT_KINDS = Object.keys({
  post_test_passed: true,
  module_mastered: true,
  staff: true,
} satisfies Record<AchievementKind, true>);

export class AchievementResponse {
  @ApiProperty({ example: 'vagus-nerve:foundations-mastered' }) tag!: string;
  @ApiProperty({ example: 'Anatomy & Foundations mastered', description: 'readable; a staff tag as staff wrote it' })
  label!: string;
  @ApiProperty({ type: String, nullable: true, example: 'vagus-nerve', description: 'null for a staff tag' })
  subjectId!: string | null;
  @ApiProperty({ enum: ACHIEVEMENT_KINDS }) kind!: AchievementKind;
}

/** The learner-visible tags: `tags` their readable labels (the spec's list), `achievements` the detail. */
export class TagsResponse {
  @ApiProperty({ type: [String], example: ['Anatomy & Foundations mastered', 'Vagus Nerve post test passed'] })
  tags!: string[];
  @ApiProperty({ type: [AchievementResponse], description: 'oldest first' })
  achievements!: AchievementResponse[];
}

export function toTagsResponse(achievements: Achievement[]): TagsResponse {
  return {
    tags: achievements.map((a) => a.label),
    achievements: achievements.map((a) => ({ tag: a.tag, label: a.label, subjectId: a.subjectId, kind: a.kind })),
  };
}
