import { describe, it } from 'vitest';
import { heartbeatCheckIntervalMs, heartbeatTimeoutMs } from '../config';
import { marbles } from '../session/marbles';
import { heartbeatMissed } from './heartbeat';

describe('heartbeatMissed (SPEC 9: 45 s, checked every 15 s)', () => {
  it(
    'reports a silence of 45 s at the check that sees it',
    marbles((m) => {
      const missed = (activity: string) =>
        heartbeatMissed(
          m.hot(activity),
          m.hot('v', { v: true }),
          heartbeatTimeoutMs,
          heartbeatCheckIntervalMs,
          m.scheduler,
        );
      //                                  |- 15 s -|- 15 s -|- 15 s -|   the third check sees 45 s of silence
      m.expect(missed('a')).toBeObservable('45s (x|)', { x: undefined });
      //                                  a at 5 s: 40 s of silence at the third check, 55 s at the fourth
      m.expect(missed('5s a')).toBeObservable('60s (x|)', { x: undefined });
    }),
  );

  it(
    'stays quiet while messages keep coming, and stops checking when unsubscribed',
    marbles((m) => {
      const activity = m.hot('  a 39999ms a 39999ms a 39999ms a');
      const unsubscribe = '     ^ 134999ms !';
      const missed = heartbeatMissed(
        activity,
        m.hot('v', { v: true }),
        heartbeatTimeoutMs,
        heartbeatCheckIntervalMs,
        m.scheduler,
      );
      m.expect(missed, unsubscribe).toBeObservable('');
      m.expect(activity).toHaveSubscriptions(unsubscribe);
    }),
  );

  it(
    'waits while the page is hidden and checks again once it is visible',
    marbles((m) => {
      const activity = m.hot('  a');
      const visible = m.hot('   v 4999ms h 69999ms v', { v: true, h: false });
      //                        hidden from 5 s to 75 s       |- 15 s -|   checks resume 15 s after 75 s
      const expected = '        90s (x|)';
      m.expect(
        heartbeatMissed(activity, visible, heartbeatTimeoutMs, heartbeatCheckIntervalMs, m.scheduler),
      ).toBeObservable(expected, { x: undefined });
    }),
  );
});
