import { asyncScheduler, filter, map, type OperatorFunction, pipe, type SchedulerLike, scan } from 'rxjs';

/** Longest pause between two keys of one scanner reading; people typing pause longer. */
export const scannerKeyGapMs = 50;
/** Fewest characters a scanner reading has (a pallet id or label is far longer). */
export const scannerMinLength = 6;

interface Run {
  text: string;
  at: number;
  /** The reading this key completed, or null. */
  reading: string | null;
}

/**
 * Operator: the readings of a keyboard-wedge scanner (Zebra, Honeywell, ring scanners) among the
 * keys a page receives (`KeyboardEvent.key`): a run of at least `minLength` characters, each
 * within `maxGapMs` of the one before, closed by Enter within `maxGapMs`. A person typing the
 * same text is slower, so their keys never make a reading. Keys that are not one character
 * (Shift, which a scanner sends before capitals) neither add to a run nor break it.
 */
export function scannerReadings(
  maxGapMs = scannerKeyGapMs,
  minLength = scannerMinLength,
  scheduler: SchedulerLike = asyncScheduler,
): OperatorFunction<string, string> {
  return pipe(
    filter((key) => key === 'Enter' || key.length === 1),
    scan<string, Run>(
      (run, key) => {
        const now = scheduler.now();
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
