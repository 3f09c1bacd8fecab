import type { IDBPDatabase } from 'idb';
import type { KeptSnapshots, LiveSnapshot } from '../../streams/live';
import type { QueuedChange, QueueStorage } from '../../streams/offline';

const changes = 'changes';
const snapshots = 'snapshots';
let database: Promise<IDBPDatabase> | null = null;

/**
 * The page's one connection to the phone's database "tomato-offline" (opened on first use, when
 * IndexedDB's wrapper loads: the sign-in screen has no use for it).
 */
function db(): Promise<IDBPDatabase> {
  database ??= import('idb').then(({ openDB }) =>
    openDB('tomato-offline', 2, {
      upgrade(created, oldVersion) {
        if (oldVersion < 1) created.createObjectStore(changes, { keyPath: 'key' });
        // version 2: each location's last known data
        if (oldVersion < 2) created.createObjectStore(snapshots);
      },
      // a newer version of the app opened in another tab: let it upgrade
      blocking: () => {
        void database?.then((open) => open.close());
        database = null;
      },
    }),
  );
  return database;
}

/** The offline queue's store in IndexedDB, kept across reloads. */
export function idbQueueStorage(): QueueStorage {
  return {
    all: async () => (await db()).getAll(changes) as Promise<QueuedChange[]>,
    put: async (change) => void (await (await db()).put(changes, change)),
    remove: async (key) => (await db()).delete(changes, key),
  };
}

/** Each location's last known data in IndexedDB, by location id, for a start without network. */
export function idbKeptSnapshots(): KeptSnapshots {
  return {
    read: async (locationId) => (await db()).get(snapshots, locationId) as Promise<LiveSnapshot | undefined>,
    write: async (locationId, snapshot) => (await db()).put(snapshots, snapshot, locationId),
  };
}
