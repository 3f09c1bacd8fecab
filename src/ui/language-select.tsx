import { type Locale, locales } from '../../streams/i18n';
import { ownName } from './language-switch';
import { SelectField } from './select-field';

/**
 * A select of the product's languages, each by its own name ("Nederlands"); with `none`, a first
 * choice of no language (`null`) that `none` names.
 */
export function LanguageSelect({
  label,
  value,
  none,
  onChange,
}: {
  label: string;
  value: Locale | null;
  none?: string;
  onChange: (locale: Locale | null) => void;
}) {
  return (
    <SelectField
      label={label}
      value={value ?? ''}
      choices={none === undefined ? [] : [{ value: '', label: none }]}
      onChange={(chosen) => onChange(locales.find((locale) => locale === chosen) ?? null)}
    >
      {locales.map((locale) => (
        <option key={locale} value={locale} lang={locale} translate="no">
          {ownName(locale)}
        </option>
      ))}
    </SelectField>
  );
}
