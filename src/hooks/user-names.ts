import { useObservable, useObservableState } from 'observable-hooks';
import { of, switchMap } from 'rxjs';
import { useServices } from '../services';

/** A user's name (SPEC 7's cached GET /api/users/{id}, "User" plus the id when it cannot be read); '' while it loads. */
export function useUserName(id: string | null | undefined): string {
  const { userName } = useServices();
  const name$ = useObservable(
    (inputs$) => inputs$.pipe(switchMap(([name, userId]) => (userId ? name(userId) : of('')))),
    [userName, id],
  );
  return useObservableState(name$, '');
}
