import { BehaviorSubject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../streams/http';
import type { User } from '../../streams/session';
import { createLocations, type LocationsState } from './locations';

const ann: User = { id: 'u1', username: 'ann', locationIds: ['l1'] };
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the signed-in user’s locations', () => {
  it('are read again when the user object names other locations, keeping the list meanwhile, and not for other changes', async () => {
    let answer = [{ id: 'l1', name: 'Naaldwijk' }];
    let reads = 0;
    const api = {
      get: async () => {
        reads += 1;
        return { data: answer };
      },
    } as unknown as ApiClient;
    const user$ = new BehaviorSubject<User | null>(ann);
    const states: LocationsState[] = [];
    createLocations(user$, api).state$.subscribe((state) => states.push(state));
    await settle();
    expect(reads).toBe(1);
    expect(states).toEqual([{ status: 'loading' }, { status: 'ready', locations: answer }]);

    // a validation answering a changed flag: the same locations, nothing to read
    user$.next({ ...ann, permissions: { sorting_access: true } });
    await settle();
    expect(reads).toBe(1);

    // an administrator granted another location: read again, no "loading" in between
    answer = [...answer, { id: 'l2', name: 'Maasland' }];
    user$.next({ ...ann, locationIds: ['l1', 'l2'] });
    await settle();
    expect(reads).toBe(2);
    expect(states.slice(2)).toEqual([{ status: 'ready', locations: answer }]);
  });
});
