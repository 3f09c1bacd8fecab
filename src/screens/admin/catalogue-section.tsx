import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { catalogueValueError, type FormProblem } from '../../../streams/admin';
import type { CatalogueLists } from '../../../streams/admin/catalogue-schema';
import { useAdminCatalogue, useAdminCommands } from '../../hooks/admin';
import { useChosenLocationName, useLocationId } from '../../hooks/app-state';
import { useFormats } from '../../i18n/format';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { TextField } from '../../ui/text-field';
import styles from './admin.module.css';
import { Loaded } from './loaded';
import { useAction } from './use-action';
import { useProblemText } from './use-form-check';

type Attribute = keyof CatalogueLists;

/** The four lists, in the pallet form's order (`admin:catalogueAttribute.<attribute>` names one). */
export const catalogueAttributes: readonly Attribute[] = [
  'tomatoType',
  'boxType',
  'tomatoOption',
  'palletType',
];

/** One attribute's values: those kept, those struck out (until saved), and a field to add one. */
function ValueList({
  attribute,
  saved,
  values,
  onChange,
}: {
  attribute: Attribute;
  saved: readonly string[];
  values: readonly string[];
  onChange: (values: string[]) => void;
}) {
  const { t } = useTranslation('admin');
  const problemText = useProblemText();
  const title = t(`catalogueList.${attribute}.title`);
  const [adding, setAdding] = useState('');
  const [error, setError] = useState<FormProblem | null>(null);
  const add = (event: FormEvent) => {
    event.preventDefault();
    const problem = catalogueValueError(adding, values);
    setError(problem);
    if (problem) return;
    onChange([...values, adding.trim()]);
    setAdding('');
  };
  const shown = [...saved, ...values.filter((v) => !saved.includes(v))];
  return (
    <div className={styles.panel}>
      <h3>{title}</h3>
      <ul className={styles.values} aria-label={title}>
        {shown.map((value) => {
          const removed = !values.includes(value);
          return (
            <li key={value} data-removed={removed} data-added={!saved.includes(value)}>
              <span translate="no">{value}</span>
              {removed ? (
                <Button
                  variant="ghost"
                  onClick={() => onChange([...values, value])}
                  aria-label={t('catalogue.keepName', { value })}
                >
                  {t('catalogue.keep')}
                </Button>
              ) : (
                <Button
                  variant="ghost"
                  onClick={() => onChange(values.filter((v) => v !== value))}
                  aria-label={t(`catalogueList.${attribute}.remove`, { value })}
                >
                  {t('catalogue.remove')}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      <form className={styles.addValue} onSubmit={add} noValidate>
        <TextField
          label={t(`catalogueList.${attribute}.newValue`)}
          value={adding}
          error={error && problemText(error)}
          onChange={(e) => {
            setAdding(e.target.value);
            setError(null);
          }}
        />
        <Button type="submit" aria-label={t(`catalogueList.${attribute}.add`)}>
          {t('catalogue.add')}
        </Button>
      </form>
    </div>
  );
}

/** The catalogue of the chosen location, as one draft: saved at once, removals confirmed first. */
function CatalogueEditor({
  saved,
  locationId,
  onSaved,
}: {
  saved: CatalogueLists;
  locationId: string;
  onSaved: () => void;
}) {
  const { t } = useTranslation('admin');
  const format = useFormats();
  const commands = useAdminCommands();
  const { run, save } = useAction(onSaved);
  const [draft, setDraft] = useState(saved);
  const [confirming, setConfirming] = useState(false);
  const removed = catalogueAttributes.flatMap((attribute) =>
    saved[attribute].filter((v) => !draft[attribute].includes(v)),
  );
  const dirty = catalogueAttributes.some(
    (attribute) => draft[attribute].join('\n') !== saved[attribute].join('\n'),
  );
  const work = () => commands.saveCatalogue(locationId, draft);
  return (
    <>
      <div className={styles.lists}>
        {catalogueAttributes.map((attribute) => (
          <ValueList
            key={attribute}
            attribute={attribute}
            saved={saved[attribute]}
            values={draft[attribute]}
            onChange={(values) => setDraft((d) => ({ ...d, [attribute]: values }))}
          />
        ))}
      </div>
      <div className={styles.head}>
        <Button
          variant="primary"
          disabled={!dirty}
          onClick={() => (removed.length > 0 ? setConfirming(true) : void run(work, t('catalogue.saved')))}
        >
          {t('catalogue.save')}
        </Button>
        <Button disabled={!dirty} onClick={() => setDraft(saved)}>
          {t('catalogue.undo')}
        </Button>
      </div>
      {confirming && (
        <ConfirmDialog
          question={t('catalogue.removeDialog.question')}
          action={t('catalogue.removeDialog.action')}
          onClose={() => setConfirming(false)}
          onConfirm={() => save(work, t('catalogue.saved'))}
        >
          <p>
            <span translate="no">{format.list(removed)}</span> {t('catalogue.removeDialog.body')}
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}

/** Catalogue (administrators): the allowed tomato types, box types, options and pallet types of the chosen location. */
export function CatalogueSection() {
  const { t } = useTranslation('admin');
  const locationId = useLocationId();
  const place = useChosenLocationName() ?? '…';
  const { state, reload } = useAdminCatalogue(locationId);
  return (
    <section className={styles.section} aria-labelledby="catalogue-heading">
      <h2 id="catalogue-heading">
        {t('catalogue.heading')} <span translate="no">{place}</span>
      </h2>
      <Loaded state={state}>
        {(saved) =>
          locationId && (
            // a saved catalogue starts a fresh draft
            <CatalogueEditor
              key={JSON.stringify(saved)}
              saved={saved}
              locationId={locationId}
              onSaved={reload}
            />
          )
        }
      </Loaded>
    </section>
  );
}
