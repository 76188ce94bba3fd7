import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsDivisibleBy,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { JOB_ID, JOB_ID_MESSAGE } from '../../tts/dto/tts-fields';

export const DEFAULT_WIDTH = 1280;
export const DEFAULT_HEIGHT = 720;

/** A cleared field (empty string or null) means the default size. */
const clearedIsDefault = ({ value }: { value: unknown }) => (value === '' || value === null ? undefined : value);

export class VideoRenderDto {
  @ApiProperty({ example: 'vagus-nerve' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  subject!: string;

  @ApiPropertyOptional({ default: DEFAULT_WIDTH, minimum: 160, maximum: 3840, description: 'pixels, even' })
  @Transform(clearedIsDefault)
  @IsOptional()
  @IsInt({ message: 'width must be a whole number of pixels' })
  @Min(160)
  @Max(3840)
  @IsDivisibleBy(2, { message: 'width must be an even number (H.264 in yuv420p)' })
  width?: number;

  @ApiPropertyOptional({ default: DEFAULT_HEIGHT, minimum: 90, maximum: 2160, description: 'pixels, even' })
  @Transform(clearedIsDefault)
  @IsOptional()
  @IsInt({ message: 'height must be a whole number of pixels' })
  @Min(90)
  @Max(2160)
  @IsDivisibleBy(2, { message: 'height must be an even number (H.264 in yuv420p)' })
  height?: number;

  @ApiPropertyOptional({
    default: false,
    description: 'draw the captions into the picture instead of a WebVTT sidecar',
  })
  @IsOptional()
  @IsBoolean()
  burnCaptions?: boolean;

  @ApiPropertyOptional({
    example: 'video-3f1c2b9e',
    description: 'the run’s id: a second call with the same id follows the same run; cancel by it',
  })
  @IsOptional()
  @IsString()
  @Matches(JOB_ID, { message: JOB_ID_MESSAGE })
  jobId?: string;
}

export class VideoCancelDto {
  @ApiProperty({ example: 'video-3f1c2b9e' })
  @IsString()
  @Matches(JOB_ID, { message: JOB_ID_MESSAGE })
  jobId!: string;
}

export class VideoCancelResponse {
  @ApiProperty({ description: 'false when the run had ended already' })
  cancelled!: boolean;
}
