import { ApiError, hasErrorCode } from '../../../streams/http';
import { formats } from '../../i18n/format';
import { i18n } from '../../i18n/i18n';

/**
 * A refusal of the admin area whose sentence counts or lists things (a zone's pallets, the
 * catalogue values still in use, what a location holds), with those words in the reader's language
 * added to its params (`pallets`, `list`), so `errors:code.<CODE>` can say them; any other error as it is.
 */
export function withWordedParams(error: unknown): unknown {
  const t = i18n.getFixedT(null, 'admin');
  const pallets = (n: number) => t('refusal.pallets', { count: n });
  let worded: Record<string, string>;
  if (hasErrorCode(error, 'ZONE_NOT_EMPTY')) worded = { pallets: pallets(error.params.count) };
  else if (hasErrorCode(error, 'ROW_NOT_EMPTY') || hasErrorCode(error, 'ROW_OVER_CAPACITY'))
    worded = { pallets: pallets(error.params.count), row: String(error.params.rowIndex + 1) };
  else if (hasErrorCode(error, 'CATALOG_VALUE_IN_USE'))
    worded = {
      list: error.params.values
        .map(({ attribute, value, count: n }) =>
          t('refusal.valueInUse', {
            attribute: i18n.exists(`admin:catalogueAttribute.${attribute}`)
              ? t(`catalogueAttribute.${attribute as 'tomatoType'}`)
              : attribute,
            value,
            count: n,
          }),
        )
        .join('; '),
    };
  else if (hasErrorCode(error, 'LOCATION_NOT_EMPTY')) {
    const { pallets: palletCount, orders, zones } = error.params;
    worded = {
      list: formats().list(
        [
          palletCount > 0 && pallets(palletCount),
          orders > 0 && t('refusal.orders', { count: orders }),
          zones > 0 && t('refusal.zones', { count: zones }),
        ].filter((part) => part !== false),
      ),
    };
  } else return error;
  return new ApiError(
    error.message,
    error.kind,
    error.status,
    error.serverMessage,
    error.code,
    error.details,
    { ...error.params, ...worded },
    error.fields,
  );
}
