import { map, of } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { activityRefreshMs } from '../config';
import { marbles } from '../session/marbles';
import { type ActivityEntry, type ActivityFeed, activityFeed, groupActivity } from './activity-feed';

const event = (id: string, fields: Record<string, unknown> = {}) => ({
  id,
  eventType: 'pallet_created',
  username: 'manager',
  palletId: `p${id}`,
  createdAt: '2026-11-24T10:00:00.000Z',
  ...fields,
});

describe('activityFeed', () => {
  it('holds the refresh at one second', () => {
    expect(activityRefreshMs).toBe(1_000);
  });

  it(
    'reads at the first change, then at most once a second, always after the last change',
    marbles((m) => {
      let reads = 0;
      const read = () => {
        reads += 1;
        return of({ data: [event(String(reads))], source: '/api/insights' as const, advice: null });
      };
      // a burst (a, b, c in 200 ms), then d at 1.4 s
      const changes = m.hot('  a 99ms b 99ms c 1199ms d 2s |', { a: 1, b: 2, c: 3, d: 4 });
      //                       [------ 1 s ------)[------ 1 s ------)
      //                       a read at once     c, the burst's last, read at the first window's end;
      //                                          d falls in the window that read opens: read at its end
      const expected = '       (lx) 996ms y 999ms z 1400ms |';
      const feed = activityFeed(changes, read, 1_000, m.scheduler).pipe(
        map((f) => (f.status === 'loading' ? 'loading' : f.entries.map((e) => e.id).join(''))),
      );
      m.expect(feed).toBeObservable(expected, { l: 'loading', x: '1', y: '2', z: '3' });
      m.expect(changes).toHaveSubscriptions('^ 3400ms !');
    }),
  );

  it(
    'keeps what it had when a read fails, and passes the ad-blocker advice on',
    marbles((m) => {
      const answers = [
        m.cold('a|', { a: { data: [event('1')], source: '/api/insights' as const, advice: null } }),
        m.cold('#'),
        m.cold('a|', { a: { data: [], source: 'fallback' as const, advice: 'blocked' } }),
      ];
      let call = 0;
      const changes = m.hot('  a 1s b 1s c', { a: 1, b: 2, c: 3 });
      const expected = '       (lx) 997ms x 1000ms y';
      const feed = activityFeed(changes, () => answers[call++], 1_000, m.scheduler).pipe(
        map((f) => `${f.entries.map((e) => e.id).join('')}|${f.advice ?? ''}`),
      );
      m.expect(feed).toBeObservable(expected, { l: '|', x: '1|', y: '|blocked' });
    }),
  );
});

describe('activityFeed keeps what it read before', () => {
  it(
    'gives the same feed when a read brings nothing new, and keeps the entries it had beside a new one',
    marbles((m) => {
      const answers = [[event('1')], [event('1')], [event('2'), event('1')]];
      let call = 0;
      const read = () => of({ data: answers[call++], source: '/api/insights' as const, advice: null });
      const changes = m.hot('  a 1s b 1s c', { a: 1, b: 2, c: 3 });
      //                       read: 1      1 again     2 above 1
      const expected = '       (lx) 997ms s 1000ms k';
      let before: ActivityFeed | undefined;
      const feed = activityFeed(changes, read, 1_000, m.scheduler).pipe(
        map((f) => {
          const label =
            f.status === 'loading'
              ? 'l'
              : f === before
                ? 's'
                : before && f.entries[1] === before.entries[0] && f.entries[0].id === '2'
                  ? 'k'
                  : 'x';
          before = f;
          return label;
        }),
      );
      m.expect(feed).toBeObservable(expected);
    }),
  );
});

describe('groupActivity', () => {
  const entry = (id: string, fields: Partial<ActivityEntry>): ActivityEntry => ({
    id,
    type: 'pallet_assigned',
    userName: 'manager',
    palletId: `p${id}`,
    orderId: 'o1',
    place: null,
    at: '',
    count: 1,
    ...fields,
  });
  it('folds one person’s run of the same change to one order into one entry', () => {
    const grouped = groupActivity([
      entry('1', {}),
      entry('2', {}),
      entry('3', { orderId: 'o2' }),
      entry('4', { type: 'pallet_created', orderId: null }),
      entry('5', { type: 'pallet_created', orderId: null }),
    ]);
    expect(grouped.map((e) => [e.id, e.count])).toEqual([
      ['1', 2],
      ['3', 1],
      ['4', 1],
      ['5', 1],
    ]);
  });
});
