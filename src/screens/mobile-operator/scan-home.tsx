import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { usePalletScan } from '../../hooks/pallet-scan';
import styles from './mobile.module.css';
import { palletUrl } from './paths';
import { ScanEntry } from './scan-entry';

/** The Scan tab: a scan or a typed id opens that pallet's page. */
export function ScanHome() {
  const navigate = useNavigate();
  const scan = usePalletScan();
  const [missed, setMissed] = useState<string | null>(null);
  return (
    <>
      <h2 className={styles.title}>Scan a pallet</h2>
      <p className={styles.hint}>
        Point the hand scanner at the pallet's label and pull the trigger, or type its ID.
      </p>
      <ScanEntry
        cameraFirst
        action="Open"
        onScan={(text, type) => {
          const pallet = scan(text, type, 'scan');
          if (!pallet) return setMissed('That label names no pallet.');
          setMissed(null);
          navigate(palletUrl(pallet.id, pallet.palletType));
        }}
      />
      {missed && (
        <p className={styles.alert} role="alert">
          {missed}
        </p>
      )}
    </>
  );
}
