/**
 * Operations without the server: `npm run migrate`, `npm run backup -- [file]`,
 * `npm run restore -- <file>` and `npm run move-to-postgres` (see docs/deploy.md). The database
 * is the server's: `DATABASE_URL` (PostgreSQL) or the embedded one under `DATA_DIR`.
 */
import { loadConfig } from '../config';
import { backup, restore } from './backup';
import { runMigrate } from './migrate';
import { moveToPostgres } from './move';

const [command, ...args] = process.argv.slice(2);
const config = loadConfig();
const say = (line: string) => console.log(line);
const commands: Record<string, () => Promise<void>> = {
  migrate: () => runMigrate(config, say),
  backup: () => backup(config, args[0], say),
  restore: () => restore(config, args[0], say),
  'move-to-postgres': () => moveToPostgres(config, args, say),
};
const run = command ? commands[command] : undefined;
if (!run) {
  console.error(`usage: tsx server/ops/cli.ts ${Object.keys(commands).join('|')} [arguments]`);
  process.exit(2);
}
try {
  await run();
} catch (error) {
  console.error(`\n${command} failed: ${(error as Error).message}`);
  process.exit(1);
}
