import { loadConfig } from './config';
import { createDatabase } from './db/index';

/** How long a graceful shutdown may take before the process exits anyway. */
const shutdownTimeoutMs = 10_000;

const config = loadConfig();
// the embedded engine compiles and boots while the app's modules load: a faster cold start
const opening = createDatabase(config);
const [{ buildApp }, { migrate }, { ensureAdmin }, { seedDemo }] = await Promise.all([
  import('./app'),
  import('./db/migrate'),
  import('./db/seed-admin'),
  import('./db/seed-demo'),
]);
const database = await opening;
const applied = await migrate(database);
await ensureAdmin(database.db, config.adminPassword, (message) => console.log(message));
if (config.demoData) await seedDemo(database.db, (message) => console.log(message));
const app = await buildApp(config, { database });
if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated');

let stopping = false;
/**
 * SIGTERM/SIGINT: stop accepting connections, let requests in flight finish (modules end their
 * long-lived streams in a `preClose` hook), then close the database and exit.
 */
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down');
  setTimeout(() => {
    app.log.error('shutdown timed out');
    process.exit(1);
  }, shutdownTimeoutMs).unref();
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGTERM', (signal) => void shutdown(signal));
process.on('SIGINT', (signal) => void shutdown(signal));

const address = await app.listen({ port: config.port, host: config.host });
console.log(
  `Tomato Warehouse is ready at ${address}\n` +
    `Sign in as "admin"${config.demoData ? ', or as a demo user (operator, logistics, viewer, manager) with the password "tomato-demo"' : ''}.`,
);
