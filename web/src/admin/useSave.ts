// A form's save. The form checks what it can first; the server's 400 messages name the field
// ("capacity: must not be negative"), so they go under that field; anything else goes above the buttons.
import { useState } from 'react';
import { asApiError } from '../api/client';

export type FieldErrors = Record<string, string>;

/** `shown` says which fields the form shows; a message about another field is shown whole. */
export function useSave(shown: (field: string) => boolean) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string>();
  const [saving, setSaving] = useState(false);
  /** Saves through `call` unless the form's own check found errors. */
  const save = async (problems: FieldErrors, call: () => Promise<void>) => {
    setErrors(problems);
    setMessage(undefined);
    if (Object.keys(problems).length > 0) return;
    setSaving(true);
    try {
      await call();
    } catch (error) {
      const apiError = asApiError(error);
      const match = apiError.code === 'invalid-argument' ? /^([A-Za-z][\w.[\]]*): (.+)$/s.exec(apiError.message) : null;
      if (match && shown(match[1]!)) setErrors({ [match[1]!]: match[2]! });
      else setMessage(apiError.message);
    } finally {
      setSaving(false);
    }
  };
  return { errors, message, saving, save };
}
