import { useCallback } from 'react';
import { isApiError } from '../../../streams/http';
import { apiErrorText } from '../../shell/api-error';
import { useToasts } from '../../ui/toasts';

/** SPEC 8's message of a refusal, with the fields a 422 names ("Invalid data provided: username: …"). */
export function refusalText(error: unknown): string {
  const text = apiErrorText(error);
  const details = isApiError(error) ? error.details : undefined;
  if (!details || typeof details !== 'object') return text;
  const fields = Object.entries(details as Record<string, unknown>)
    .filter(([, message]) => typeof message === 'string')
    .map(([field, message]) => `${field}: ${message}`);
  return fields.length > 0 ? `${text}: ${fields.join('; ')}` : text;
}

/**
 * Runs an admin command and says how it went: `done` as a success toast (then `afterDone`, e.g.
 * reading the list again), or the server's refusal as an error toast. Answers whether it was done
 * (a dialog stays open on a refusal).
 */
export function useAction(afterDone?: () => void) {
  const toasts = useToasts();
  return useCallback(
    async (work: () => Promise<unknown>, done: string): Promise<boolean> => {
      try {
        await work();
      } catch (error) {
        toasts.notify(refusalText(error), { variant: 'error' });
        return false;
      }
      toasts.notify(done, { variant: 'success' });
      afterDone?.();
      return true;
    },
    [toasts, afterDone],
  );
}
