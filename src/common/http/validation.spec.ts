import { BadRequestException } from '@nestjs/common';
import { IsObject, IsString } from 'class-validator';
import { BODY_NOT_OBJECT_MESSAGE, createValidationPipe, IsOptionalNotNull } from './validation';

class NoteDto {
  @IsString() text!: string;
}

class AssessDto {
  @IsOptionalNotNull()
  @IsObject({ message: 'submission must be an object' })
  submission?: Record<string, unknown>;
}

const pipe = createValidationPipe();
const body = (metatype: unknown, value: unknown) =>
  pipe.transform(value, { type: 'body', metatype: metatype as never, data: undefined });
const message = async (p: Promise<unknown>) => {
  const err = (await p.then(
    () => null,
    (e: unknown) => e,
  )) as BadRequestException | null;
  expect(err).toBeInstanceOf(BadRequestException);
  return (err!.getResponse() as { message: string }).message;
};

describe('the global ValidationPipe', () => {
  it.each([null, 'text', 42, true, [], [{ text: 'a' }]])('answers 400 for the body %j bound to a DTO', async (v) => {
    expect(await message(body(NoteDto, v))).toBe(BODY_NOT_OBJECT_MESSAGE);
    expect(await message(body(AssessDto, v))).toBe(BODY_NOT_OBJECT_MESSAGE);
  });

  it('takes a JSON object, and no body at all for a DTO whose fields are optional', async () => {
    expect(await body(NoteDto, { text: 'a' })).toBeInstanceOf(NoteDto);
    expect(await body(AssessDto, undefined)).toBeInstanceOf(AssessDto);
  });

  it('leaves query strings and non-DTO bodies to the usual rules', async () => {
    expect(await pipe.transform('7', { type: 'param', metatype: Number, data: 'n' })).toBe(7);
    expect(await body(Object, null)).toBeNull();
  });

  it('IsOptionalNotNull: a field may be left out, not sent as null', async () => {
    expect(await body(AssessDto, {})).toEqual({});
    expect(await body(AssessDto, { submission: { a: 'b' } })).toEqual({ submission: { a: 'b' } });
    expect(await message(body(AssessDto, { submission: null }))).toBe('submission must be an object');
  });
});
