/** What other parts of the server may use of the live module; its routes are registered by the app. */
export { sseFrame } from './frame';
export { StreamHolders } from './holders';
export { SseStream, sseHeadWith } from './sse-stream';
