import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { SECTION_ID, TTS_FORMATS, TTS_PROVIDERS, VOICE_ID, VOICE_ID_MESSAGE } from './tts-fields';

export class SynthesizeDto {
  @ApiProperty({ example: 'vagus-nerve' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  subject!: string;

  @ApiProperty({ example: 'vn-anatomy' })
  @IsString()
  @Matches(SECTION_ID, { message: 'sectionId must be a lecture section id' })
  sectionId!: string;

  @ApiPropertyOptional({
    enum: TTS_PROVIDERS,
    default: 'elevenlabs',
    description: 'elevenlabs falls back to the local engine when the server has no ElevenLabs key',
  })
  @IsOptional()
  @IsIn(TTS_PROVIDERS)
  provider?: (typeof TTS_PROVIDERS)[number];

  @ApiPropertyOptional({ description: "the engine's voice (flite: slt, espeak-ng: en-us, ElevenLabs: a voice id)" })
  @IsOptional()
  @IsString()
  @Matches(VOICE_ID, { message: VOICE_ID_MESSAGE })
  voiceId?: string;

  @ApiPropertyOptional({ enum: TTS_FORMATS, default: 'mp3' })
  @IsOptional()
  @IsIn(TTS_FORMATS)
  format?: (typeof TTS_FORMATS)[number];
}

export class SynthesizeResponse {
  @ApiProperty({ description: 'a signed, expiring URL of the mp3' }) url!: string;
  @ApiProperty() sectionId!: string;
  @ApiProperty({ enum: TTS_PROVIDERS, description: 'the provider used (after a fallback)' }) provider!: string;
  @ApiProperty({ description: 'the current audio already matched the text, provider and voice' }) skipped!: boolean;
}
