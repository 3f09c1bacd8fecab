import { type DashboardFilters, palletStatusChoices } from '../../../streams/live';
import type { Catalog } from '../../hooks/catalog';
import { useUserName } from '../../hooks/user-names';
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

/** One "Added by" choice, named by its user once the name has loaded. */
function UserOption({ id }: { id: string }) {
  const name = useUserName(id);
  return <option value={id}>{name || id}</option>;
}

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
  return (
    <search className={styles.bar} aria-label="Filters">
      <SelectField
        label="Tomato type"
        value={filters.tomatoType}
        choices={anyOf(catalog.tomatoType, 'All types')}
        onChange={(tomatoType) => onChange({ tomatoType })}
      />
      <SelectField
        label="Box type"
        value={filters.boxType}
        choices={anyOf(catalog.boxType, 'All boxes')}
        onChange={(boxType) => onChange({ boxType })}
      />
      <SelectField
        label="Tomato option"
        value={filters.tomatoOption}
        choices={anyOf(catalog.tomatoOption, 'All options')}
        onChange={(tomatoOption) => onChange({ tomatoOption })}
      />
      <SelectField
        label="Pallet type"
        value={filters.palletType}
        choices={anyOf(catalog.palletType, 'All pallets')}
        onChange={(palletType) => onChange({ palletType })}
      />
      <SelectField
        label="Pallet status"
        value={filters.palletStatus}
        choices={palletStatusChoices}
        onChange={(palletStatus) => onChange({ palletStatus })}
      />
      <SelectField
        label="Order status"
        value={filters.orderStatus}
        choices={fixed.orderStatus}
        onChange={(orderStatus) => onChange({ orderStatus })}
      />
      <SelectField
        label="Date range"
        value={filters.dateRange}
        choices={fixed.dateRange}
        onChange={(dateRange) => onChange({ dateRange })}
      />
      <SelectField
        label="Weight range"
        value={filters.weightRange}
        choices={fixed.weightRange}
        onChange={(weightRange) => onChange({ weightRange })}
      />
      <SelectField
        label="Added by"
        value={filters.addedBy}
        choices={[{ value: '', label: 'Anyone' }]}
        onChange={(addedBy) => onChange({ addedBy })}
      >
        {people.map((id) => (
          <UserOption key={id} id={id} />
        ))}
      </SelectField>
      <Button variant="ghost" className={styles.clear} onClick={onClear}>
        Clear filters
      </Button>
    </search>
  );
}
