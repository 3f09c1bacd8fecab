import { useObservableEagerState } from 'observable-hooks';
import { fromEvent, map, merge, startWith } from 'rxjs';
import { isApiError } from '../../streams/http';
import {
  createOfflineQueue,
  memoryQueueStorage,
  type OfflineQueue,
  type QueueState,
} from '../../streams/offline';
import type { Session } from '../../streams/session';
import { idbQueueStorage } from '../offline/idb-storage';
import { randomUuid } from '../offline/random-key';
import { useServices } from '../services';
import { apiErrorText } from '../shell/api-error';

const queues = new WeakMap<Session, OfflineQueue>();

/**
 * The page's one offline queue over the session's API client, made when the phone's area first
 * needs it and draining for as long as the page lives (kept changes go out after a reload too).
 */
export function offlineQueueOf(session: Session): OfflineQueue {
  let queue = queues.get(session);
  if (queue) return queue;
  let userId: string | null = null;
  session.user$.subscribe((user) => {
    userId = user?.id ?? null;
  });
  queue = createOfflineQueue({
    storage: typeof indexedDB === 'undefined' ? memoryQueueStorage() : idbQueueStorage(),
    send: (change) => session.api.request$({ ...change.request, headers: { 'Idempotency-Key': change.key } }),
    online$: merge(fromEvent(window, 'online'), fromEvent(window, 'offline')).pipe(
      map(() => navigator.onLine),
      startWith(navigator.onLine),
    ),
    userId: () => userId,
    newKey: randomUuid,
    // no answer, a busy server or a session that could not be renewed: try again later, never drop
    unreachable: (error) => !isApiError(error) || error.transient || error.status === 401,
    describe: apiErrorText,
  });
  queues.set(session, queue);
  return queue;
}

/** The offline queue of this page. */
export function useOfflineQueue(): OfflineQueue {
  return offlineQueueOf(useServices().session);
}

const empty: QueueState = { loaded: false, changes: [] };

/** The queue's changes as the phone shows them: waiting ones and refused ones. */
export function useQueueState(): QueueState {
  const queue = useOfflineQueue();
  return useObservableEagerState(queue.state$) ?? empty;
}
