import {
  asyncScheduler,
  defer,
  type Observable,
  type ObservableInput,
  repeat,
  type SchedulerLike,
  timer,
} from 'rxjs';
import { cameraDetectEveryMs } from '../config';

/**
 * The results of `read`, made at once and again `everyMs` after each read has ended: the camera's
 * pace. A slow read (a phone decoding a picture) is never overlapped by the next, and the phone
 * gets its pause whatever a read took.
 */
export function readEvery<T>(
  read: () => ObservableInput<T>,
  everyMs = cameraDetectEveryMs,
  scheduler: SchedulerLike = asyncScheduler,
): Observable<T> {
  return defer(read).pipe(repeat({ delay: () => timer(everyMs, scheduler) }));
}
