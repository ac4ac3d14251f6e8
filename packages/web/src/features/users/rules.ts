import { isValidIin, PASSWORD_MIN_LENGTH } from '@oqu/contracts';
import type { FormInstance, FormRule as Rule } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';

/**
 * Client checks of the person forms. They only spare a round trip: the server checks the same
 * things (contracts' createUserRequest) and its message is what counts.
 */
export function usePersonRules() {
  const { t } = useTranslation('people');
  const required = (message: string): Rule => ({ required: true, whitespace: true, message });
  return {
    iin: (isRequired: boolean): Rule[] => [
      ...(isRequired ? [required(t('validation.iinRequired'))] : []),
      {
        validator: async (_, value: unknown) => {
          const text = typeof value === 'string' ? value.trim() : '';
          if (text && !isValidIin(text)) throw new Error(t('validation.iinInvalid'));
        },
      },
    ],
    password: (): Rule[] => [
      required(t('validation.passwordRequired')),
      { min: PASSWORD_MIN_LENGTH, message: t('validation.passwordShort', { min: PASSWORD_MIN_LENGTH }) },
    ],
    login: (): Rule[] => [required(t('validation.loginRequired'))],
    name: (): Rule[] => [required(t('validation.nameRequired'))],
  };
}

/** Puts the server's per-field messages (ApiError.fields) on the matching form fields. */
export function showFieldErrors(form: FormInstance, error: unknown, known: readonly string[]): void {
  if (!(error instanceof ApiError)) return;
  const fields = (error as { fields?: unknown }).fields;
  if (!Array.isArray(fields)) return;
  const byName = new Map<string, string[]>();
  for (const field of fields as { path?: unknown; message?: unknown }[]) {
    const path = typeof field?.path === 'string' ? field.path.split('.')[0] : '';
    const name = known.find((k) => k.toLowerCase() === path.toLowerCase());
    if (name && typeof field.message === 'string') byName.set(name, [...(byName.get(name) ?? []), field.message]);
  }
  form.setFields([...byName].map(([name, errors]) => ({ name, errors })));
}

/** Trims the text values of a form before sending (never the password). */
export function trimmed<T extends object>(values: T): T {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, typeof value === 'string' && key !== 'Password' ? value.trim() : value]),
  ) as T;
}
