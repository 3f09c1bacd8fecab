/** What other parts of the server may use of the storage module; its routes are registered by the app. */
export { storageZoneCleared } from './service';
