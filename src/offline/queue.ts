import { catchError, defer, map, mergeMap, type Observable, throwError } from 'rxjs';
import { apiErrorMessages, isApiError } from '../../streams/http';
import {
  createOfflineQueue,
  liveMessagesOf,
  madeEarlier,
  type OfflineQueue,
  type QueueStorage,
  waitingMessages,
} from '../../streams/offline';
import type { Session } from '../../streams/session';
import { randomUuid } from './random-key';

const queues = new WeakMap<Session, OfflineQueue>();

/**
 * The page's one offline queue over the session's API client, kept in `storage`, made when it is
 * first needed and draining for as long as the page lives (kept changes go out after a reload too).
 */
export function offlineQueueOf(
  session: Session,
  online$: Observable<boolean>,
  storage: QueueStorage,
): OfflineQueue {
  let queue = queues.get(session);
  if (queue) return queue;
  queue = createOfflineQueue({
    storage,
    send: (change) =>
      session.api.request$({ ...change.request, headers: { 'Idempotency-Key': change.key } }).pipe(
        // a making sent again after its key was forgotten is answered with the pallet it made then
        catchError((error: unknown) => {
          const made = madeEarlier(change, error);
          return made === null
            ? throwError(() => error)
            : session.api.request$({ method: 'GET', path: `/api/pallets/${made}` });
        }),
      ),
    online$,
    userId$: session.user$.pipe(map((user) => user?.id ?? null)),
    newKey: randomUuid,
    // no answer, a busy server or a session that could not be renewed: try again later, never drop
    unreachable: (error) => !isApiError(error) || error.transient || error.status === 401,
    // the refusal as data: the queue's panel words it in the language the phone speaks when shown
    describe: (error) =>
      isApiError(error)
        ? { message: error.message, status: error.status, code: error.code, params: error.params }
        : { message: apiErrorMessages.unknown, status: null, code: null, params: {} },
  });
  queues.set(session, queue);
  return queue;
}

/**
 * The queue as the live data reads it (the queue made once they are read): the live messages of
 * the changes waiting, and of each the server took.
 */
export function queueMessages(
  session: Session,
  online$: Observable<boolean>,
  storage: QueueStorage,
): {
  waiting$: Observable<unknown[]>;
  taken$: Observable<unknown>;
} {
  return {
    waiting$: defer(() => offlineQueueOf(session, online$, storage).state$).pipe(
      map((state) => waitingMessages(state.changes)),
    ),
    taken$: defer(() => offlineQueueOf(session, online$, storage).taken$).pipe(mergeMap(liveMessagesOf)),
  };
}
