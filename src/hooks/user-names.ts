import { useObservable, useObservableState } from 'observable-hooks';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { combineLatest, of, startWith, switchMap } from 'rxjs';
import { useServices } from '../services';
import { shortId } from '../ui/format';
import { useUser } from './app-state';

const noNames: readonly (string | null)[] = [];

/**
 * The names of users `ids`, in their order (SPEC 7's cached GET /api/users/{id}; "User" plus the
 * id, in the user's language, when it cannot be read); each '' while it loads.
 */
export function useUserNames(ids: readonly string[]): readonly string[] {
  const { t } = useTranslation();
  const { userName } = useServices();
  // the signed-in user's own name is known without asking (and they may not read other users)
  const me = useUser();
  const myId = me?.id ?? null;
  const names$ = useObservable(
    (inputs$) =>
      inputs$.pipe(
        switchMap(([name, wanted, own]) =>
          wanted.length === 0
            ? of(noNames)
            : combineLatest(wanted.map((id) => (id === own ? of('') : name(id).pipe(startWith(''))))),
        ),
      ),
    [userName, ids, myId],
  );
  const names = useObservableState(names$, noNames);
  return useMemo(
    () =>
      ids.map((id, i) => {
        if (me !== null && id === myId) return me.username;
        const name = names[i];
        return name === null ? t('userFallback', { id: shortId(id) }) : (name ?? '');
      }),
    [ids, names, me, myId, t],
  );
}

/** A user's name (as `useUserNames`); '' while it loads. */
export function useUserName(id: string | null | undefined): string {
  const ids = useMemo(() => (id ? [id] : []), [id]);
  return useUserNames(ids)[0] ?? '';
}
