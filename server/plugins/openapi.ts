import type { SwaggerTransform } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorMessages } from './errors';

/** CONTRACT's error body, for a route that declares its error answers itself. */
export const errorSchema = z.object({
  message: z.string(),
  code: z.string(),
  details: z.record(z.string(), z.unknown()).optional(),
});

/** CONTRACT's error body, as every 4xx and 5xx answers it, in the document. */
const errorBody = {
  type: 'object',
  required: ['message', 'code'],
  properties: {
    message: { type: 'string' },
    code: { type: 'string' },
    details: {
      type: 'object',
      additionalProperties: true,
      description: 'field → what is wrong with it (422)',
    },
  },
};

const errorAnswer = (description: string) => ({
  description,
  content: { 'application/json': { schema: errorBody } },
});

/** `GET /api/users/:id` → `getUsersById`: one operationId per route, spelt from its method and path. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => (segment.startsWith(':') ? ['by', segment.slice(1)] : segment.split(/[-_.]/)));
  return method.toLowerCase() + words.map((word) => word[0].toUpperCase() + word.slice(1)).join('');
}

/**
 * The OpenAPI description of a route, from its zod schemas (`jsonSchemaTransform`), completed in
 * one place: an operationId, and CONTRACT's error answers the route can give (400 malformed body,
 * 401 and 403 when it needs a sign-in, 404 for a path naming a resource, 422 for input that fails
 * validation, 429 past a rate limit), unless the route lists its own.
 */
export const openApiTransform: SwaggerTransform = (document) => {
  const result = jsonSchemaTransform(document);
  const schema = result.schema as Record<string, unknown> & { hide?: boolean };
  if (schema.hide) return result;
  const { route, url } = document;
  const method = Array.isArray(route.method) ? route.method[0] : route.method;
  const input = document.schema as Record<string, unknown>;
  const signedIn = !(Array.isArray(input.security) && input.security.length === 0);
  const errors: Record<string, ReturnType<typeof errorAnswer>> = {};
  if (input.body) errors[400] = errorAnswer(errorMessages.malformed);
  if (signedIn) {
    errors[401] = errorAnswer(errorMessages.sessionExpired);
    errors[403] = errorAnswer(errorMessages.forbidden);
  }
  if (input.params) errors[404] = errorAnswer(errorMessages.notFound);
  if (input.body || input.querystring || input.params) errors[422] = errorAnswer(errorMessages.invalid);
  if (signedIn || url === '/api/auth/login') errors[429] = errorAnswer(errorMessages.tooMany);
  schema.operationId ??= operationIdOf(method, url);
  const declared = (schema.response ?? {}) as Record<string, unknown>;
  // a route that lists its own error answers knows them better
  if (!Object.keys(declared).some((status) => status.startsWith('4')))
    schema.response = { ...errors, ...declared };
  return result;
};
