import { BadRequestException, type Type, type ValidationError, ValidationPipe } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';

function flatten(errors: ValidationError[], parent = ''): string[] {
  return errors.flatMap((e) => {
    const path = parent ? `${parent}.${e.property}` : e.property;
    const own = Object.values(e.constraints ?? {});
    return [...own, ...flatten(e.children ?? [], path)];
  });
}

/** The one global ValidationPipe: unknown fields are refused, known ones converted to their DTO types. */
export function createValidationPipe() {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    exceptionFactory: (errors) => invalid(errors),
  });
}

const invalid = (errors: ValidationError[]) => new BadRequestException(flatten(errors).join('; ') || 'Invalid request');

/**
 * What the global pipe does to a DTO parameter, for a value read by a custom parameter decorator
 * (which the pipe skips): same options, same 400. Returns the transformed instance.
 */
export function validateDto<T extends object>(dto: Type<T>, value: unknown): T {
  const instance = plainToInstance(dto, value ?? {});
  const errors = validateSync(instance, { whitelist: true, forbidNonWhitelisted: true });
  if (errors.length) throw invalid(errors);
  return instance;
}
