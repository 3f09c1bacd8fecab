import type { EventSourceLike, MessageEventLike } from './types';

/** An EventSource driven by hand, for tests: `open()`, `emit()`, `fail()`. */
export class FakeEventSource implements EventSourceLike {
  readyState = 0;
  onopen: ((event: unknown) => void) | null = null;
  onerror: ((event: MessageEventLike) => void) | null = null;
  onmessage: ((event: MessageEventLike) => void) | null = null;
  private readonly listeners = new Map<string, ((event: MessageEventLike) => void)[]>();
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (event: MessageEventLike) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close(): void {
    this.readyState = 2;
  }
  /** The stream opens. */
  open(): void {
    this.readyState = 1;
    this.onopen?.({});
  }
  /** The server sends an event (`message` for an unnamed one); objects are sent as JSON. */
  emit(event: string, data: unknown, id = ''): void {
    const message = { data: typeof data === 'string' ? data : JSON.stringify(data), lastEventId: id };
    if (event === 'message') this.onmessage?.(message);
    else if (event === 'error') this.onerror?.(message);
    else for (const listener of this.listeners.get(event) ?? []) listener(message);
  }
  /** The stream errors; `closed` when the browser gave up on it (readyState CLOSED), else it retries. */
  fail(closed: boolean): void {
    this.readyState = closed ? 2 : 0;
    this.onerror?.({});
  }
}

/** A factory of fake EventSources that remembers each one it made. */
export function fakeEventSources() {
  const made: FakeEventSource[] = [];
  return {
    made,
    latest: () => made[made.length - 1],
    eventSource: (url: string) => {
      const source = new FakeEventSource(url);
      made.push(source);
      return source;
    },
  };
}
