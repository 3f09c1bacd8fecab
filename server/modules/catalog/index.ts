/** What other parts of the server may use of the catalog module; its routes are registered by the app. */

export type { CatalogAttribute } from './repository';
export { catalogAttributes, catalogColumns, catalogErrors, getCatalog } from './repository';
