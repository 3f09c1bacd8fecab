import { describe, expect, it } from 'vitest';
import { createProcessingStore, type ProcessingState } from './processing-store';

describe('the processing store', () => {
  it('holds each piece of work while it runs, blocking or in the background, whether it succeeds or fails', async () => {
    const processing = createProcessingStore();
    let state: ProcessingState = [];
    processing.state$.subscribe((now) => {
      state = now;
    });
    let finishShip = () => {};
    const ship = processing.block(
      () =>
        new Promise<string>((resolve) => {
          finishShip = () => resolve('shipped');
        }),
    );
    const exported = processing.inBackground(() => Promise.reject(new Error('disk full')), 'Exporting');
    expect(state.map((job) => [job.kind, job.text])).toEqual([
      ['blocking', undefined],
      ['background', 'Exporting'],
    ]);
    await expect(exported).rejects.toThrow('disk full');
    expect(state.map((job) => job.kind)).toEqual(['blocking']);
    finishShip();
    await expect(ship).resolves.toBe('shipped');
    expect(state).toEqual([]);
  });
});
