import type { FastifyInstance } from 'fastify';
import { fieldError, invalid, refuse } from './errors';
import { textMessages } from './text';

/**
 * How deep a request body may nest arrays and objects. No client body comes near it; a document
 * nested thousands of levels deep would overflow the stack of every recursive walk after the parse
 * (validation, the NUL check, serialising it for jsonb) and answer 500.
 */
export const maxJsonDepth = 32;

/** 400 for a body nested deeper than {@link maxJsonDepth}. */
const nestedTooDeep = () =>
  refuse('BODY_TOO_DEEP', `Request body nests deeper than ${maxJsonDepth} levels`, {
    maxDepth: maxJsonDepth,
  });

/** How deep `text` (JSON) nests, counting brackets outside strings; stops counting past `limit`. */
export function jsonDepth(text: string, limit = maxJsonDepth): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      // a backslash escapes the next character
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth++;
      if (depth > deepest) deepest = depth;
      if (deepest > limit) return deepest;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return deepest;
}

/**
 * The path (`a.0.b`, `''` for the root) of the first string or key in `value` that is not
 * well-formed UTF-16 (a lone surrogate, which `"\ud800"` in JSON gives): PostgreSQL refuses it in
 * jsonb and turns it into U+FFFD in text. Undefined when there is none.
 */
export function malformedTextPath(value: unknown, path: string[] = []): string | undefined {
  if (typeof value === 'string') return value.isWellFormed() ? undefined : path.join('.');
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (!key.isWellFormed()) return [...path, key].join('.');
    const found = malformedTextPath(item, [...path, key]);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * Replaces Fastify's JSON body parser with the same parser (prototype poisoning refused) behind two
 * checks, so no route sees such a body: nesting deeper than {@link maxJsonDepth} answers 400
 * before parsing, and a lone surrogate in any string or key answers 422 naming the field.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (jsonDepth(text) > maxJsonDepth) {
      done(nestedTooDeep(), undefined);
      return;
    }
    parse(request, text, (error, json) => {
      if (error) {
        done(error, undefined);
        return;
      }
      const path = malformedTextPath(json);
      if (path === undefined) done(null, json);
      else
        done(
          invalid({ [path || 'body']: fieldError('TEXT_NOT_WELL_FORMED', textMessages.surrogate) }),
          undefined,
        );
    });
  });
}
