import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsString, MaxLength, MinLength } from 'class-validator';

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

/** Length and common-password rules are checked by the service so the message is the spec's. */
export class RegisterDto extends CredentialsDto {}

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
