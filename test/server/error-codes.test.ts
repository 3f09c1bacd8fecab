import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorCodes, fieldErrorCodes } from '../../streams/http/error-codes';

/** Every TypeScript file under `dir` that is not a test. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

const server = sources('server')
  .map((path) => readFileSync(path, 'utf8'))
  .join('\n');
/** The codes the server's source refuses with: the first argument of every refusal it builds. */
const thrown = new Set(
  [...server.matchAll(/\b(?:refuse|fieldError|new HttpError)\(\s*'([A-Z][A-Z0-9_]*)'/g)].map(
    (match) => match[1],
  ),
);

describe('the one error catalogue (streams/http/error-codes.ts)', () => {
  it('holds every code the server refuses with', () => {
    expect(thrown.size).toBeGreaterThan(40);
    const listed = new Set<string>([...errorCodes, ...fieldErrorCodes]);
    expect([...thrown].filter((code) => !listed.has(code))).toEqual([]);
  });

  it('holds no code the server never answers', () => {
    expect(errorCodes.filter((code) => !thrown.has(code))).toEqual([]);
    expect(fieldErrorCodes.filter((code) => !thrown.has(code))).toEqual([]);
  });
});
