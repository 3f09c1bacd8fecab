import { filter, map, type OperatorFunction, pipe, scan } from 'rxjs';
import { scannerKeyGapMs } from '../config';

/** Fewest characters a scanner reading has (a pallet id or label is far longer). */
export const scannerMinLength = 6;

/** A key a page received (`KeyboardEvent.key`) and when it was pressed (`KeyboardEvent.timeStamp`, ms). */
export interface KeyPress {
  key: string;
  at: number;
}

interface Run {
  text: string;
  at: number;
  /** The reading this key completed, or null. */
  reading: string | null;
}

/**
 * Operator: the readings of a keyboard-wedge scanner (Zebra, Honeywell, ring scanners) among the
 * keys a page receives: a run of at least `minLength` characters, each pressed within `maxGapMs`
 * of the one before, closed by Enter within `maxGapMs`. A person typing the same text is slower,
 * so their keys never make a reading. The pace is read from when each key was pressed, not from
 * when the page got round to it, so a busy page does not miss a scan. Keys that are not one
 * character (Shift, which a scanner sends before capitals) neither add to a run nor break it.
 */
export function scannerReadings(
  maxGapMs = scannerKeyGapMs,
  minLength = scannerMinLength,
): OperatorFunction<KeyPress, string> {
  return pipe(
    filter(({ key }) => key === 'Enter' || key.length === 1),
    scan<KeyPress, Run>(
      (run, { key, at: now }) => {
        const inTime = now - run.at <= maxGapMs;
        if (key === 'Enter') {
          const done = inTime && run.text.length >= minLength;
          return { text: '', at: now, reading: done ? run.text : null };
        }
        return { text: inTime ? run.text + key : key, at: now, reading: null };
      },
      { text: '', at: Number.NEGATIVE_INFINITY, reading: null },
    ),
    filter((run) => run.reading !== null),
    map((run) => run.reading as string),
  );
}
