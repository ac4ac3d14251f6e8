import type { FormInstance } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from './api';
import { showFieldErrors } from './fieldErrors';

/**
 * Sending a form: `run(save)` clears the last refusal and runs `save`; when the server refuses, its
 * message is kept in `error` (for the form's foot) and its per-field messages go on the fields
 * (`fields` as in showFieldErrors), so that nothing typed is lost.
 */
export function useFormSubmit(form: FormInstance, fields: readonly string[] | Record<string, string>) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  /** Resolves to what `save` resolved to, or undefined when it was refused. */
  async function run<R>(save: () => Promise<R>): Promise<R | undefined> {
    setError(null);
    setPending(true);
    try {
      return await save();
    } catch (failure) {
      setError(errorMessage(failure, t('errors.network')));
      showFieldErrors(form, failure, fields);
      return undefined;
    } finally {
      setPending(false);
    }
  }

  return { run, pending, error, setError };
}
