import { type DashboardFilters, palletStatusChoices } from '../../../streams/live';
import type { Catalog } from '../../hooks/catalog';
import { useUserNames } from '../../hooks/user-names';
import { Button } from '../../ui/button';
import { type Choice, SelectField } from '../../ui/select-field';
import styles from './filter-bar.module.css';

const anyOf = (values: readonly string[], anyLabel: string): Choice[] => [
  { value: '', label: anyLabel },
  ...values.map((value) => ({ value, label: value })),
];

const fixed: Record<'orderStatus' | 'dateRange' | 'weightRange', Choice[]> = {
  orderStatus: [
    { value: 'all', label: 'All' },
    { value: 'open', label: 'Open' },
    { value: 'assigned', label: 'Assigned' },
    { value: 'shipped', label: 'Shipped' },
    { value: 'complete', label: 'Complete' },
  ],
  dateRange: [
    { value: 'all', label: 'Any time' },
    { value: 'day', label: 'That day' },
    { value: 'week', label: 'That week' },
    { value: 'month', label: '30 days' },
  ],
  weightRange: [
    { value: 'all', label: 'Any weight' },
    { value: '0-500', label: 'Up to 500 kg' },
    { value: '500-700', label: '500–700 kg' },
    { value: '700-900', label: '700–900 kg' },
    { value: '900+', label: '900 kg or more' },
  ],
};

/** The catalogue's filters, each with its label and the choice that keeps every value. */
const catalogFilters = [
  ['tomatoType', 'Tomato type', 'All types'],
  ['boxType', 'Box type', 'All boxes'],
  ['tomatoOption', 'Tomato option', 'All options'],
  ['palletType', 'Pallet type', 'All pallets'],
] as const satisfies readonly [keyof Catalog, string, string][];

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
  const names = useUserNames(people);
  const addedByChoices = [
    { value: '', label: 'Anyone' },
    ...people.map((id, i) => ({ value: id, label: names[i] || id })),
  ];
  const select = (field: keyof DashboardFilters, label: string, choices: readonly Choice[]) => (
    <SelectField
      // Chromium keeps a select's width when an option's text changes (a name arriving): a new
      // select is measured anew
      key={`${field} ${choices.map((choice) => choice.label).join('\n')}`}
      label={label}
      value={filters[field]}
      choices={choices}
      onChange={(value) => onChange({ [field]: value })}
    />
  );
  return (
    <search className={styles.bar} aria-label="Filters">
      {/* what the pallets are, then where they stand, when and by whom */}
      <div className={styles.line}>
        {catalogFilters.map(([field, label, anyLabel]) =>
          select(field, label, anyOf(catalog[field], anyLabel)),
        )}
        {select('weightRange', 'Weight range', fixed.weightRange)}
      </div>
      <div className={styles.line}>
        {select('palletStatus', 'Pallet status', palletStatusChoices)}
        {select('orderStatus', 'Order status', fixed.orderStatus)}
        {select('dateRange', 'Date range', fixed.dateRange)}
        {select('addedBy', 'Added by', addedByChoices)}
        <Button variant="ghost" className={styles.clear} onClick={onClear}>
          Clear filters
        </Button>
      </div>
    </search>
  );
}
