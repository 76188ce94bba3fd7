import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  IsEmail,
  IsObject,
  IsOptional,
  IsString,
  MaxLength,
  MinLength,
  ValidateBy,
  type ValidationArguments,
  ValidateIf,
  ValidateNested,
} from 'class-validator';

const normaliseEmail = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim().toLowerCase() : value;

export class EmailDto {
  @ApiProperty({ example: 'learner@example.com' })
  @Transform(normaliseEmail)
  @IsEmail({}, { message: 'Please enter a valid email address.' })
  @MaxLength(254)
  email!: string;
}

export class CredentialsDto extends EmailDto {
  @ApiProperty({ minLength: 1, example: 'demo-password' })
  @IsString()
  @MinLength(1, { message: 'Password is required' })
  @MaxLength(256)
  password!: string;
}

export const NAME_MAX_LENGTH = 80;

/**
 * One line of visible plain text: no control or format characters (the invisible bidirectional and zero-width ones
 * could make a certificate's name read other than it is stored), no line or paragraph separators, no private-use or
 * unassigned code points.
 */
export const PLAIN_TEXT_NAME = /^[^\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Zl}\p{Zp}]*$/u;
/** Three or more combining marks left on one character after NFC composition is "Zalgo" text, not a name. */
const STACKED_MARKS = /\p{M}{3,}/u;

const trimName = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.normalize('NFC').trim() : value);

/** What is wrong with a (trimmed, NFC) display name, as the one message the caller sees; null when it is fine. */
export function nameProblem(value: unknown): string | null {
  if (typeof value !== 'string') return 'name must be a string';
  if ([...value].length > NAME_MAX_LENGTH) return `name must be at most ${NAME_MAX_LENGTH} characters`;
  if (!PLAIN_TEXT_NAME.test(value) || STACKED_MARKS.test(value)) return 'name must be plain text';
  // "" clears the name; anything else must show something
  if (value !== '' && !/[\p{L}\p{N}]/u.test(value)) return 'name must contain a letter or a digit';
  return null;
}

/** The name rules of register and PUT /api/me/profile, in one place: trimmed, then one clear message. */
function NameRules(): PropertyDecorator {
  const trim = Transform(trimName);
  const check = ValidateBy({
    name: 'displayName',
    validator: {
      validate: (value: unknown) => nameProblem(value) === null,
      defaultMessage: (args?: ValidationArguments) => nameProblem(args?.value) ?? 'name is invalid',
    },
  });
  return (target, key) => {
    trim(target, key);
    check(target, key as string);
  };
}

/** The course a visitor was buying when they chose to create an account (resumed after their first sign-in). */
export class PendingCheckoutDto {
  @ApiProperty({ example: 'vagus-nerve' })
  @IsString({ message: 'checkout.subjectId is required' })
  @MinLength(1, { message: 'checkout.subjectId is required' })
  @MaxLength(200)
  subjectId!: string;

  @ApiPropertyOptional({ example: 'price_vagus_nerve' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  priceId?: string;
}

/** Length and common-password rules are checked by the service so the message is the spec's. */
export class RegisterDto extends CredentialsDto {
  @ApiPropertyOptional({ maxLength: NAME_MAX_LENGTH, description: 'the name on certificates; trimmed, optional' })
  @IsOptional()
  @NameRules()
  name?: string;

  @ApiPropertyOptional({
    type: PendingCheckoutDto,
    description: 'stored for a new account only; its first sign-in answers it once as pendingCheckout',
  })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => PendingCheckoutDto)
  checkout?: PendingCheckoutDto;
}

export class UpdateProfileDto {
  @ApiProperty({
    type: String,
    nullable: true,
    maxLength: NAME_MAX_LENGTH,
    description: 'the name on certificates; null or "" clears it',
  })
  @ValidateIf((o: UpdateProfileDto) => o.name !== null)
  @NameRules()
  name!: string | null;
}

export class TokenDto {
  @ApiProperty()
  @IsString()
  @MinLength(20, { message: 'Invalid token' })
  @MaxLength(200, { message: 'Invalid token' })
  token!: string;
}

export class ResetPasswordDto extends TokenDto {
  @ApiProperty({ minLength: 6 })
  @IsString()
  @MaxLength(256)
  password!: string;
}
