import type { SwaggerTransform } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type ErrorCode,
  type ErrorCodeOf,
  errorCodes,
  errorStatuses,
  fieldErrorCodes,
} from '../../streams/http/error-codes';
import { needOf } from './auth';
import { errorMessages } from './errors';

/** CONTRACT's error body, for every 4xx and 5xx; its codes are the one catalogue's. */
export const errorSchema = z.object({
  message: z.string().describe("the server's sentence in English, for a code a client does not know"),
  code: z.enum(errorCodes).describe('the refusal, from streams/http/error-codes.ts'),
  params: z
    .record(z.string(), z.unknown())
    .optional()
    .describe("what a sentence about the refusal needs (ErrorParamsByCode of the code's)"),
  details: z
    .record(z.string(), z.string())
    .optional()
    .describe('field → what is wrong with it, in English (422)'),
  fields: z
    .record(
      z.string(),
      z.object({ code: z.enum(fieldErrorCodes), params: z.record(z.string(), z.unknown()).optional() }),
    )
    .optional()
    .describe('field → the code of what is wrong with it and its params (422)'),
});
/** The error answers of `statuses`, for a route that lists its own (the document then adds none). */
export const errorAnswers = (...statuses: (401 | 403 | 404 | 409 | 422)[]) =>
  Object.fromEntries(statuses.map((status) => [status, errorSchema]));

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The 409 refusals the route can answer: its OpenAPI document lists them. */
    conflicts?: readonly ErrorCodeOf<409>[];
  }
}

const errorBodies = new Map<string, unknown>();
/** The error body whose `code` is one of `codes`. */
function errorBodyOf(codes: readonly ErrorCode[]): unknown {
  const key = codes.join();
  if (!errorBodies.has(key)) {
    const code = z.enum(codes as [ErrorCode, ...ErrorCode[]]);
    errorBodies.set(key, z.toJSONSchema(errorSchema.extend({ code }), { target: 'openapi-3.0' }));
  }
  return errorBodies.get(key);
}

const answer = (codes: readonly ErrorCode[], description: string) => ({
  description,
  content: { 'application/json': { schema: errorBodyOf(codes) } },
});
/** The answer of one status: its `code` one of that status's codes. */
const errorAnswer = (status: number, description: string) =>
  answer(
    errorCodes.filter((code) => errorStatuses[code] === status),
    description,
  );

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
 * validation, 429 past a rate limit), unless the route lists its own; and the 409 refusals its
 * `config.conflicts` names; what it needs of the caller (`x-permission`, from the API's policy),
 * and no bearer token where it needs none.
 */
export const openApiTransform: SwaggerTransform = (document) => {
  const result = jsonSchemaTransform(document);
  const schema = result.schema as Record<string, unknown> & { hide?: boolean };
  if (schema.hide) return result;
  const { route, url } = document;
  const method = Array.isArray(route.method) ? route.method[0] : route.method;
  const input = document.schema as Record<string, unknown>;
  const need = needOf(method, url);
  // what the operation needs, from the API's policy (an administrator may call every one)
  if (need !== undefined) schema['x-permission'] = need;
  const signedIn = need !== 'anyone' && need !== 'token-in-query';
  if (!signedIn) schema.security = [];
  const errors: Record<string, ReturnType<typeof errorAnswer>> = {};
  if (input.body) errors[400] = errorAnswer(400, errorMessages.malformed);
  if (signedIn) {
    errors[401] = errorAnswer(401, errorMessages.sessionExpired);
    errors[403] = errorAnswer(403, errorMessages.forbidden);
  }
  if (input.params) errors[404] = errorAnswer(404, errorMessages.notFound);
  if (input.body || input.querystring || input.params) errors[422] = errorAnswer(422, errorMessages.invalid);
  if (signedIn || url === '/api/auth/login') errors[429] = errorAnswer(429, errorMessages.tooMany);
  schema.operationId ??= operationIdOf(method, url);
  const declared = (schema.response ?? {}) as Record<string, unknown>;
  // a route that lists its own error answers knows them better
  if (!Object.keys(declared).some((status) => status.startsWith('4')))
    schema.response = { ...errors, ...declared };
  const conflicts = route.config?.conflicts;
  if (conflicts && conflicts.length > 0) {
    const response = (schema.response ?? {}) as Record<string, unknown>;
    schema.response = { ...response, 409: answer(conflicts, 'a refusal naming the conflict') };
  }
  return result;
};
