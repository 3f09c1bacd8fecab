import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/**
 * Emits the service worker (`/sw.js`, from src/pwa/service-worker.js) with the list of the
 * build's files to keep for offline use and a version that changes whenever one of them does,
 * so a new build replaces the old cache. Source maps stay out; index.html is kept as the shell.
 */
export function serviceWorker(template: string, publicDir = 'public'): Plugin {
  return {
    name: 'service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      // the public folder's files (icons, manifest) are copied beside the bundle, not part of it
      const files = [...Object.keys(bundle), ...readdirSync(publicDir)]
        .filter((name) => !name.endsWith('.map') && name !== 'index.html')
        .sort()
        .map((name) => `/${name}`);
      const version = createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 12);
      const source = readFileSync(template, 'utf8')
        .replace("const version = 'dev';", `const version = '${version}';`)
        .replace('const precache = [];', `const precache = ${JSON.stringify(files)};`);
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}
