import { i18n } from '../../i18n/i18n';

/** The operator area (SPEC 2). */
export const operatorPath = '/mobile/operator';
/** Where a pallet opened from storage returns to (SPEC 2). */
export const storagePath = `${operatorPath}/storage`;

/** SPEC 3's storage navigation context, as far as the URL carries it. */
export type StorageContext =
  | { type: 'zone_selection' }
  | { type: 'row_selection'; zoneId: string; zoneName: string }
  | { type: 'row_contents'; zoneId: string; zoneName: string; rowIndex: number };

/** A row as people name it, in the app's language: rows count from 1 ("Row 3", "Rij 3"). */
export const rowName = (rowIndex: number) => i18n.t('mobile:row', { row: rowIndex + 1 });

/** The storage context a URL's query names; a missing or broken part falls back a level. */
export function storageContextOf(query: URLSearchParams): StorageContext {
  const zoneId = query.get('zoneId');
  if (!zoneId) return { type: 'zone_selection' };
  const zoneName = query.get('zoneName') ?? '';
  const row = query.get('rowIndex');
  if (row === null || !/^\d+$/.test(row)) return { type: 'row_selection', zoneId, zoneName };
  return { type: 'row_contents', zoneId, zoneName, rowIndex: Number(row) };
}

/** The query of a storage context (with from=storage when a pallet is opened from it). */
export function storageQuery(context: StorageContext, fromStorage = false): string {
  const query = new URLSearchParams();
  if (fromStorage) query.set('from', 'storage');
  query.set('context', context.type);
  if (context.type !== 'zone_selection') {
    query.set('zoneId', context.zoneId);
    query.set('zoneName', context.zoneName);
  }
  if (context.type === 'row_contents') query.set('rowIndex', String(context.rowIndex));
  return `?${query}`;
}

/** The storage screen at a context. */
export const storageUrl = (context: StorageContext) =>
  context.type === 'zone_selection' ? storagePath : storagePath + storageQuery(context);

/**
 * A pallet's page: /mobile/operator/{type}-pallet/{palletId} (SPEC 2), the type in lower case
 * and standard when the pallet has none; opened from storage it carries the storage context.
 */
export function palletUrl(palletId: string, palletType?: string, context?: StorageContext): string {
  const type =
    (palletType ?? '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'standard';
  const path = `${operatorPath}/${type}-pallet/${encodeURIComponent(palletId)}`;
  return context ? path + storageQuery(context, true) : path;
}
