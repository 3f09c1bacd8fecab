import { useState } from 'react';
import type { EnqueueResult } from '../../../streams/offline';
import { i18n } from '../../i18n/i18n';
import { apiErrorText } from '../../shell/api-error';

/**
 * What the last command on a phone screen said: done, kept on the phone to be sent later, refused
 * (SPEC 8's sentence), or nothing yet.
 */
export type Outcome = { kind: 'done' | 'queued' | 'refused'; text: string } | null;

/**
 * Runs one command at a time and keeps its outcome on the screen (a toast vanishes before a
 * person with a pallet jack looks down); `busy` stops a second tap from sending it twice.
 */
export function useCommand() {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<EnqueueResult | unknown>, done: string) => {
    setBusy(true);
    try {
      const result = await work();
      setOutcome(
        result === 'queued'
          ? { kind: 'queued', text: i18n.t('mobile:outcome.queued', { done }) }
          : { kind: 'done', text: done },
      );
      return true;
    } catch (error) {
      setOutcome({ kind: 'refused', text: apiErrorText(error) });
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { outcome, busy, run, say: setOutcome };
}
