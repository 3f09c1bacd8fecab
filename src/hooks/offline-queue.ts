import { useObservableEagerState } from 'observable-hooks';
import type { OfflineQueue, QueueState } from '../../streams/offline';
import { offlineQueueOf } from '../offline/queue';
import { useServices } from '../services';

/** The offline queue of this page. */
export function useOfflineQueue(): OfflineQueue {
  const { session, online$, queueStorage } = useServices();
  return offlineQueueOf(session, online$, queueStorage);
}

const empty: QueueState = { loaded: false, changes: [] };

/** The queue's changes as the phone shows them: waiting ones and refused ones. */
export function useQueueState(): QueueState {
  const queue = useOfflineQueue();
  return useObservableEagerState(queue.state$) ?? empty;
}
