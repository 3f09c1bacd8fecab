import { useState } from 'react';
import type { FormErrors } from '../../../streams/admin';

/**
 * A form's errors as `check` finds them in `value`: none until the first attempt to send, then
 * kept current as the person types, so a corrected field stops saying it is wrong at once.
 * `attempt()` answers whether the form may be sent.
 */
export function useFormCheck<T>(value: T, check: (value: T) => FormErrors) {
  const [tried, setTried] = useState(false);
  const errors = tried ? check(value) : {};
  const attempt = () => {
    setTried(true);
    return Object.keys(check(value)).length === 0;
  };
  return { errors, attempt };
}

/** The errors of a form of one field: `message` under `field`, or none. */
export const oneField = (field: string, message: string | null): FormErrors =>
  message ? { [field]: message } : {};
