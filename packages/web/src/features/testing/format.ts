import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n';
import { formatDateTime, formatShortDate, formatTime } from '../../lib/dates';
import { formatResultPercent, statusKey } from './run';

/** Formatters of the testing screens bound to the interface language. */
export function useTestingFormat() {
  const { t } = useTranslation('testing');
  const locale = currentLanguage();
  return {
    /** §9: a whole number on the full screens (`digits` 0), two decimals in the compact list. */
    percent: (value: number, digits: 0 | 2 = 0) => formatResultPercent(value, locale, digits),
    /** §5: "> 70 %" — passed with more than PassMarks per cent. */
    passCondition: (passMarks: number) => t('list.passConditionValue', { value: formatResultPercent(passMarks, locale, 0) }),
    minutes: (count: number) => t('common:units.minute', { count }),
    /** `DD.MM.YY | HH:mm` in the organisation's zone, or a dash. */
    dateTime: (value: string | null) => (value ? formatDateTime(value) || '—' : '—'),
    date: (value: string | null) => (value ? formatShortDate(value) || '—' : '—'),
    time: (value: string | null) => (value ? formatTime(value) || '—' : '—'),
    /** The status in the interface language (the server sends the Russian text). */
    status: (status: string) => {
      const key = statusKey(status);
      return key ? t(`status.${key}`) : status;
    },
  };
}

export type TestingFormat = ReturnType<typeof useTestingFormat>;
