import { type FormEvent, type ReactNode, useMemo, useRef, useState } from 'react';
import { inStock, type Pallet } from '../../../streams/live';
import { useProcessedToday } from '../../hooks/consoles';
import { usePallet, usePallets } from '../../hooks/live';
import { usePalletCommands } from '../../hooks/pallet-commands';
import { usePalletScan } from '../../hooks/pallet-scan';
import { useScannerReadings } from '../../hooks/scanner';
import { formats } from '../../i18n/format';
import { apiErrorText } from '../../shell/api-error';
import { Button } from '../../ui/button';
import figures from '../../ui/figures.module.css';
import { formatWeight } from '../../ui/qr-modal';
import { TextField } from '../../ui/text-field';
import { useToasts } from '../../ui/toasts';
import { countText, placeText, shortId, totalKgText } from '../dashboard/format';
import styles from './consoles.module.css';

const pickLimit = 50;
const timeOf = (at: unknown) => (typeof at === 'string' ? formats().time(at) : '-');

/** Pallets as rows: id, tomato and box type, weight, one column more, and an action per row if given. */
function PalletTable({
  pallets,
  extra,
  action,
}: {
  pallets: readonly Pallet[];
  extra: { header: string; cell: (pallet: Pallet) => string };
  action?: (pallet: Pallet) => ReactNode;
}) {
  return (
    <table className={styles.table}>
      <thead>
        <tr>
          <th scope="col">Pallet</th>
          <th scope="col">Tomato type</th>
          <th scope="col">Box type</th>
          <th scope="col" className={styles.number}>
            Weight
          </th>
          <th scope="col">{extra.header}</th>
          {action && (
            <th scope="col">
              <span className="visually-hidden">Action</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {pallets.map((pallet) => (
          <tr key={pallet.id} data-pallet={pallet.id}>
            <td>{shortId(pallet.id)}</td>
            <td>{pallet.tomatoType}</td>
            <td>{pallet.boxType}</td>
            <td className={styles.number}>{formatWeight(pallet.weight)}</td>
            <td>{extra.cell(pallet)}</td>
            {action && <td>{action(pallet)}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The pallets in stock and on no order, newest first: those small packing may take. */
function usePickable(): Pallet[] {
  const pallets = usePallets();
  return useMemo(() => {
    const list: Pallet[] = [];
    for (const id of pallets?.ids ?? []) {
      const pallet = pallets?.get(id);
      if (pallet && inStock(pallet) && !pallet.orderId) list.push(pallet);
      if (list.length === pickLimit) break;
    }
    return list;
  }, [pallets]);
}

/**
 * The kleinpak console: pallets going to small packing. Scan one (or type its id, or pick it
 * from the stock), mark it processed, and see the day's processed pallets.
 */
export default function KleinpakConsole() {
  const scan = usePalletScan();
  const commands = usePalletCommands();
  const toasts = useToasts();
  const [text, setText] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const selected = usePallet(selectedId ?? '');
  const pickable = usePickable();
  const processed = useProcessedToday();
  const scanField = useRef<HTMLInputElement>(null);
  const processedKg = processed.pallets.reduce((sum, p) => sum + (Number(p.weight) || 0), 0);

  const read = (reading: string, how: 'barcode' | 'manual') => {
    const found = scan(reading, how, 'kleinpak');
    setText('');
    if (!found) return setNotice(`"${reading.trim()}" names no pallet`);
    // whether the location has it is read from the live pallet below, as it renders
    setNotice(null);
    setSelectedId(found.id);
  };
  useScannerReadings((reading) => read(reading, 'barcode'));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (text.trim()) read(text, 'manual');
  };

  const process = async (pallet: Pallet) => {
    setBusy(pallet.id);
    try {
      await commands.process(pallet.id);
      toasts.notify(`Pallet ${shortId(pallet.id)} processed`, { variant: 'success' });
      if (selectedId === pallet.id) setSelectedId(null);
    } catch (failure) {
      toasts.notify(apiErrorText(failure), { variant: 'error' });
    } finally {
      setBusy(null);
      scanField.current?.focus();
    }
  };

  const current = selected && inStock(selected) ? selected : null;
  return (
    <div className={styles.screen}>
      <div className={styles.top}>
        <h1>Kleinpak</h1>
        <span className={styles.muted}>Pallets going to small packing</span>
      </div>
      <dl className={styles.figures} aria-label="Processed today">
        <div className={figures.figure}>
          <dt>Processed today</dt>
          <dd data-figure="processed-pallets">{countText(processed.pallets.length)}</dd>
        </div>
        <div className={figures.figure}>
          <dt>Kg processed today</dt>
          <dd data-figure="processed-kg">{totalKgText(processedKg)}</dd>
        </div>
      </dl>
      <section className={styles.panel} aria-labelledby="kleinpak-scan">
        <h2 id="kleinpak-scan">Scan a pallet</h2>
        <form className={styles.row} onSubmit={submit}>
          <TextField
            ref={scanField}
            label="Pallet ID or scan"
            autoComplete="off"
            autoFocus
            value={text}
            onChange={(e) => setText(e.target.value)}
            error={notice}
          />
          <Button type="submit">Find pallet</Button>
        </form>
        {current && (
          <div className={styles.row} data-testid="scanned-pallet">
            <span>
              Pallet <strong>{shortId(current.id)}</strong>: {current.tomatoType}, {current.boxType},{' '}
              {formatWeight(current.weight)}, {placeText(current.storageZone, current.rowIndex)}
            </span>
            <Button variant="primary" disabled={busy !== null} onClick={() => process(current)}>
              Mark processed
            </Button>
          </div>
        )}
        {selectedId !== null && !current && (
          <p role="alert">
            Pallet {shortId(selectedId)} is{' '}
            {selected ? `${selected.status}: it cannot be processed` : 'not in stock at this location'}.
          </p>
        )}
      </section>
      <section className={styles.panel} aria-labelledby="kleinpak-pick">
        <h2 id="kleinpak-pick">Or pick from stock</h2>
        <PalletTable
          pallets={pickable}
          extra={{
            header: 'Place',
            cell: (pallet) => placeText(pallet.storageZone, pallet.rowIndex),
          }}
          action={(pallet) => (
            <Button
              disabled={busy !== null}
              onClick={() => process(pallet)}
              aria-label={`Mark processed: pallet ${shortId(pallet.id)}`}
            >
              Mark processed
            </Button>
          )}
        />
        {pickable.length === 0 && (
          <p className={styles.muted}>No pallet in stock is free for small packing.</p>
        )}
      </section>
      <section className={styles.panel} aria-labelledby="kleinpak-today">
        <h2 id="kleinpak-today">Processed today</h2>
        {processed.failed !== null && (
          <p role="alert">The processed pallets could not be read: {apiErrorText(processed.failed)}</p>
        )}
        {processed.pallets.length === 0 ? (
          <p className={styles.muted}>Nothing processed yet today.</p>
        ) : (
          <PalletTable
            pallets={processed.pallets}
            extra={{ header: 'Processed at', cell: (pallet) => timeOf(pallet.processedAt) }}
          />
        )}
      </section>
    </div>
  );
}
