import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { type DashboardFilters, fixedChoices } from '../../../streams/live';
import type { Catalog } from '../../hooks/catalog';
import { useUserNames } from '../../hooks/user-names';
import { Button } from '../../ui/button';
import { attributes } from '../../ui/pallet-dialog';
import { type Choice, SelectField } from '../../ui/select-field';
import styles from './filter-bar.module.css';

const anyOf = (values: readonly string[], anyLabel: string): Choice[] => [
  { value: '', label: anyLabel },
  ...values.map((value) => ({ value, label: value, data: true })),
];

/** The catalogue's filters, in the order forms ask for them. */
const catalogFilters = attributes.map(([attribute]) => attribute);

/** The filter bar of SPEC 3's dashboard filters, each control labelled by its field. */
export function FilterBar({
  filters,
  catalog,
  people,
  onChange,
  onClear,
}: {
  filters: DashboardFilters;
  catalog: Catalog;
  /** The ids of the users who added pallets here, for "Added by". */
  people: readonly string[];
  onChange: (change: Partial<DashboardFilters>) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation('dashboard');
  const names = useUserNames(people);
  const addedByChoices = [
    { value: '', label: t('filters.any.addedBy') },
    ...people.map((id, i) => ({ value: id, label: names[i] || id, data: true })),
  ];
  // each filter's choices have their messages (src/i18n/catalogues.test.ts holds the families to the lists)
  const fixed = (field: keyof typeof fixedChoices): Choice[] =>
    fixedChoices[field].map((value) => ({ value, label: t(`${field}.${value}` as ParseKeys<'dashboard'>) }));
  const select = (field: keyof DashboardFilters, choices: readonly Choice[]) => (
    <SelectField
      // Chromium keeps a select's width when an option's text changes (a name arriving, another
      // language): a new select is measured anew
      key={`${field} ${choices.map((choice) => choice.label).join('\n')}`}
      label={t(`field.${field}`)}
      value={filters[field]}
      choices={choices}
      onChange={(value) => onChange({ [field]: value })}
    />
  );
  return (
    <search className={styles.bar} aria-label={t('filters.label')}>
      {/* what the pallets are, then where they stand, when and by whom */}
      <div className={styles.line}>
        {catalogFilters.map((field) => select(field, anyOf(catalog[field], t(`filters.any.${field}`))))}
        {select('weightRange', fixed('weightRange'))}
      </div>
      <div className={styles.line}>
        {select('palletStatus', fixed('palletStatus'))}
        {select('orderStatus', fixed('orderStatus'))}
        {select('dateRange', fixed('dateRange'))}
        {select('addedBy', addedByChoices)}
        <Button variant="ghost" className={styles.clear} onClick={onClear}>
          {t('filters.clear')}
        </Button>
      </div>
    </search>
  );
}
