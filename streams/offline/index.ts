export { drainOnDemand } from './drain-on-demand';
export { liveMessagesOf, waitingMessages } from './live-message';
export { madeEarlier } from './made-earlier';
export { memoryQueueStorage } from './memory-storage';
export {
  createOfflineQueue,
  type EnqueueResult,
  type OfflineQueue,
  type OfflineQueueDeps,
  type QueueState,
} from './queue';
export { sendInOrder } from './send-in-order';
export type {
  ChangeLabel,
  KeptRefusal,
  QueuedChange,
  QueuedRequest,
  QueueStorage,
  SendOutcome,
} from './types';
