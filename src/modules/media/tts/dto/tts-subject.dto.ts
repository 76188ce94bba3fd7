import { ApiProperty } from '@nestjs/swagger';
import type { TtsSubjectRecord } from '../tts.repository';

/** A subject as the spec's Studio names it ("an object with id … and name"), with its audio counts. */
export class TtsSubjectResponse {
  @ApiProperty({ example: 'vagus-nerve' }) id!: string;
  @ApiProperty({ example: 'Vagus Nerve', description: "the subject's name (its id when it has no catalog entry)" })
  name!: string;
  @ApiProperty({ description: 'lecture sections' }) sections!: number;
  @ApiProperty({ description: 'sections with audio' }) withAudio!: number;
  @ApiProperty({ description: 'sections whose audio is stale (their node changed since)' }) stale!: number;
}

export function toTtsSubjectResponse(row: TtsSubjectRecord, name: string | null): TtsSubjectResponse {
  return {
    id: row.subject,
    name: name ?? row.subject,
    sections: row.sections,
    withAudio: row.withAudio,
    stale: row.stale,
  };
}
