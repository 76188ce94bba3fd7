import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsNotEmpty, IsString, IsUrl, MaxLength } from 'class-validator';

export class CrawlDto {
  @ApiProperty({ example: 'vagus-nerve' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  subjectId!: string;

  @ApiProperty({
    type: [String],
    example: ['https://en.wikipedia.org/wiki/Vagus_nerve'],
    description: '1 to 50 http(s) URLs',
  })
  @IsArray()
  @ArrayMinSize(1, { message: 'urls must list at least 1 URL' })
  @ArrayMaxSize(50, { message: 'urls must list at most 50 URLs' })
  @MaxLength(2000, { each: true })
  @IsUrl(
    { protocols: ['http', 'https'], require_protocol: true, require_tld: false },
    { each: true, message: 'each of urls must be an http(s) URL' },
  )
  urls!: string[];
}

export class CrawlFailureResponse {
  @ApiProperty() url!: string;
  @ApiProperty({ example: 'disallowed by robots.txt' }) reason!: string;
}

export class CrawlResponse {
  @ApiProperty() jobId!: string;
  @ApiProperty({ description: 'pages fetched and indexed' }) indexed!: number;
  @ApiProperty({ description: 'passages written for those pages' }) passages!: number;
  @ApiProperty({ type: [CrawlFailureResponse] }) failed!: CrawlFailureResponse[];
}
