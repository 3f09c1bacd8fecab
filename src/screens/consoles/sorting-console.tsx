import { type FormEvent, useRef } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useSortingLine } from '../../hooks/use-sorting-line';
import { useFormats } from '../../i18n/format';
import { Button } from '../../ui/button';
import figures from '../../ui/figures.module.css';
import { shortId } from '../../ui/format';
import { PageTitle } from '../../ui/page-title';
import { type Attribute, attributes } from '../../ui/pallet-dialog';
import { PrintLabel } from '../../ui/pallet-label';
import { formatWeight } from '../../ui/qr-modal';
import { ScaleReadout, TypedWeightQuestion } from '../../ui/scale-readout';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';
import styles from './consoles.module.css';

/**
 * The sorting console: pallets coming off the line, keyboard first. The four attributes stay as
 * last chosen; a weight and Enter make the pallet and print its label at once (the location's
 * default network printer, else the browser): the typed weight, or the chosen scale's live one
 * once steady. The last pallet may be undone for 10 s.
 */
export default function SortingConsole() {
  const { t } = useTranslation('consoles');
  const format = useFormats();
  const line = useSortingLine();
  const { catalog, choice, choose, weight, setWeight, error, busy, offer, totals, printer, printing } = line;
  const weightField = useRef<HTMLInputElement>(null);
  const labels: Record<Attribute, string> = {
    tomatoType: t('attribute.tomatoType'),
    boxType: t('attribute.boxType'),
    tomatoOption: t('attribute.tomatoOption'),
    palletType: t('attribute.palletType'),
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    await line.make();
    weightField.current?.focus();
  };

  const undo = async () => {
    await line.undo();
    weightField.current?.focus();
  };

  return (
    <div className={styles.screen}>
      <div className={styles.top}>
        <PageTitle page={t('sorting.title')} />
        <h1>{t('sorting.title')}</h1>
        <span className={styles.muted}>
          {printer ? t('sorting.printsOn', { printer: printer.name }) : t('sorting.printsInBrowser')}
        </span>
      </div>
      <dl className={styles.figures} aria-label={t('sorting.figures')}>
        <div className={figures.figure}>
          <dt>{t('sorting.shiftPallets')}</dt>
          <dd data-figure="shift-pallets">{format.number(totals.pallets)}</dd>
        </div>
        <div className={figures.figure}>
          <dt>{t('sorting.shiftKg')}</dt>
          <dd data-figure="shift-kg">{format.kg(totals.kg)}</dd>
        </div>
      </dl>
      <form className={styles.sortingForm} onSubmit={submit} aria-label={t('sorting.form')}>
        {attributes.map(([key]) => (
          <SelectField
            key={key}
            label={labels[key]}
            value={choice[key]}
            choices={catalog[key].map((value) => ({ value, label: value }))}
            onChange={(value) => choose(key, value)}
          />
        ))}
        <ScaleReadout
          scales={line.scales}
          scale={line.scale}
          state={line.scaleState}
          onChoose={line.chooseScale}
        />
        <div className={styles.weightRow}>
          <TextField
            ref={weightField}
            label={t('sorting.weight')}
            inputMode="decimal"
            autoComplete="off"
            autoFocus
            value={weight}
            error={error}
            onChange={(e) => setWeight(e.target.value)}
            placeholder={line.scale ? t('sorting.scale.placeholder') : t('sorting.weightPlaceholder')}
          />
          <Button type="submit" variant="primary" disabled={busy}>
            {t('sorting.make')}
          </Button>
        </div>
      </form>
      <div className={styles.undoBar} role="status" aria-live="polite">
        {offer && (
          <>
            <span>
              <Trans
                t={t}
                i18nKey="sorting.made"
                values={{
                  id: shortId(offer.id),
                  tomatoType: offer.tomatoType,
                  weight: formatWeight(offer.weight),
                }}
                components={{ id: <span translate="no" />, data: <span translate="no" /> }}
              />
            </span>
            <Button onClick={undo}>{t('sorting.undo')}</Button>
          </>
        )}
      </div>
      {line.asking && (
        <TypedWeightQuestion
          {...line.asking}
          onMake={line.confirmTyped}
          onClose={() => {
            line.dontMakeTyped();
            weightField.current?.focus();
          }}
        />
      )}
      {printing && <PrintLabel key={printing.id} pallet={printing} onDone={line.donePrinting} />}
    </div>
  );
}
