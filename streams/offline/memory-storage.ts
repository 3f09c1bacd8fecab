import type { QueuedChange, QueueStorage } from './types';

/**
 * A queue store in memory: where a browser has no IndexedDB (jsdom, a private window that
 * refuses it), and in tests, where `kept` outlives a queue as IndexedDB outlives a page.
 */
export function memoryQueueStorage(): QueueStorage & { kept: Map<string, QueuedChange> } {
  const kept = new Map<string, QueuedChange>();
  return {
    kept,
    // copies, as IndexedDB hands out: a caller changing one changes nothing kept
    all: async () => [...kept.values()].map((c) => structuredClone(c)),
    put: async (change) => void kept.set(change.key, structuredClone(change)),
    remove: async (key) => void kept.delete(key),
  };
}
