import { useObservable, useObservableState } from 'observable-hooks';
import { of, switchMap } from 'rxjs';
import { useServices } from '../services';
import { useUser } from './app-state';

/** A user's name (SPEC 7's cached GET /api/users/{id}, "User" plus the id when it cannot be read); '' while it loads. */
export function useUserName(id: string | null | undefined): string {
  const { userName } = useServices();
  // the signed-in user's own name is known without asking (and they may not read other users)
  const me = useUser();
  const mine = me !== null && id === me.id;
  const name$ = useObservable(
    (inputs$) => inputs$.pipe(switchMap(([name, userId, own]) => (userId && !own ? name(userId) : of('')))),
    [userName, id, mine],
  );
  const name = useObservableState(name$, '');
  return mine ? me.username : name;
}
