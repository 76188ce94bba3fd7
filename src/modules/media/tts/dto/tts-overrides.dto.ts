import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  IsObject,
  registerDecorator,
  type ValidationArguments,
  type ValidationOptions,
  type ValidatorConstraintInterface,
} from 'class-validator';
import { MAX_OVERRIDE_TEXT, SECTION_ID, VOICE_ID } from './tts-fields';

const MAX_SECTIONS = 1000;

export class TtsOverrideEntry {
  @ApiPropertyOptional({ description: 'the text to speak instead of the section’s own' }) text?: string;
  @ApiPropertyOptional({ description: 'the voice for this section' }) voiceId?: string;
}

/** Why an overrides map is refused, or null. A plain map is not reached by whitelist, so every key is checked here. */
export function overridesProblem(value: unknown): string | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return 'overrides must be an object';
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length > MAX_SECTIONS) return `overrides may name at most ${MAX_SECTIONS} sections`;
  for (const [sectionId, entry] of entries) {
    if (!SECTION_ID.test(sectionId)) return `overrides: "${sectionId.slice(0, 40)}" is not a section id`;
    if (entry === null) continue;
    if (typeof entry !== 'object' || Array.isArray(entry)) return `overrides.${sectionId} must be an object or null`;
    for (const [key, v] of Object.entries(entry as Record<string, unknown>)) {
      if (key === 'text') {
        if (v === null || v === undefined) continue;
        if (typeof v !== 'string') return `overrides.${sectionId}.text must be a string`;
        if (v.length > MAX_OVERRIDE_TEXT)
          return `overrides.${sectionId}.text must be at most ${MAX_OVERRIDE_TEXT} characters`;
        if (/[\p{L}\p{N}]/u.test(v) === false && v.trim() !== '')
          return `overrides.${sectionId}.text has nothing to speak`;
      } else if (key === 'voiceId') {
        if (v === null || v === undefined || v === '') continue;
        if (typeof v !== 'string' || !VOICE_ID.test(v))
          return `overrides.${sectionId}.voiceId must be up to 100 letters, digits or _ . : + -`;
      } else {
        return `overrides.${sectionId}.${key.slice(0, 40)} should not exist`;
      }
    }
  }
  return null;
}

function IsOverridesMap(options?: ValidationOptions): PropertyDecorator {
  return (target, propertyName) => {
    const constraint: ValidatorConstraintInterface = {
      validate: (value: unknown) => overridesProblem(value) === null,
      defaultMessage: (args?: ValidationArguments) => overridesProblem(args?.value) ?? 'invalid overrides',
    };
    registerDecorator({
      target: target.constructor,
      propertyName: String(propertyName),
      options,
      validator: constraint,
    });
  };
}

export class PutTtsOverridesDto {
  @ApiProperty({
    type: 'object',
    additionalProperties: { $ref: '#/components/schemas/TtsOverrideEntry' },
    description:
      'every override of the subject, by section id (the call replaces them all); a section without text and voiceId, or null, has none',
    example: { 'vn-anatomy': { text: 'A shorter script.', voiceId: 'slt' } },
  })
  @IsObject()
  @IsOverridesMap()
  overrides!: Record<string, { text?: string | null; voiceId?: string | null } | null>;
}

export class TtsOverridesResponse {
  @ApiProperty({ type: 'object', additionalProperties: { $ref: '#/components/schemas/TtsOverrideEntry' } })
  overrides!: Record<string, TtsOverrideEntry>;
}
