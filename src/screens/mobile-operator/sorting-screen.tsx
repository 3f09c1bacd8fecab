import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { mayCall } from '../../../streams/permissions/policy';
import type { Catalog } from '../../hooks/catalog';
import { useWaiting } from '../../hooks/live';
import { usePermission } from '../../hooks/permissions';
import { useSortingLine } from '../../hooks/use-sorting-line';
import { useFormats } from '../../i18n/format';
import { Button } from '../../ui/button';
import { shortId } from '../../ui/format';
import { PageTitle } from '../../ui/page-title';
import { attributes } from '../../ui/pallet-dialog';
import { PrintLabel } from '../../ui/pallet-label';
import { formatWeight, PalletQr } from '../../ui/qr-modal';
import { ScaleReadout, TypedWeightQuestion } from '../../ui/scale-readout';
import { TextField } from '../../ui/text-field';
import styles from './mobile.module.css';
import { OutcomeLine } from './outcome-line';
import { StoreAnywhere } from './pallet-screen';
import { palletUrl, rowName } from './paths';
import { useCommand } from './use-command';
import { usePhoneCommands } from './use-phone-commands';
import { WaitingMark } from './waiting-mark';

const madeQrPx = 240;

/** One attribute as a row of big buttons, the chosen one pressed. */
function ChoiceButtons({
  label,
  values,
  chosen,
  onChoose,
}: {
  label: string;
  values: readonly string[];
  chosen: string;
  onChoose: (value: string) => void;
}) {
  return (
    <fieldset className={styles.choices}>
      <legend>{label}</legend>
      {values.map((value) => (
        <button
          key={value}
          type="button"
          className={styles.pick}
          aria-pressed={value === chosen}
          onClick={() => onChoose(value)}
          translate="no"
        >
          {value}
        </button>
      ))}
    </fieldset>
  );
}

/**
 * Sorting on the phone: the desk's sorting line (same choices and scale kept per location, same
 * printing, same undo) for a thumb: big buttons, a numeric keypad, the new pallet's QR large and "Store"
 * straight into a row without scanning it again. Like every change on the phone, making a pallet
 * and its undo go through the offline queue: a pallet made without network gets its id here, is
 * shown at once, waiting, its label printed by the browser, and "Store" of it queues behind it.
 */
export function SortingScreen() {
  const { t } = useTranslation(['mobile', 'consoles']);
  const format = useFormats();
  const { store, makePallet, removePallet } = usePhoneCommands();
  const line = useSortingLine({ create: makePallet, remove: removePallet });
  const { catalog, choice, made, offer, totals, printer, printing } = line;
  const waiting = useWaiting(made?.id ?? '');
  const [browserPrint, setBrowserPrint] = useState(false);
  const canStore = mayCall(usePermission(), 'POST /api/storage/positions');
  const storing = useCommand();
  const labels: Record<keyof Catalog, string> = {
    tomatoType: t('consoles:attribute.tomatoType'),
    boxType: t('consoles:attribute.boxType'),
    tomatoOption: t('consoles:attribute.tomatoOption'),
    palletType: t('consoles:attribute.palletType'),
  };
  const madeCard = useRef<HTMLElement>(null);
  // the new pallet's QR and its next steps come into view under the thumb
  useEffect(() => {
    if (made) madeCard.current?.scrollIntoView({ block: 'start' });
  }, [made]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    storing.say(null);
    void line.make();
  };

  return (
    <>
      <PageTitle page={t('sorting.title')} />
      <h2 className={styles.title}>{t('sorting.title')}</h2>
      <dl className={styles.shift} aria-label={t('consoles:sorting.figures')}>
        <div>
          <dt>{t('consoles:sorting.shiftPallets')}</dt>
          <dd data-figure="shift-pallets">{format.number(totals.pallets)}</dd>
        </div>
        <div>
          <dt>{t('consoles:sorting.shiftKg')}</dt>
          <dd data-figure="shift-kg" translate="no">
            {format.kg(totals.kg)}
          </dd>
        </div>
      </dl>
      <form className={styles.card} onSubmit={submit} aria-label={t('consoles:sorting.form')}>
        {attributes.map(([key]) => (
          <ChoiceButtons
            key={key}
            label={labels[key]}
            values={catalog[key]}
            chosen={choice[key]}
            onChoose={(value) => line.choose(key, value)}
          />
        ))}
        <ScaleReadout
          scales={line.scales}
          scale={line.scale}
          state={line.scaleState}
          onChoose={line.chooseScale}
        />
        <TextField
          label={t('sorting.weight')}
          inputMode="decimal"
          enterKeyHint="done"
          autoComplete="off"
          value={line.weight}
          error={line.error}
          onChange={(e) => line.setWeight(e.target.value)}
          placeholder={line.scale ? t('consoles:sorting.scale.placeholder') : t('sorting.weightPlaceholder')}
        />
        <Button type="submit" variant="primary" className={styles.big} disabled={line.busy}>
          {t('sorting.make')}
        </Button>
        <p className={styles.hint}>
          {printer ? t('consoles:sorting.printsOn', { printer: printer.name }) : t('sorting.printsInBrowser')}
        </p>
      </form>
      {made && (
        <section ref={madeCard} className={styles.card} aria-labelledby="made-title" data-made={made.id}>
          <h3 id="made-title">
            {t('sorting.made', { id: shortId(made.id) })} ·{' '}
            <span translate="no">{formatWeight(made.weight)}</span>
          </h3>
          {waiting && (
            <p className={styles.hint}>
              <WaitingMark /> {t('sorting.waiting')}
            </p>
          )}
          <div className={styles.qrBig}>
            <PalletQr palletId={made.id} size={madeQrPx} />
          </div>
          <div className={styles.actions}>
            {offer?.id === made.id && <Button onClick={() => void line.undo()}>{t('sorting.undo')}</Button>}
            {printing?.id === made.id && !browserPrint && (
              <Button onClick={() => setBrowserPrint(true)}>{t('sorting.printInBrowser')}</Button>
            )}
            {printer && !waiting && (
              <Button onClick={() => line.printAgain(made)}>{t('sorting.printAgain')}</Button>
            )}
            <Link className={styles.choice} to={palletUrl(made.id, made.palletType)}>
              {t('sorting.open')}
            </Link>
          </div>
          <OutcomeLine outcome={storing.outcome} />
          {canStore && (
            <>
              <h3>{t('sorting.store')}</h3>
              <StoreAnywhere
                busy={storing.busy}
                onStore={(zoneId, rowIndex, zoneName) =>
                  storing.run(
                    () => store(made.id, zoneId, rowIndex, zoneName),
                    t('pallet.storedIn', { where: `${zoneName} · ${rowName(rowIndex)}` }),
                  )
                }
              />
            </>
          )}
        </section>
      )}
      {line.asking && (
        <TypedWeightQuestion {...line.asking} onMake={line.confirmTyped} onClose={line.dontMakeTyped} />
      )}
      {printing && browserPrint && (
        <PrintLabel
          key={printing.id}
          pallet={printing}
          onDone={() => {
            setBrowserPrint(false);
            line.donePrinting();
          }}
        />
      )}
    </>
  );
}
