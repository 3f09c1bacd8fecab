import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { preparePgliteTemplates } from './database';

/**
 * The server and browser tests start real servers as `npm start` does, several files at once:
 * what is stale is built once here, before them, instead of by every start together, and so is
 * the migrated PGlite database they copy.
 */
export default async function build() {
  const script = join(import.meta.dirname, '..', '..', '..', 'scripts', 'build.mjs');
  if (spawnSync(process.execPath, [script], { stdio: 'inherit' }).status !== 0) {
    throw new Error('building the app or the server failed');
  }
  await preparePgliteTemplates();
}
