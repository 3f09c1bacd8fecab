import { describe, it } from 'vitest';
import { testScheduler } from './marbles';
import { listenForSuccessor, type TabMessage } from './tabs';
import { alice } from './test-kit';

const announce = (replaces: string, token: string): TabMessage => ({
  type: 'session',
  auth: { token, refreshToken: `${token}-refresh`, user: alice },
  level: 'session_only',
  expiresAt: null,
  replaces,
});
const messages = {
  o: announce('r-other', 'other'),
  s: announce('r-0', 'successor'),
  l: announce('r-0', 'later'),
};
const successor = { token: 'successor', refreshToken: 'successor-refresh', user: alice };

// A tab holding refresh token r-0 listens for the session that replaced it (virtual time).
describe('listenForSuccessor (marbles)', () => {
  it('gives the first session announced in place of the token, also when it was heard before it was asked for', () => {
    const scheduler = testScheduler();
    scheduler.run(({ hot, expectObservable, expectSubscriptions }) => {
      const messages$ = hot('  -o-s-l', messages);
      const asked = '          ----^';
      //          listening from 0 | s heard | asked: replayed at once, then the listening ends
      const expected = '       ----(a|)';
      const heard = listenForSuccessor(messages$, 'r-0', scheduler);
      expectObservable(heard.successor$, asked).toBe(expected, { a: successor });
      expectSubscriptions(messages$.subscriptions).toBe('^--!');
    });
  });

  it('completes empty replacedSessionWaitMs (3 s) after it began listening when no tab announces the successor', () => {
    const scheduler = testScheduler();
    scheduler.run(({ hot, expectObservable }) => {
      const messages$ = hot('-o', messages);
      //                     |-- 3 s --| nothing heard: the tab may present the token itself
      const expected = '     3s |';
      const heard = listenForSuccessor(messages$, 'r-0', scheduler);
      expectObservable(heard.successor$).toBe(expected);
    });
  });

  it('stops listening when told', () => {
    const scheduler = testScheduler();
    scheduler.run(({ hot, expectSubscriptions, cold }) => {
      const messages$ = hot('-o-o-o', messages);
      const heard = listenForSuccessor(messages$, 'r-0', scheduler);
      cold('---a').subscribe(() => heard.stop());
      expectSubscriptions(messages$.subscriptions).toBe('^--!');
    });
  });
});
