import { useCallback, useMemo } from 'react';
import { refusalText } from '../../shell/api-error';
import { useToasts } from '../../ui/toasts';
import { withWordedParams } from './refusals';

/**
 * The admin area's way of running a command and saying how it went: `done` as a success toast,
 * then `afterDone` (e.g. reading the list again). `save` is for dialogs: it rejects with the
 * refusal, which the dialog shows in full and stays open. `run` is for buttons: the refusal
 * becomes an error toast, and it answers whether the command was done. A refusal's counts and
 * lists come worded in the reader's language (`withWordedParams`).
 */
export function useAction(afterDone?: () => void) {
  const toasts = useToasts();
  const save = useCallback(
    async (work: () => Promise<unknown>, done: string): Promise<void> => {
      await work().catch((error: unknown) => {
        throw withWordedParams(error);
      });
      toasts.notify(done, { variant: 'success' });
      afterDone?.();
    },
    [toasts, afterDone],
  );
  const run = useCallback(
    (work: () => Promise<unknown>, done: string): Promise<boolean> =>
      save(work, done).then(
        () => true,
        (error: unknown) => {
          toasts.notify(refusalText(error), { variant: 'error' });
          return false;
        },
      ),
    [save, toasts],
  );
  return useMemo(() => ({ save, run }), [save, run]);
}
