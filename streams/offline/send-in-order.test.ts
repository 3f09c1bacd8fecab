import { map, type Observable, throwError } from 'rxjs';
import type { Context } from 'rxjs-marbles';
import { describe, it } from 'vitest';
import { marbles } from '../session/marbles';
import { sendInOrder } from './send-in-order';
import type { QueuedChange, SendOutcome } from './types';

const change = (key: string): QueuedChange => ({
  key,
  seq: key.charCodeAt(0),
  userId: 'u',
  request: { method: 'POST', path: `/api/${key}` },
  label: key,
  queuedAt: 0,
});
// an outcome reads as its change's key: lower case when sent, upper case when refused, u when unreachable
const short = (o: SendOutcome) =>
  o.result === 'sent' ? o.change.key : o.result === 'refused' ? o.change.key.toUpperCase() : 'u';
const offline = new Error('offline');
const run = (m: Context, changes: string, answers: Record<string, Observable<unknown>>) =>
  m.cold(changes, { a: change('a'), b: change('b'), c: change('c') }).pipe(
    sendInOrder(
      (c) => answers[c.key],
      (error) => error === offline,
    ),
    map(short),
  );

describe('sendInOrder', () => {
  it(
    'sends each change only once the one before it was answered',
    marbles((m) => {
      const a = m.cold('  --(x|)');
      const b = m.cold('    ---(x|)');
      const c = m.cold('       -(x|)');
      //                 abc                      all three queued at once
      //                 [-a)[-b-)[c)             one call at a time
      const expected = ' --a--b(c|)';
      m.expect(run(m, '(abc|)', { a, b, c })).toBeObservable(expected);
      m.expect(a).toHaveSubscriptions('^-!');
      m.expect(b).toHaveSubscriptions('--^--!');
      m.expect(c).toHaveSubscriptions('-----^!');
    }),
  );

  it(
    'reports a refusal and goes on with the next change',
    marbles((m) => {
      const a = m.cold('  -#', undefined, new Error('409'));
      const b = m.cold('   -(x|)');
      const expected = ' -A(b|)';
      m.expect(run(m, '(ab|)', { a, b })).toBeObservable(expected);
    }),
  );

  it(
    'stops at the first change that got no answer: the later ones are not sent',
    marbles((m) => {
      const a = m.cold('  -(x|)');
      const b = m.cold('   --#', undefined, offline);
      const c = m.cold('     -(x|)');
      const expected = ' -a-(u|)';
      m.expect(run(m, '(abc|)', { a, b, c })).toBeObservable(expected);
      m.expect(c).toHaveSubscriptions([]);
    }),
  );

  it(
    'counts an answer without a body (a 204) as sent',
    marbles((m) => {
      const a = m.cold('  -|');
      const none = throwError(() => offline);
      m.expect(run(m, '(a|)', { a, b: none, c: none })).toBeObservable(' -(a|)');
    }),
  );
});
