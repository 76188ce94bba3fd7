import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { NODE_ID_PATTERN } from './graph.dto';

export class BookmarksQuery {
  @ApiPropertyOptional({ example: 'vagus-nerve', description: 'only this subject; all subjects when left out' })
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  subjectId?: string;
}

export class BookmarkDto {
  @ApiProperty({ example: 'vagus-nerve' })
  @IsString({ message: 'subjectId is required' })
  @MinLength(1, { message: 'subjectId is required' })
  @MaxLength(200)
  subjectId!: string;

  @ApiProperty({ example: 'vn-anatomy' })
  @IsString({ message: 'nodeId is required' })
  @Matches(NODE_ID_PATTERN, { message: 'nodeId is not a topic id' })
  nodeId!: string;
}

export interface BookmarkResponse {
  id: string;
  subjectId: string;
  nodeId: string;
  nodeTitle: string;
  nodeCategory: string;
  createdAt: string;
}
