import { useTranslation } from 'react-i18next';
import type { TestingFormat } from '../format';
import { analyticsPairs } from '../run';
import type { TestAnalytics } from '../types';

/**
 * Per topic of the latest finished attempt: the share of wrong and right answers, as a pair
 * (learner-and-instructor.md §3). Nothing before the first finished attempt.
 */
export function Analytics({
  analytics,
  format,
  digits = 0,
}: {
  analytics: readonly TestAnalytics[];
  format: TestingFormat;
  digits?: 0 | 2;
}) {
  const { t } = useTranslation('testing');
  const pairs = analyticsPairs(analytics);
  if (pairs.length === 0) return <span className="oqu-muted">{t('analytics.none')}</span>;
  return (
    <ul className="oqu-analytics">
      {pairs.map((pair) => {
        const wrong = format.percent(pair.wrong, digits);
        const right = format.percent(pair.right, digits);
        const topic = pair.number ? `${pair.number} ${pair.name}` : pair.name;
        return (
          <li key={`${pair.number}:${pair.name}`} className="oqu-analytics-row">
            <span className="oqu-analytics-topic">{topic}</span>
            <span className="oqu-analytics-pair">
              <span className="oqu-analytics-wrong">{t('analytics.wrong', { value: wrong })}</span>
              <span className="oqu-analytics-sep" aria-hidden>
                /
              </span>
              <span className="oqu-analytics-right">{t('analytics.right', { value: right })}</span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
