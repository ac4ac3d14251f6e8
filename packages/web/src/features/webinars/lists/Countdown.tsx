import { useTranslation } from 'react-i18next';
import { useWebinarFormat } from './format';
import { opensAt } from './status';

/**
 * The teacher's countdown to 30 minutes before the start (§4), `hh:mm:ss` ticking with `now`.
 * A timer role: screen readers read it when asked, not at every tick.
 */
export function OpensCountdown({ startdate, now, testId }: { startdate: string; now: number; testId?: string }) {
  const { t } = useTranslation('webinars');
  const format = useWebinarFormat();
  const clock = format.clock(opensAt(startdate) - now);
  return (
    <span className="oqu-countdown" data-testid={testId}>
      <span className="oqu-countdown-label">{t('teacher.opensIn')}</span>{' '}
      <span role="timer" className="oqu-countdown-clock">
        {clock}
      </span>
    </span>
  );
}

/** The learner's countdown to the start in days, hours and minutes (§4). */
export function StartsCountdown({ startdate, now, testId }: { startdate: string; now: number; testId?: string }) {
  const { t } = useTranslation('webinars');
  const format = useWebinarFormat();
  return (
    <span className="oqu-countdown" data-testid={testId}>
      <span className="oqu-countdown-label">{t('learner.startsIn')}</span>{' '}
      <span role="timer" className="oqu-countdown-clock">
        {format.countdown(startdate, now)}
      </span>
    </span>
  );
}
