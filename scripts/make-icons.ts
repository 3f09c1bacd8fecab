// Draws the installable app's PNG icons from public/favicon.svg with the test Chromium:
// `tsx scripts/make-icons.ts`. Run again after changing the mark; the PNGs are committed.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumPath } from '../test/e2e/support/browser';

const root = join(import.meta.dirname, '..');
const svg = readFileSync(join(root, 'public', 'favicon.svg'), 'utf8');
const browser = await chromium.launch({ executablePath: chromiumPath });
try {
  for (const [size, inset] of [
    [192, 0.1],
    [512, 0.1],
    [512, 0.2],
  ] as const) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const pad = Math.round(size * inset);
    await page.setContent(
      `<body style="margin:0;background:#ffffff;display:grid;place-items:center;height:${size}px">` +
        `<div style="width:${size - 2 * pad}px;height:${size - 2 * pad}px">${svg.replace('<svg ', '<svg width="100%" height="100%" ')}</div></body>`,
    );
    const name = inset > 0.1 ? `icon-maskable-${size}.png` : `icon-${size}.png`;
    await page.screenshot({ path: join(root, 'public', name) });
    await page.close();
  }
} finally {
  await browser.close();
}
