import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength, MinLength } from 'class-validator';

export class UnlocksQuery {
  @ApiProperty({ example: 'vagus-nerve' })
  @IsString({ message: 'subjectId is required' })
  @MinLength(1, { message: 'subjectId is required' })
  @MaxLength(200)
  subjectId!: string;
}

// ---- responses -------------------------------------------------------------------------------------

/** The spec calls an unlock `{subjectId, moduleId}` per row; this answer groups a subject's rows. */
export class UnlocksResponse {
  @ApiProperty({ example: 'vagus-nerve' }) subjectId!: string;
  @ApiProperty({ type: [String], description: 'module ids unlocked for the caller, in course order' })
  modules!: string[];
}

export function toUnlocksResponse(unlocks: { subjectId: string; modules: string[] }): UnlocksResponse {
  return { subjectId: unlocks.subjectId, modules: unlocks.modules };
}
