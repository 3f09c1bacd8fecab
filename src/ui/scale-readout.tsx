import { useTranslation } from 'react-i18next';
import type { Scale, ScaleState } from '../../streams/scales';
import { useFormats } from '../i18n/format';
import { FormDialog } from './form-dialog';
import styles from './scale-readout.module.css';
import { SelectField } from './select-field';

/**
 * The sorting line's scale: which of the location's scales it weighs on (or none, and weights
 * are typed), and that scale's live weight, greyed while it settles, or that it sends none. Not
 * shown at a location without scales.
 */
export function ScaleReadout({
  scales,
  scale,
  state,
  onChoose,
}: {
  scales: readonly Scale[];
  scale: Scale | null;
  state: ScaleState | null;
  onChoose: (scaleId: string | null) => void;
}) {
  const { t } = useTranslation('consoles');
  const format = useFormats();
  if (scales.length === 0) return null;
  const reading = state?.kind === 'reading' ? state.reading : null;
  return (
    <div className={styles.scale}>
      <SelectField
        label={t('sorting.scale.label')}
        value={scale?.id ?? ''}
        choices={[
          { value: '', label: t('sorting.scale.none') },
          ...scales.map((each) => ({ value: each.id, label: each.name, data: true })),
        ]}
        onChange={(id) => onChoose(id === '' ? null : id)}
      />
      {scale && (
        <output
          className={styles.readout}
          aria-label={t('sorting.scale.live', { scale: scale.name })}
          aria-live="polite"
          data-scale={state?.kind}
          data-stable={reading ? String(reading.stable) : undefined}
        >
          {reading ? (
            <>
              <span className={styles.weight} translate="no">
                {format.weight(reading.weightKg)}
              </span>
              <span className={styles.mark}>
                {reading.stable ? t('sorting.scale.steady') : t('sorting.scale.settling')}
              </span>
            </>
          ) : state?.kind === 'silent' ? (
            <span className={styles.silent}>{t('sorting.scale.silent', { scale: scale.name })}</span>
          ) : (
            <span className={styles.mark}>{t('sorting.scale.connecting', { scale: scale.name })}</span>
          )}
        </output>
      )}
    </div>
  );
}

/** Asks before a pallet takes a typed weight far from the scale's: the worker's word decides. */
export function TypedWeightQuestion({
  typedKg,
  scaleKg,
  onMake,
  onClose,
}: {
  typedKg: number;
  scaleKg: number;
  onMake: () => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation('consoles');
  const format = useFormats();
  const typed = format.weight(typedKg);
  return (
    <FormDialog
      title={t('sorting.scale.ask.title')}
      action={t('sorting.scale.ask.action', { typed })}
      size="sm"
      onSubmit={onMake}
      onClose={onClose}
    >
      <p>{t('sorting.scale.ask.body', { typed, scale: format.weight(scaleKg) })}</p>
    </FormDialog>
  );
}
