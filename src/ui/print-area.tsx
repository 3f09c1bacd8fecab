import { type ReactNode, useEffect } from 'react';
import { createPortal } from 'react-dom';
import styles from './print-area.module.css';

/**
 * Prints `children` alone (a label, a pick list, a delivery note): puts them on the page for
 * print only, opens the browser's print dialog, then calls `onDone`.
 */
export function PrintArea({ children, onDone }: { children: ReactNode; onDone: () => void }) {
  useEffect(() => {
    window.addEventListener('afterprint', onDone, { once: true });
    window.print();
    return () => window.removeEventListener('afterprint', onDone);
  }, [onDone]);
  return createPortal(<div className={styles.printArea}>{children}</div>, document.body);
}
