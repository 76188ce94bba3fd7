import { applyDecorators, type Type } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, getSchemaPath } from '@nestjs/swagger';

/**
 * Declares a 200 answered as `application/x-ndjson`: one JSON event per line, each event one of
 * `events` (classes whose `type` property is an enum), told apart by `type`. The document then
 * describes each line's schema, which a generated client can narrow on, instead of an opaque string.
 */
export function ApiNdjsonResponse(
  description: string,
  events: Record<string, Type<unknown>>,
): MethodDecorator & ClassDecorator {
  const models = [...new Set(Object.values(events))];
  return applyDecorators(
    ApiExtraModels(...models),
    ApiOkResponse({
      description,
      content: {
        'application/x-ndjson': {
          schema: {
            oneOf: models.map((m) => ({ $ref: getSchemaPath(m) })),
            discriminator: {
              propertyName: 'type',
              mapping: Object.fromEntries(Object.entries(events).map(([type, m]) => [type, getSchemaPath(m)])),
            },
          },
        },
      },
    }),
  );
}
