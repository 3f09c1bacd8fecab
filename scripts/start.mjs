#!/usr/bin/env node
// `npm start`: build the app and the server when missing or older than their sources
// (scripts/build.mjs), then run the server in this process (app and API on one port, embedded
// PostgreSQL under ./data unless DATABASE_URL is set).
import './build.mjs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
await import(pathToFileURL(join(root, 'build', 'server.mjs')).href);
