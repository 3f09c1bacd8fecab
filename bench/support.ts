import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ApiPallet, call } from '../test/e2e/support/api';

/** The project's root folder. */
export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The `p`th percentile of `values` (nearest rank): 50 for the median. */
export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/** Runs `work` over `items`, `width` at a time. */
export async function inParallel<T>(items: T[], width: number, work: (item: T) => Promise<unknown>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

/**
 * Makes `count` pallets at the location through the API, 8 at a time (three tomato types, weights
 * 300 to 899 kg, the catalogue of `putCatalog`), and says how long it took.
 */
export async function seedPallets(base: string, token: string, locationId: string, count: number) {
  const started = Date.now();
  const made: ApiPallet[] = [];
  await inParallel(
    Array.from({ length: count }, (_, i) => i),
    8,
    async (i) => {
      const fields = {
        locationId,
        palletType: 'Euro',
        boxType: 'Crate',
        tomatoType: ['Cherry', 'Beef', 'Vine'][i % 3],
        tomatoOption: 'Loose',
        weight: 300 + (i % 600),
      };
      made.push(await call<ApiPallet>(base, 'POST', '/api/pallets', fields, token));
    },
  );
  console.log(`${count.toLocaleString('en')} pallets made in ${Math.round((Date.now() - started) / 1000)} s`);
  return made;
}

/** Writes a benchmark's figures to bench/results/<name>.json. */
export function writeResults(name: string, results: unknown) {
  mkdirSync(join(root, 'bench', 'results'), { recursive: true });
  writeFileSync(join(root, 'bench', 'results', `${name}.json`), `${JSON.stringify(results, null, 2)}\n`);
}
