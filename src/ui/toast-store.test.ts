import { map, type SchedulerAction, type SchedulerLike, type Subscription } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { createToastStore, notificationOffsetPx } from './toast-store';

const run = (fn: (h: Parameters<Parameters<TestScheduler['run']>[0]>[0], ts: TestScheduler) => void) => {
  const ts = new TestScheduler((a, e) => expect(a).toEqual(e));
  ts.run((helpers) => fn(helpers, ts));
};
const ids = (toasts: { id: number }[]) => toasts.map((t) => t.id).join('');

describe('toast store', () => {
  it('hides the centre toast after 3000 ms by default', () => {
    run(({ cold, expectObservable }, ts) => {
      const store = createToastStore(ts);
      cold('-a').subscribe(() => store.showToast('Saved', { variant: 'success' }));
      //                 |<-- 3000 ms -->|
      const expected = 'a b 2999ms c';
      expectObservable(store.state$, '^ 5000ms !').toBe(expected, {
        a: { centre: null, stack: [] },
        b: { centre: { id: 1, message: 'Saved', variant: 'success', durationMs: 3000 }, stack: [] },
        c: { centre: null, stack: [] },
      });
    });
  });

  it('shows nothing that its quiet rule holds back, and everything else', () => {
    run(({ cold, expectObservable }, ts) => {
      const store = createToastStore(ts, (message) => message === 'offline');
      cold('-a-b').subscribe((v) => store.notify(v === 'a' ? 'offline' : 'Saved'));
      expectObservable(store.state$.pipe(map((s) => s.stack.map((t) => t.message))), '^ 10ms !').toBe(
        'x--y',
        { x: [], y: ['Saved'] },
      );
    });
  });

  it('keeps a toast while it is read, and hides it its whole duration after it is let go', () => {
    run(({ cold, expectObservable }, ts) => {
      const store = createToastStore(ts);
      // shown at 1, held at 2001 (1 s before it would go), let go at 6001: gone at 9001
      cold('-a 1999ms h 3999ms r').subscribe((v) => {
        if (v === 'a') store.notify('Zone "Hall B" still holds 12 pallets', { variant: 'error' });
        else if (v === 'h') store.hold(1);
        else store.release(1);
      });
      expectObservable(store.state$.pipe(map((s) => ids(s.stack))), '^ 10000ms !').toBe('x y 8999ms x', {
        x: '',
        y: '1',
      });
    });
  });

  it('lets go of a toast held and released before its time, and ignores the hold of another', () => {
    run(({ cold, expectObservable }, ts) => {
      const store = createToastStore(ts);
      cold('-a 99ms h 99ms r o').subscribe((v) => {
        if (v === 'a') store.notify('Saved');
        else if (v === 'h') store.hold(1);
        else if (v === 'r') store.release(1);
        else store.hold(2);
      });
      // released at 201: gone 3000 ms later, at 3201
      expectObservable(store.state$.pipe(map((s) => ids(s.stack))), '^ 4000ms !').toBe('x y 3199ms x', {
        x: '',
        y: '1',
      });
    });
  });

  it('lets a toast choose its own duration and a newer centre toast replace the older', () => {
    run(({ cold, expectObservable }, ts) => {
      const store = createToastStore(ts);
      cold('-a 9ms b').subscribe((v) => store.showToast(v, { durationMs: v === 'a' ? 50 : 20 }));
      //     a at 1 (50 ms), b at 11 (20 ms): a's timer must not hide b
      expectObservable(store.state$, '^ 100ms !').toBe('x a 9ms b 19ms x', {
        x: { centre: null, stack: [] },
        a: { centre: expect.objectContaining({ message: 'a' }), stack: [] },
        b: { centre: expect.objectContaining({ message: 'b' }), stack: [] },
      });
    });
  });

  it('keeps at most 3 notifications, dropping the oldest', () => {
    run(({ cold, expectObservable }, ts) => {
      const store = createToastStore(ts);
      cold('-nnnn').subscribe(() => store.notify('Pallet added'));
      expectObservable(store.state$.pipe(map((s) => ids(s.stack))), '^ 10ms !').toBe('abcde', {
        a: '',
        b: '1',
        c: '12',
        d: '123',
        e: '234',
      });
    });
  });

  it('removes a dismissed notification at once and forgets its timer', () => {
    run(({ cold, expectObservable }, ts) => {
      const store = createToastStore(ts);
      cold('-nn').subscribe(() => store.notify('x', { durationMs: 3000 }));
      cold('---d').subscribe(() => store.dismiss(1));
      //        2 expires 3000 ms after it was shown (frame 2)
      expectObservable(store.state$.pipe(map((s) => ids(s.stack))), '^ 4000ms !').toBe('abcd 2998ms e', {
        a: '',
        b: '1',
        c: '12',
        d: '2',
        e: '',
      });
    });
  });

  it("ends a toast's wait when the toast goes, whatever made it go", () => {
    const ts = new TestScheduler((a, e) => expect(a).toEqual(e));
    // the waits the store starts, to see which have ended
    const waits: Subscription[] = [];
    const scheduler: SchedulerLike = {
      now: () => ts.now(),
      schedule<T>(work: (this: SchedulerAction<T>, state?: T) => void, delay?: number, state?: T) {
        const wait = ts.schedule(work, delay, state);
        waits.push(wait);
        return wait;
      },
    };
    const store = createToastStore(scheduler);
    store.showToast('replaced');
    store.showToast('dismissed');
    store.notify('expired', { durationMs: 10 });
    store.dismiss(2);
    expect(waits.map((wait) => wait.closed)).toEqual([true, true, false]);
    ts.flush();
    expect(waits.map((wait) => wait.closed)).toEqual([true, true, true]);
  });

  it('places notifications 8 px from the edge plus 60 px per item', () => {
    expect([0, 1, 2].map(notificationOffsetPx)).toEqual([8, 68, 128]);
  });
});
