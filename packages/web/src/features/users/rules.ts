import { isValidIin, PASSWORD_MIN_LENGTH } from '@oqu/contracts';
import type { FormRule as Rule } from 'antd';
import { useTranslation } from 'react-i18next';

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
        validateTrigger: 'onBlur',
        validator: async (_, value: unknown) => {
          const text = typeof value === 'string' ? value.trim() : '';
          if (text && !isValidIin(text)) throw new Error(t('validation.iinInvalid'));
        },
      },
    ],
    password: (): Rule[] => [
      required(t('validation.passwordRequired')),
      { min: PASSWORD_MIN_LENGTH, validateTrigger: 'onBlur', message: t('validation.passwordShort', { min: PASSWORD_MIN_LENGTH }) },
    ],
    login: (): Rule[] => [required(t('validation.loginRequired'))],
    name: (): Rule[] => [required(t('validation.nameRequired'))],
  };
}

/**
 * The triggers of the IIN and password fields. Their checks of a finished value (the IIN's check
 * digit, the password's length) run as the field is left: a half-typed value is not wrong yet, and
 * a form announces each new error (components/Form.tsx). Typing still clears an error.
 */
export const CHECKED_ON_LEAVING = ['onChange', 'onBlur'];

/** Trims the text values of a form before sending (never the password). */
export function trimmed<T extends object>(values: T): T {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, typeof value === 'string' && key !== 'Password' ? value.trim() : value]),
  ) as T;
}
