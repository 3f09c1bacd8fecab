import { describe, it } from 'vitest';
import { heartbeatCheckIntervalMs, heartbeatTimeoutMs } from '../config';
import { marbles } from '../live/test-support';
import { heartbeatMissed } from './heartbeat';

// One frame is 5 s: the 15 s check is `---`, the 45 s timeout nine frames.
describe('heartbeatMissed (SPEC 9: 45 s, checked every 15 s)', () => {
  it('reports a silence of 45 s at the check that sees it', () => {
    marbles(5_000, ({ scheduler, hot, expectObservable }) => {
      const activity = hot('  a--------------');
      const visible = hot('   v', { v: true });
      //                      --|--|--|         checks every 15 s: the third sees 45 s of silence
      const expected = '      ---------(x|)';
      expectObservable(
        heartbeatMissed(activity, visible, heartbeatTimeoutMs, heartbeatCheckIntervalMs, scheduler),
      ).toBe(expected, { x: undefined });
    });
    marbles(5_000, ({ scheduler, hot, expectObservable }) => {
      const activity = hot('  -a-------------');
      const visible = hot('   v', { v: true });
      //                      --|--|--|--|--|   checks every 15 s; a at 5 s, silent from then
      const expected = '      ------------(x|)'; // 40 s of silence at the third check: not yet
      expectObservable(
        heartbeatMissed(activity, visible, heartbeatTimeoutMs, heartbeatCheckIntervalMs, scheduler),
      ).toBe(expected, { x: undefined });
    });
  });

  it('stays quiet while messages keep coming', () => {
    marbles(5_000, ({ scheduler, hot, expectObservable }) => {
      const activity = hot('  a-------a-------a-------a--');
      const visible = hot('   v', { v: true });
      const unsubscribe = '   ^--------------------------!';
      const expected = '      ---------------------------';
      expectObservable(
        heartbeatMissed(activity, visible, heartbeatTimeoutMs, heartbeatCheckIntervalMs, scheduler),
        unsubscribe,
      ).toBe(expected);
    });
  });

  it('waits while the page is hidden and checks again once it is visible', () => {
    marbles(5_000, ({ scheduler, hot, expectObservable }) => {
      const activity = hot('  a-----------------------');
      const visible = hot('   vh-------------v--------', { v: true, h: false });
      //                      hidden from 5 s to 75 s  --|--|--|   checks resume 15 s after 75 s
      const expected = '      ------------------(x|)';
      expectObservable(
        heartbeatMissed(activity, visible, heartbeatTimeoutMs, heartbeatCheckIntervalMs, scheduler),
      ).toBe(expected, { x: undefined });
    });
  });
});
