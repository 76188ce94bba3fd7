import { ApiProperty } from '@nestjs/swagger';

// ---- responses -------------------------------------------------------------------------------------

export class TagsResponse {
  @ApiProperty({ type: [String], example: ['calm-starter'] }) tags!: string[];
}

export function toTagsResponse(tags: string[]): TagsResponse {
  return { tags };
}
