import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { NODE_ID_PATTERN } from '../structure/dto/topic-ref.dto';

export class GraphQuery {
  @ApiProperty({ description: 'subject id, name or title', example: 'vagus-nerve' })
  @IsString({ message: 'subject is required' })
  @MinLength(1, { message: 'subject is required' })
  @MaxLength(200)
  subject!: string;
}

export class NodeDetailQuery extends GraphQuery {
  @ApiPropertyOptional({ enum: ['overlay'], description: 'studio only: show the draft overlay' })
  @IsOptional()
  @IsIn(['overlay'], { message: 'preview must be overlay' })
  preview?: 'overlay';
}

export class NodeIdParam {
  // without it the document's /api/graph/nodes/{id} declares no `id` parameter
  @ApiProperty({ description: 'the topic id', example: 'vn-anatomy' })
  @IsString()
  @Matches(NODE_ID_PATTERN, { message: 'not a topic id' })
  id!: string;
}

/** `?subjectId=` on the caller's own lists (notes, bookmarks): one subject, or all when left out. */
export class OptionalSubjectQuery {
  @ApiPropertyOptional({ example: 'vagus-nerve', description: 'only this subject; all subjects when left out' })
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  subjectId?: string;
}
