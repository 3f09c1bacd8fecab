import { Trans, useTranslation } from 'react-i18next';

/** A zone and its row as people read them (rows count from 1): "Cold store A · Row 2", or a dash. */
export function Place({ zone, rowIndex }: { zone: unknown; rowIndex: unknown }) {
  const { t } = useTranslation('consoles');
  if (typeof zone !== 'string' || zone === '') return '-';
  if (typeof rowIndex !== 'number') return <span translate="no">{zone}</span>;
  return (
    <Trans
      t={t}
      i18nKey="place"
      values={{ zone, row: rowIndex + 1 }}
      components={{ zone: <span translate="no" /> }}
    />
  );
}
