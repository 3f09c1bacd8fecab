import { openDB } from 'idb';
import type { QueuedChange, QueueStorage } from '../../streams/offline';

const store = 'changes';

/** The offline queue's store in IndexedDB (database "tomato-offline"), kept across reloads. */
export function idbQueueStorage(): QueueStorage {
  const db = openDB('tomato-offline', 1, {
    upgrade(database) {
      database.createObjectStore(store, { keyPath: 'key' });
    },
  });
  return {
    all: async () => (await db).getAll(store) as Promise<QueuedChange[]>,
    put: async (change) => void (await (await db).put(store, change)),
    remove: async (key) => (await db).delete(store, key),
  };
}
