import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, type Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { serviceWorker } from './scripts/pwa-plugin.ts';
import { LongestFirst } from './test/sequencer.ts';
import { baselineWasm } from './test/server/support/process.ts';

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the build, once, so the
 * server sends a third of the bytes without compressing on each request.
 */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const name of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg|json|wasm)$/.test(name)) continue;
        const path = join(dir, name);
        const content = readFileSync(path);
        writeFileSync(`${path}.br`, brotliCompressSync(content));
        writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

const serverTests = ['server/**/*.test.ts', 'test/server/**/*.test.ts'];
/** The projects that start real servers build what is stale first, once. */
const buildFirst = ['test/server/support/build.ts'];

/** One config for the app build and every test runner; `scripts/test.mjs` picks the projects. */
export default defineConfig({
  plugins: [react(), serviceWorker('src/pwa/service-worker.js'), precompress()],
  server: { proxy: { '/api': 'http://127.0.0.1:8080' } },
  // RxJS's ES2015 build: classes instead of its ES5 build's helpers (tslib), smaller in the first load
  resolve: { conditions: ['es2015', ...defaultClientConditions] },
  build: {
    outDir: 'dist',
    sourcemap: true,
    rollupOptions: {
      output: {
        // a catalogue's chunk names its language and namespace (locale-nl-login-<hash>.js), for
        // the bundle's figures and a reader of the network panel
        chunkFileNames: (chunk) => {
          const catalogue = /locales\/([^/]+)\/([^/]+)\.json$/.exec(chunk.facadeModuleId ?? '');
          return catalogue
            ? `assets/locale-${catalogue[1]}-${catalogue[2]}-[hash].js`
            : 'assets/[name]-[hash].js';
        },
      },
    },
  },
  test: {
    // three files at a time on two cores: a file spends much of its time waiting on other
    // processes (a server, Chromium, PostgreSQL), which the other files fill; more only made each
    // process wait longer for a core, up to servers that did not start in time. The longest start
    // first, whatever their project (test/sequencer.ts)
    maxWorkers: Number(process.env.TEST_WORKERS) || 3,
    sequence: { sequencer: LongestFirst },
    coverage: {
      provider: 'v8',
      include: ['streams/**/*.ts'],
      exclude: ['**/*.test.ts'],
      reporter: ['text-summary', 'json-summary'],
      // the data core is held to 90 % of its lines: a drop fails the test command
      thresholds: { lines: 90 },
    },
    projects: [
      {
        extends: true,
        test: {
          name: 'streams',
          include: ['streams/**/*.test.ts'],
          environment: 'node',
          isolate: false,
          // the property tests run hundreds of cases: beside the server and browser tests on two
          // cores, 5 s of Vitest's default was not always enough (no timing rule is read off a clock)
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'app',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          isolate: false,
          setupFiles: ['src/test-setup.ts'],
          // as long as its waits (test-setup.ts), so a busy machine fails no test by its clock
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server-pglite',
          include: serverTests,
          environment: 'node',
          env: { TEST_DB: 'pglite' },
          execArgv: [baselineWasm],
          isolate: false,
          globalSetup: buildFirst,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server-postgres',
          include: serverTests,
          environment: 'node',
          env: { TEST_DB: 'postgres' },
          execArgv: [baselineWasm],
          isolate: false,
          globalSetup: buildFirst,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          // every benchmark run small (BENCH_SMOKE=1), so that one that can no longer finish fails
          name: 'bench',
          include: ['test/bench/**/*.test.ts'],
          environment: 'node',
          globalSetup: buildFirst,
          testTimeout: 180_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: buildFirst,
          setupFiles: ['test/e2e/support/setup.ts'],
          // each file runs its own server on its own port and data dir, and its own browsers: the
          // files share the two workers with the other projects' instead of queueing after them
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
