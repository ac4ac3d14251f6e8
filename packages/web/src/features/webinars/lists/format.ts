import { useTranslation } from 'react-i18next';
import { countdown, formatDate, formatDateTime, formatTime } from '../../../lib/dates';
import { countdownUnits, formatClock, webinarStatusKey } from './status';

/** Formatters of the webinar lists bound to the interface language; moments on the organisation's clock. */
export function useWebinarFormat() {
  const { t } = useTranslation('webinars');
  return {
    /** The status in the interface language (the server sends the Russian text). */
    status: (status: string) => {
      const key = webinarStatusKey(status);
      return key ? t(`status.${key}`) : status;
    },
    /** `DD.MM.YY | HH:mm`, or a dash. */
    dateTime: (value: string | null | undefined) => formatDateTime(value) || '—',
    date: (value: string | null | undefined) => formatDate(value) || '—',
    time: (value: string | null | undefined) => formatTime(value) || '—',
    minutes: (count: number) => t('common:units.minute', { count }),
    /** The teacher's countdown: `hh:mm:ss`, with days in front when long. */
    clock: (ms: number) => formatClock(ms, (count) => t('common:units.day', { count })),
    /** The learner's countdown to `target`: days, hours, minutes. */
    countdown: (target: string, now: number) =>
      countdownUnits(countdown(target, now))
        .map(([unit, count]) => t(`common:units.${unit}`, { count }))
        .join(' '),
  };
}

export type WebinarFormat = ReturnType<typeof useWebinarFormat>;
