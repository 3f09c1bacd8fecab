import type { Observable } from 'rxjs';
import type { ColdObservable } from 'rxjs/internal/testing/ColdObservable';
import type { HotObservable } from 'rxjs/internal/testing/HotObservable';
import { TestScheduler } from 'rxjs/testing';
import { expect } from 'vitest';
import type { LiveEvent, SseMessage } from './types';

/** What a marble test body gets: the scheduler and helpers that, as in RxJS's run mode, ignore spaces. */
export interface MarbleHelpers {
  scheduler: TestScheduler;
  hot: <T>(diagram: string, values?: Record<string, T>) => HotObservable<T>;
  cold: <T>(diagram: string, values?: Record<string, T>) => ColdObservable<T>;
  expectObservable: <T>(
    observable: Observable<T>,
    subscription?: string | null,
  ) => { toBe: (diagram: string, values?: unknown, error?: unknown) => void };
}

// Classic marble mode counts spaces as frames; padding is only there to align the diagrams.
const trim = (diagram: string) => diagram.replace(/ /g, '');

/**
 * Runs `body` with a TestScheduler in RxJS's classic marble mode where one marble character is
 * `msPerFrame` milliseconds, so SPEC 9's windows can be drawn to scale (a 150 ms window at 50 ms
 * per frame is `---`), then flushes it. Operators get the scheduler passed explicitly, as DESIGN asks.
 */
export function marbles(msPerFrame: number, body: (helpers: MarbleHelpers) => void): void {
  const previous = TestScheduler.frameTimeFactor;
  TestScheduler.frameTimeFactor = msPerFrame;
  try {
    const scheduler = virtualScheduler();
    body({
      scheduler,
      hot: (diagram, values) => scheduler.createHotObservable(trim(diagram), values),
      cold: (diagram, values) => scheduler.createColdObservable(trim(diagram), values),
      expectObservable: (observable, subscription) => {
        const expectation = scheduler.expectObservable(observable, subscription && trim(subscription));
        return { toBe: (diagram, values, error) => expectation.toBe(trim(diagram), values, error) };
      },
    });
    scheduler.flush();
  } finally {
    TestScheduler.frameTimeFactor = previous;
  }
}

/** A virtual-time scheduler for timeline tests: `schedule(work, ms)` then `flush()`, no frame limit. */
export function virtualScheduler(): TestScheduler {
  const scheduler = new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
  scheduler.maxFrames = Number.POSITIVE_INFINITY;
  return scheduler;
}

/** An `event: update` SSE message with a JSON body. */
export const update = (data: Record<string, unknown>, id: number | null = null): SseMessage => ({
  event: 'update',
  id: id === null ? null : String(id),
  data: { locationId: 'L1', ...data },
});

/** A pallet message (long form) for one pallet. */
export const palletMessage = (
  id: string,
  action = 'update',
  fields: Record<string, unknown> = {},
  eventId?: number,
) => update({ type: 'PALLET_UPDATE', action, pallets: [{ id, weight: 500, ...fields }] }, eventId);

/** The entity ids an event names, joined: a short label for marble values. */
export function label(event: LiveEvent): string {
  switch (event.type) {
    case 'pallet':
      return event.pallets.map((p) => p.id).join('');
    case 'order':
      return event.orders.map((o) => o.id).join('');
    case 'assignment':
      return event.orderId;
    default:
      return event.palletId;
  }
}
