import type { Socket } from 'node:net';
import {
  asyncScheduler,
  concatWith,
  defer,
  filter,
  map,
  type Observable,
  ReplaySubject,
  retry,
  type SchedulerLike,
  Subject,
  share,
  takeUntil,
  throwError,
  timeout,
  timer,
} from 'rxjs';
import {
  scalePollMs,
  scaleReconnectBaseMs,
  scaleReconnectMaxMs,
  scaleSilentMs,
} from '../../../streams/config';
import {
  changedWeights,
  mtSicsWeightQuery,
  parseScaleLine,
  type ScaleProtocol,
  type ScaleReading,
  type ScaleSignal,
  scaleSignal,
  stableWeight,
  throttleReadings,
  wireLines,
} from '../../../streams/scales';
import { rawTalk } from '../../plugins/raw-tcp';

/** Where a scale is reached and how it talks. */
export interface ScaleAddress {
  host: string;
  port: number;
  protocol: ScaleProtocol;
}

/** An MT-SICS scale is asked for its weight at once and every {@link scalePollMs}; an indicator talks unasked. */
const talkOf = (protocol: ScaleProtocol) =>
  protocol === 'mt-sics'
    ? (socket: Socket) => {
        const ask = () => void socket.write(mtSicsWeightQuery);
        ask();
        const polling = setInterval(ask, scalePollMs);
        return () => clearInterval(polling);
      }
    : () => undefined;

/** The wait before reconnect number `attempt`: 1 s doubling, at most 30 s. */
const scaleReconnectDelayMs = (attempt: number) =>
  Math.min(scaleReconnectBaseMs * 2 ** (attempt - 1), scaleReconnectMaxMs);

/**
 * A scale's readings, from one connection after another: lines past the length limit are
 * dropped, other lines that hold no weight skipped. A connection that fails, is hung up, or
 * brings no line for {@link scaleSilentMs} (a scale switched off behind a switch that keeps the
 * socket open) is dropped and made again after a backoff, reset by the next reading. Nothing a
 * scale sends can make it error or hold more than a line.
 */
export function scaleReadings(scale: ScaleAddress, scheduler: SchedulerLike = asyncScheduler) {
  return defer(() => rawTalk(scale.host, scale.port, talkOf(scale.protocol))).pipe(
    wireLines(),
    timeout({ each: scaleSilentMs, scheduler }),
    concatWith(throwError(() => new Error('the scale hung up'))),
    map((line) => parseScaleLine(scale.protocol, line, Date.now())),
    filter((reading): reading is ScaleReading => reading !== null),
    retry({ delay: (_, attempt) => timer(scaleReconnectDelayMs(attempt), scheduler), resetOnSuccess: true }),
  );
}

/**
 * What a screen is sent of a scale: stable decided, a steady weight once a second and a change at
 * once, at most 5 a second, silent after 3 s without a reading.
 */
export const readScale = (scale: ScaleAddress, scheduler: SchedulerLike = asyncScheduler) =>
  scaleReadings(scale, scheduler).pipe(
    stableWeight(undefined, undefined, scheduler),
    changedWeights(undefined, scheduler),
    throttleReadings(undefined, scheduler),
    scaleSignal(undefined, scheduler),
  );

/**
 * The scales this process reads: each one only while some screen has it open, over one
 * connection however many screens do (the first opens it, the last to leave closes it), a screen
 * opening it later getting its last signal at once.
 */
export class ScaleReaders {
  private readonly reading = new Map<string, { address: string; signal$: Observable<ScaleSignal> }>();
  private readonly changed$ = new Subject<string>();

  /** The signals of scale `id` at `scale`, until the scale is changed or removed. */
  signals(id: string, scale: ScaleAddress): Observable<ScaleSignal> {
    const address = `${scale.protocol}://${scale.host}:${scale.port}`;
    let read = this.reading.get(id);
    if (read?.address !== address) {
      read = {
        address,
        signal$: readScale(scale).pipe(
          share({ connector: () => new ReplaySubject(1), resetOnRefCountZero: true }),
        ),
      };
      this.reading.set(id, read);
    }
    return read.signal$.pipe(takeUntil(this.changed$.pipe(filter((changed) => changed === id))));
  }

  /** Ends the signals of a changed or removed scale: its screens open it again as it is now. */
  forget(id: string): void {
    this.reading.delete(id);
    this.changed$.next(id);
  }
}
