import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormErrors, FormProblem } from '../../../streams/admin';

/** A form problem of the data core in the reader's language ("Enter a username"). */
export function useProblemText() {
  const { t } = useTranslation('admin');
  return (problem: FormProblem): string => t(`formProblem.${problem.code}`, problem.params ?? {});
}

/**
 * A form's errors as `check` finds them in `value`, each in the reader's language: none until the
 * first attempt to send, then kept current as the person types, so a corrected field stops saying
 * it is wrong at once. `attempt()` answers whether the form may be sent.
 */
export function useFormCheck<T>(value: T, check: (value: T) => FormErrors) {
  const [tried, setTried] = useState(false);
  const text = useProblemText();
  const errors: Record<string, string> = tried
    ? Object.fromEntries(Object.entries(check(value)).map(([field, problem]) => [field, text(problem)]))
    : {};
  const attempt = () => {
    setTried(true);
    return Object.keys(check(value)).length === 0;
  };
  return { errors, attempt };
}

/** The errors of a form of one field: `problem` under `field`, or none. */
export const oneField = (field: string, problem: FormProblem | null): FormErrors =>
  problem ? { [field]: problem } : {};
