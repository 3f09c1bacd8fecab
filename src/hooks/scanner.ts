import { useLayoutSubscription, useObservable } from 'observable-hooks';
import { filter, fromEvent, map } from 'rxjs';
import { scannerReadings } from '../../streams/scan';

/** Whether keys aimed at this element are someone typing into a field (a scan there goes into the field). */
const typingInto = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA)$/.test(target.tagName));

/**
 * Calls `onReading` with each reading of a keyboard-wedge scanner (a handheld or ring scanner
 * typing its reading and Enter) anywhere on the page outside a text field, told from a person
 * typing by its speed. It listens from the moment the screen is on the page (a layout effect, not a
 * passive one, which React may run a frame later): a scan made as the screen appears is not lost.
 */
export function useScannerReadings(onReading: (text: string) => void): void {
  const readings$ = useObservable(() =>
    fromEvent<KeyboardEvent>(document, 'keydown').pipe(
      filter((event) => !typingInto(event.target)),
      map((event) => ({ key: event.key, at: event.timeStamp })),
      scannerReadings(),
    ),
  );
  useLayoutSubscription(readings$, onReading);
}
