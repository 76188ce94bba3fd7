import {
  type ArgumentMetadata,
  BadRequestException,
  type Type,
  type ValidationError,
  ValidationPipe,
} from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validateSync, ValidateIf } from 'class-validator';

export const BODY_NOT_OBJECT_MESSAGE = 'The request body must be a JSON object';

function flatten(errors: ValidationError[], parent = ''): string[] {
  return errors.flatMap((e) => {
    const path = parent ? `${parent}.${e.property}` : e.property;
    const own = Object.values(e.constraints ?? {});
    return [...own, ...flatten(e.children ?? [], path)];
  });
}

/** Types a `@Body()` parameter may have that are not a DTO class (the pipe leaves them alone). */
const NOT_DTOS = new Set<unknown>([String, Boolean, Number, Array, Object, Buffer]);

/**
 * Nest's pipe reads a `null` body as `{}` (and a string or number body fails somewhere later, or not at all);
 * a body bound to a DTO class must be a JSON object, whatever the route.
 */
class ObjectBodyValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (
      metadata.type === 'body' &&
      typeof metadata.metatype === 'function' &&
      !NOT_DTOS.has(metadata.metatype) &&
      (value === null || typeof value !== 'object' || Array.isArray(value) || Buffer.isBuffer(value))
    ) {
      // no body at all (undefined) stays what it was: an empty DTO, for routes whose fields are all optional
      if (value !== undefined) throw new BadRequestException(BODY_NOT_OBJECT_MESSAGE);
    }
    return super.transform(value, metadata);
  }
}

/** The one global ValidationPipe: unknown fields are refused, known ones converted to their DTO types. */
export function createValidationPipe() {
  return new ObjectBodyValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    exceptionFactory: (errors) => invalid(errors),
  });
}

/**
 * `@IsOptional()` without `null`: the field may be left out, but a `null` is validated (and refused) by the
 * field's other rules, so a service that tells "absent" by `undefined` never receives a null.
 */
export function IsOptionalNotNull(): PropertyDecorator {
  return ValidateIf((_object, value) => value !== undefined);
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
