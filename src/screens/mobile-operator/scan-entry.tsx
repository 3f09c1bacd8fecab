import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScanType } from '../../hooks/pallet-scan';
import { useScannerReadings } from '../../hooks/scanner';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { CameraScanner } from './camera-scanner';
import styles from './mobile.module.css';

/**
 * Where a scanning screen takes its readings: a hardware scanner anywhere on the page (no field
 * to tap first), the phone's camera once opened, and a field to type a label's id by hand when
 * the label is torn or the scanner flat.
 */
export function ScanEntry({
  onScan,
  action,
  cameraFirst = false,
}: {
  onScan: (text: string, type: ScanType) => void;
  action: string;
  /** The camera as the screen's main action (the Scan tab); elsewhere the screen's own choices come first. */
  cameraFirst?: boolean;
}) {
  const { t } = useTranslation('mobile');
  const [typed, setTyped] = useState('');
  const [camera, setCamera] = useState(false);
  useScannerReadings((text) => onScan(text, 'barcode'));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!typed.trim()) return;
    onScan(typed, 'manual');
    setTyped('');
  };
  return (
    <>
      <Button
        variant={cameraFirst && !camera ? 'primary' : 'secondary'}
        className={styles.big}
        onClick={() => setCamera((on) => !on)}
      >
        {camera ? t('entry.closeCamera') : t('entry.openCamera')}
      </Button>
      {camera && <CameraScanner onCode={(text) => onScan(text, 'qr')} />}
      <form className={styles.entry} onSubmit={submit}>
        <TextField
          label={t('entry.field')}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          enterKeyHint="go"
        />
        <Button type="submit" variant="primary" className={styles.big}>
          {action}
        </Button>
      </form>
    </>
  );
}
