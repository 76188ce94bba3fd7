import { ApiProperty } from '@nestjs/swagger';

export class TtsSubjectResponse {
  @ApiProperty({ example: 'vagus-nerve' }) subject!: string;
  @ApiProperty({ description: 'lecture sections' }) sections!: number;
  @ApiProperty({ description: 'sections with audio' }) withAudio!: number;
  @ApiProperty({ description: 'sections whose audio is stale (their node changed since)' }) stale!: number;
}
