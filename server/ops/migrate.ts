import type { Config } from '../config';
import { createDatabase } from '../db/index';
import { migrate, pendingMigrations } from '../db/migrate';
import { runningServer } from './control';

/** `npm run migrate`: applies the migrations this build has and the database lacks, and says which. */
export async function runMigrate(config: Config, say: (line: string) => void): Promise<void> {
  if (!config.databaseUrl) refuseWhileRunning(config.dataDir, 'migrate');
  const database = await createDatabase(config);
  try {
    say(`Database: ${describe(config)}`);
    const pending = await pendingMigrations(database);
    if (pending.length === 0) {
      say('Up to date: no migration to apply.');
      return;
    }
    say(`Applying ${pending.length} migration(s): ${pending.join(', ')}…`);
    const applied = await migrate(database);
    say(`Applied ${applied.length}: ${applied.join(', ') || 'none (another process applied them)'}.`);
  } finally {
    await database.close();
  }
}

/** The database a config names, without a password. */
export function describe(config: Pick<Config, 'databaseUrl' | 'dataDir'>): string {
  if (!config.databaseUrl) return `embedded, ${config.dataDir}`;
  const url = new URL(config.databaseUrl);
  url.password = '';
  return `PostgreSQL, ${url.toString()}`;
}

/** Throws while a server has the embedded database under `dataDir` open: a second opener would corrupt it. */
export function refuseWhileRunning(dataDir: string, what: string): void {
  const running = runningServer(dataDir);
  if (running) {
    throw new Error(
      `the server (pid ${running.pid}) has the embedded database in ${dataDir} open: stop it before you ${what}`,
    );
  }
}
