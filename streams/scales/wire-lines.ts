import { concatMap, filter, from, type OperatorFunction, scan } from 'rxjs';
import type { SocketWire } from '../printing/status-reply';

/** The longest line a scale's is taken to be: a weight line is about 20 characters. */
export const scaleLineMaxChars = 256;

interface Split {
  /** Text after the last line end, not a line yet. */
  rest: string;
  /** Whether the line under way ran past the limit: its end is dropped with it. */
  overlong: boolean;
  lines: string[];
}

/**
 * A socket's text as the lines it holds (without line ends; CR, LF and CR LF each end a line), in
 * whatever chunks it comes. A line longer than `maxChars` is dropped whole, also while it is still
 * coming, so a device that sends an endless line costs at most `maxChars` of memory.
 */
export function wireLines(maxChars = scaleLineMaxChars): OperatorFunction<SocketWire, string> {
  return (wire$) =>
    wire$.pipe(
      filter((event) => event.kind === 'text'),
      scan(
        ({ rest, overlong }: Split, { text }): Split => {
          const parts = (rest + text).split(/\r\n|\r|\n/);
          const next = parts.pop()!;
          const lines = overlong ? parts.slice(1) : parts;
          const tooLong = next.length > maxChars;
          return {
            rest: tooLong ? '' : next,
            overlong: tooLong || (overlong && parts.length === 0),
            lines: lines.filter((line) => line.length <= maxChars),
          };
        },
        { rest: '', overlong: false, lines: [] },
      ),
      concatMap(({ lines }) => from(lines)),
    );
}
