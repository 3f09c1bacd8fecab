import { type ReactNode, useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useServices } from '../services';
import styles from './print-area.module.css';

/**
 * Prints `children` alone (a label, a pick list, a delivery note): puts them on the page for
 * print only, opens the browser's print dialog once per mount (key it to print something new),
 * then calls `onDone`.
 */
export function PrintArea({ children, onDone }: { children: ReactNode; onDone: () => void }) {
  // the latest callback, so that a parent's re-render does not open the dialog again
  const done = useRef(onDone);
  done.current = onDone;
  // a Suspense boundary above that hides and shows this again re-runs its effects: print once
  const printed = useRef(false);
  const { device } = useServices();
  useEffect(() => {
    const stop = device.afterPrint(() => done.current());
    if (!printed.current) device.print();
    printed.current = true;
    return stop;
  }, [device]);
  return createPortal(<div className={styles.printArea}>{children}</div>, document.body);
}
