// Writes the server's OpenAPI document (what /api/docs/json answers) to the file named by the
// first argument, from an app over a throwaway in-memory database: `tsx scripts/openapi.ts out.json`.
import { writeFileSync } from 'node:fs';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { createDatabase } from '../server/db/index';
import { migrate } from '../server/db/migrate';

const out = process.argv[2];
if (!out) throw new Error('usage: tsx scripts/openapi.ts <out.json>');
const config = { ...loadConfig({}), dataDir: 'memory://', databaseUrl: undefined, demoData: false };
const database = await createDatabase(config);
await migrate(database);
const app = await buildApp(config, { database, logger: false });
await app.ready();
writeFileSync(out, JSON.stringify(app.swagger(), null, 2));
await app.close();
await database.close();
