import { type FormEvent, useState } from 'react';
import { catalogueValueError } from '../../../streams/admin';
import { type CatalogueLists, useAdminCatalogue, useAdminCommands } from '../../hooks/admin';
import { useChosenLocationName, useLocationId } from '../../hooks/app-state';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { TextField } from '../../ui/text-field';
import styles from './admin.module.css';
import { Loaded } from './loaded';
import { useAction } from './use-action';

type Attribute = keyof CatalogueLists;

/** The four lists, as the pallet form names them, and what one of its values is called. */
const attributes: [Attribute, string, string][] = [
  ['tomatoType', 'Tomato types', 'tomato type'],
  ['boxType', 'Box types', 'box type'],
  ['tomatoOption', 'Tomato options', 'tomato option'],
  ['palletType', 'Pallet types', 'pallet type'],
];

/** One attribute's values: those kept, those struck out (until saved), and a field to add one. */
function ValueList({
  title,
  noun,
  saved,
  values,
  onChange,
}: {
  title: string;
  noun: string;
  saved: readonly string[];
  values: readonly string[];
  onChange: (values: string[]) => void;
}) {
  const [adding, setAdding] = useState('');
  const [error, setError] = useState<string | null>(null);
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
              <span>{value}</span>
              {removed ? (
                <Button
                  variant="ghost"
                  onClick={() => onChange([...values, value])}
                  aria-label={`Keep ${value}`}
                >
                  Keep
                </Button>
              ) : (
                <Button
                  variant="ghost"
                  onClick={() => onChange(values.filter((v) => v !== value))}
                  aria-label={`Remove ${value} from ${title.toLowerCase()}`}
                >
                  Remove
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      <form className={styles.addValue} onSubmit={add} noValidate>
        <TextField
          label={`New ${noun}`}
          value={adding}
          error={error}
          onChange={(e) => {
            setAdding(e.target.value);
            setError(null);
          }}
        />
        <Button type="submit" aria-label={`Add ${noun}`}>
          Add
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
  const commands = useAdminCommands();
  const { run, save } = useAction(onSaved);
  const [draft, setDraft] = useState(saved);
  const [confirming, setConfirming] = useState(false);
  const removed = attributes.flatMap(([attribute]) =>
    saved[attribute].filter((v) => !draft[attribute].includes(v)),
  );
  const dirty = attributes.some(([attribute]) => draft[attribute].join('\n') !== saved[attribute].join('\n'));
  const work = () => commands.saveCatalogue(locationId, draft);
  return (
    <>
      <div className={styles.lists}>
        {attributes.map(([attribute, title, noun]) => (
          <ValueList
            key={attribute}
            title={title}
            noun={noun}
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
          onClick={() => (removed.length > 0 ? setConfirming(true) : void run(work, 'Catalogue saved'))}
        >
          Save catalogue
        </Button>
        <Button disabled={!dirty} onClick={() => setDraft(saved)}>
          Undo changes
        </Button>
      </div>
      {confirming && (
        <ConfirmDialog
          question="Remove from the catalogue?"
          action="Remove and save"
          onClose={() => setConfirming(false)}
          onConfirm={() => save(work, 'Catalogue saved')}
        >
          <p>
            {removed.join(', ')} can no longer be chosen for new pallets. A value still on pallets in the
            warehouse is refused.
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}

/** Catalogue (administrators): the allowed tomato types, box types, options and pallet types of the chosen location. */
export function CatalogueSection() {
  const locationId = useLocationId();
  const place = useChosenLocationName() ?? '…';
  const { state, reload } = useAdminCatalogue(locationId);
  return (
    <section className={styles.section} aria-labelledby="catalogue-heading">
      <h2 id="catalogue-heading">Catalogue of {place}</h2>
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
