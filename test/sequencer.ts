import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** How long a file of no known duration is taken to be, by what it runs (ms). */
const guess = {
  /** a server test that starts real server processes (restarts, crashes, several processes) */
  processes: 40_000,
  /** a browser test: a server process and Chromium */
  browser: 30_000,
  /** the benchmarks' smoke runs, one after another, each with its own servers and browsers */
  benchmarks: 60_000,
  server: 3_000,
  other: 500,
};

/**
 * The longest files first, across all projects. Vitest's own order runs the projects one after
 * another, so the browser files, which mostly wait on Chromium and their servers, ran together and
 * left a core idle, and the server files, which keep it busy, ran after them. Mixed, they fill both
 * cores, and the slowest file never starts last.
 *
 * A file's length is its duration in the last run when Vitest's cache has one (a work tree), else
 * what the file says of itself in a line `// Runs about N s beside the other tests`, else a guess
 * from what it runs (a fresh clone). Said of the longest: on a fresh clone, one of several minutes
 * that started among the last guessed alike made the whole run minutes longer.
 */
export class LongestFirst extends BaseSequencer {
  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const expected = new Map(files.map((file) => [file, this.expected(file)]));
    return [...files].sort((a, b) => (expected.get(b) ?? 0) - (expected.get(a) ?? 0));
  }

  private expected(file: TestSpecification): number {
    const key = `${file.project.name}:${relative(this.ctx.config.root, file.moduleId)}`;
    const known = this.ctx.cache.getFileTestResults(key)?.duration;
    if (known !== undefined) return known;
    const source = readFileSync(file.moduleId, 'utf8');
    const said = /^\/\/ Runs about (\d+) s beside the other tests/m.exec(source);
    if (said) return Number(said[1]) * 1000;
    if (file.project.name === 'e2e') return guess.browser;
    if (file.project.name === 'bench') return guess.benchmarks;
    if (!file.project.name.startsWith('server')) return guess.other;
    return /startServerProcess|serverStorage\(/.test(source) ? guess.processes : guess.server;
  }
}
