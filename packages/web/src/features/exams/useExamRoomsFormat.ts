import type { ExamResults } from '@oqu/contracts';
import { useTranslation } from 'react-i18next';
import { formatDate, formatTime } from '../../lib/dates';
import { formatSpan } from '../rooms/time';
import { webinarStatusKey } from '../webinars/lists/status';
import { examDateTime } from './format';

/** Formatters of the trainee's exam rows and the region screens, in the interface language. */
export function useExamRoomsFormat() {
  const { t } = useTranslation('examRooms');
  return {
    /** The status in the interface language (the server sends the Russian text; exams share the webinars' three). */
    status: (status: string) => {
      const key = webinarStatusKey(status);
      return key ? t(`status.${key}`) : status;
    },
    /** 'P из T': tests of the plan passed of the plan's test count. */
    results: (results: ExamResults) => t('results.value', { passed: results.Passed, total: results.Total }),
    resultsLabel: (results: ExamResults) => t('results.label', { passed: results.Passed, total: results.Total }),
    /** DD.MM.YYYY HH:mm on the organisation's clock, as every exam screen shows a moment. */
    dateTime: examDateTime,
    date: (value: string) => formatDate(value) || '—',
    time: (value: string) => formatTime(value) || '—',
    minutes: (count: number) => t('common:units.minute', { count }),
    /** A ticking span as HH:MM:SS (days apart), '-' when negative or unknown. */
    span: (seconds: number | null) => formatSpan(seconds, (count) => t('time.days', { count })),
  };
}

export type ExamRoomsFormat = ReturnType<typeof useExamRoomsFormat>;
