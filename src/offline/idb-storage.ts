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

/** A queue store in memory, where the browser has no IndexedDB (jsdom, a private window that refuses it). */
export function memoryQueueStorage(): QueueStorage {
  const kept = new Map<string, QueuedChange>();
  return {
    all: async () => [...kept.values()],
    put: async (change) => void kept.set(change.key, change),
    remove: async (key) => void kept.delete(key),
  };
}
